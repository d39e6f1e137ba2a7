// `npm run footprint`: the site process's memory (RSS) at rest and under load, in both store
// modes. For each mode it starts the production build on a fresh data folder (the first start
// creates the stores and seeds the demo data) and reads RSS 10 s after /healthz answers, stops it,
// starts it again (the operator's everyday case) and reads RSS the same way, then runs 60 s of
// mixed load at 50 connections (guest pages, a signed-in shopper's pages, login posts), sampling
// RSS every second, and reads it again 10 s after the load (docs/decisions/0013-memory-footprint.md).
//
// Options (environment): FOOTPRINT_MODES (default "pglite,postgres"), FOOTPRINT_SECONDS (60),
// FOOTPRINT_CONNECTIONS (50), FOOTPRINT_SKIP_BUILD=1 to reuse the current build. The PostgreSQL
// mode uses DATABASE_URL when set, else a throw-away server from scripts/pg-test-server.sh on
// its own port.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { SITE_SERVER_ARGS, logIn, waitForHealth } from './site-client';

const brand = 'lins';
let port = 4800 + Math.floor(Math.random() * 150);
let host = `${brand}.localhost:${port}`;
const PG_ENV = { PG_TEST_STATE: '/tmp/grocery-pg-footprint', PG_TEST_PORT: '55442' };

/** Resident set size of a process in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

function start(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, SITE_SERVER_ARGS, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'footprint-session-secret-0123456789-abcdef',
      // Every load connection comes from one address.
      RATE_LIMIT_IP_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000).then(() => child.kill('SIGKILL'))]);
  await exited;
}

function cannon(opts: autocannon.Options) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export interface FootprintOptions {
  mode: 'pglite' | 'postgres';
  loadSeconds: number;
  connections: number;
  /** Port of the site under test (default: a random one in 4800-4949). */
  port?: number;
  /**
   * A data folder an earlier start of this build migrated, seeded and closed cleanly (the
   * end-to-end suite's seeded folder). The second start then runs from a copy of it on the next
   * port, beside the first start instead of after it: the same restart, with one wait at rest
   * for both instead of two in a row. Without it (and in PostgreSQL mode) the first start's
   * stores are started again.
   */
  restartFrom?: string;
}

/** Seconds at rest after /healthz answers before RSS is read, on either start. */
export const REST_SECONDS = 10;

export interface ModeResult {
  mode: string;
  /** RSS 10 s after the first start on a fresh data folder answered /healthz. */
  firstStartMb: number;
  /** RSS 10 s after the second start answered /healthz. */
  atRestMb: number;
  /** RSS under load, once a second. */
  samples: number[];
  /** The highest sample. */
  peakMb: number;
  /** RSS 10 s after the load ended. */
  afterMb: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** Starts the built site twice on a fresh data folder, then measures its RSS at rest and under load. */
export async function measureFootprint(options: FootprintOptions): Promise<ModeResult> {
  const { mode, loadSeconds, connections } = options;
  if (options.port) {
    port = options.port;
    host = `${brand}.localhost:${port}`;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'footprint-'));
  let databaseUrl = '';
  if (mode === 'postgres') {
    databaseUrl = process.env.DATABASE_URL ?? '';
    if (!databaseUrl) {
      const r = spawnSync('bash', ['scripts/pg-test-server.sh', 'start'], {
        env: { ...process.env, ...PG_ENV },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      if (r.status !== 0) throw new Error('could not start PostgreSQL');
      databaseUrl = r.stdout.trim();
    }
  }
  const env = { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const restartDir =
    options.restartFrom && mode === 'pglite'
      ? fs.mkdtempSync(path.join(os.tmpdir(), 'footprint-restart-'))
      : '';
  if (restartDir) fs.cpSync(options.restartFrom!, restartDir, { recursive: true });
  // RSS `REST_SECONDS` after a start answered /healthz.
  const atRest = async (server: ChildProcess, atPort: number) => {
    await waitForHealth(`http://127.0.0.1:${atPort}/healthz`, 180_000);
    await sleep(REST_SECONDS * 1000);
    return rssMb(server.pid!);
  };
  let first: ChildProcess | undefined;
  let server: ChildProcess | undefined;
  try {
    // First start: the stores are created, migrated and seeded with the demo data.
    first = start(env);
    let firstStartMb: number;
    let atRestMb: number;
    if (restartDir) {
      const firstPort = port;
      port += 1;
      host = `${brand}.localhost:${port}`;
      server = start({ DATA_DIR: restartDir });
      [firstStartMb, atRestMb] = await Promise.all([
        atRest(first, firstPort),
        atRest(server, port),
      ]);
      await stop(first);
    } else {
      firstStartMb = await atRest(first, port);
      await stop(first);
      server = start(env);
      atRestMb = await atRest(server, port);
    }
    const running = server;

    const cookie = await logIn(port, host, {
      email: 'ava.shopper@example.com',
      password: 'Shopper1!pass',
    });
    const base = `http://127.0.0.1:${port}`;
    const headers = { host, 'accept-encoding': 'gzip' };
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rssMb(running.pid!)), 1000);
    const loginBody = new URLSearchParams({
      intent: 'login',
      email: 'nobody@example.com',
      password: 'Wrong1!pass',
    }).toString();
    const guests = Math.max(1, Math.round(connections * 0.6));
    const [guest, shopper] = await Promise.all([
      cannon({
        url: base,
        connections: guests,
        duration: loadSeconds,
        headers,
        requests: [
          { method: 'GET', path: '/' },
          { method: 'GET', path: '/digital-coupons' },
          { method: 'GET', path: '/digital-coupons', headers: { 'cache-control': 'no-cache' } },
          { method: 'GET', path: '/posts' },
          { method: 'GET', path: '/login' },
          { method: 'GET', path: '/', headers: { 'cache-control': 'no-cache' } },
          {
            method: 'POST',
            path: '/login',
            headers: {
              origin: `http://${host}`,
              'content-type': 'application/x-www-form-urlencoded',
            },
            body: loginBody,
          },
        ],
      }),
      cannon({
        url: base,
        connections: connections - guests,
        duration: loadSeconds,
        headers: { ...headers, cookie },
        requests: [
          { method: 'GET', path: '/digital-coupons' },
          { method: 'GET', path: '/account' },
          { method: 'GET', path: '/' },
          { method: 'GET', path: '/digital-coupons?tab=clipped' },
        ],
      }),
    ]);
    clearInterval(sampler);
    await sleep(10_000);
    const afterMb = rssMb(running.pid!);
    await stop(running);
    const requests = guest.requests.total + shopper.requests.total;
    return {
      mode,
      firstStartMb,
      atRestMb,
      samples,
      peakMb: Math.max(...samples),
      afterMb,
      requests,
      // 429s of the wrong-password posts are expected: they are the limits working.
      non2xx: (guest.non2xx ?? 0) + (shopper.non2xx ?? 0),
      errors: guest.errors + guest.timeouts + shopper.errors + shopper.timeouts,
    };
  } finally {
    // Stopped already unless something above failed.
    if (first) await stop(first);
    if (server) await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (restartDir) fs.rmSync(restartDir, { recursive: true, force: true });
    if (mode === 'postgres' && !process.env.DATABASE_URL) {
      spawnSync('bash', ['scripts/pg-test-server.sh', 'stop'], {
        env: { ...process.env, ...PG_ENV },
        stdio: 'ignore',
      });
    }
  }
}

/**
 * The RSS growth under load once warm: the mean of the last third of the samples minus that of
 * the middle third (the first third is the warm-up: V8's young generation, PGlite's caches).
 */
export function growthMb(samples: number[]): number {
  const avg = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0) / (xs.length || 1));
  const third = Math.max(1, Math.floor(samples.length / 3));
  return avg(samples.slice(-third)) - avg(samples.slice(-2 * third, -third));
}

async function main() {
  const modes = (process.env.FOOTPRINT_MODES ?? 'pglite,postgres')
    .split(',')
    .map((m) => m.trim() as FootprintOptions['mode']);
  const loadSeconds = Number(process.env.FOOTPRINT_SECONDS ?? 60);
  const connections = Number(process.env.FOOTPRINT_CONNECTIONS ?? 50);
  if (!process.env.FOOTPRINT_SKIP_BUILD) {
    console.log('building for production...');
    const b = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
    if (b.status !== 0) process.exit(b.status ?? 1);
  }
  const results: ModeResult[] = [];
  for (const mode of modes) {
    const result = await measureFootprint({ mode, loadSeconds, connections });
    console.log(
      `${mode}: first start ${result.firstStartMb} MB, second start ${result.atRestMb} MB, ` +
        `peak under load ${result.peakMb} MB, after ${result.afterMb} MB`,
    );
    results.push(result);
  }
  console.log(
    `\nRSS of the site process (MB); at rest: ${REST_SECONDS} s after /healthz answered; ` +
      `load: ${loadSeconds} s at ${connections} connections, sampled every second`,
  );
  for (const r of results) {
    console.log(
      [
        `${r.mode.padEnd(8)} first start at rest ${r.firstStartMb}`,
        `second start at rest ${r.atRestMb}`,
        `under load ${Math.min(...r.samples)}-${r.peakMb}`,
        `growth once warm ${growthMb(r.samples)}`,
        `10 s after ${r.afterMb}`,
        `${r.requests} requests, ${r.non2xx} non-2xx, ${r.errors} errors`,
      ].join(' | '),
    );
    console.log(
      `         samples: ${r.samples.filter((_, i) => i % 5 === 4).join(' ')} (every 5 s)`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
