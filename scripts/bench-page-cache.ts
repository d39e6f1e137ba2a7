// `npm run bench:page-cache`: what the hand-joined gzip hit of server/page-cache.ts buys over the
// plain alternative (lru-cache + http-cache-semantics, the page gzipped at level 1 per hit:
// scripts/page-cache-alternative.ts), on the site's real pages.
//
// 1. Builds for production (BENCH_SKIP_BUILD=1 reuses the build), starts the site on its demo
//    data as `npm run bench` does, captures the guest home page and /digital-coupons (their HTML,
//    nonce and headers), and stops it.
// 2. Forks one server per cache (scripts/bench-page-cache-server.ts: the site's request log,
//    compression and nonce in front of the cache, a miss "rendering" the captured page) and
//    checks that each answers the same page, in gzip and without.
// 3. Loads them with autocannon on loopback, 10 connections, in rounds that alternate between the
//    caches (A, B, C, then C, B, A…) so that load from other work on the machine falls on all of
//    them alike: gzip rows (Accept-Encoding: gzip) and, for context, rows without compression.
//    Around each round: the server's process.cpuUsage() (all its threads: zlib's pool too) and its
//    hit counter, and the whole machine's busy time from /proc/stat, so the table says how much
//    CPU other processes took while it ran.
//
// Options (environment): BENCH_ROUNDS (5 per cache and row), BENCH_ROUND_SECONDS (5),
// BENCH_MAX_SECONDS (900: no round starts after that, the ones done are reported),
// BENCH_CONNECTIONS (10), BENCH_BRAND (lins), BENCH_SKIP_BUILD=1, BENCH_PORT (the site's, random
// from 4300), BENCH_PAGES_FILE=<file> to reuse pages captured before (skips the site: written
// by each run to .cache/bench-page-cache-pages.json).
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import type { CacheKind, CapturedPage, Usage } from './bench-page-cache-server';
import { SITE_SERVER_ARGS, waitForHealth } from './site-client';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const roundSeconds = Number(process.env.BENCH_ROUND_SECONDS ?? 5);
const maxSeconds = Number(process.env.BENCH_MAX_SECONDS ?? 900);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const brand = process.env.BENCH_BRAND ?? 'lins';
const port = Number(process.env.BENCH_PORT ?? 4300 + Math.floor(Math.random() * 500));
const host = `${brand}.localhost:${port}`;
const started = Date.now();

const CAPTURED = [
  { name: 'home', path: '/' },
  { name: 'coupons', path: '/digital-coupons' },
];

const CACHES: Record<CacheKind, string> = {
  hand: 'hand-joined (server/page-cache.ts)',
  plain: 'plain, zlib.gzip level 1 (thread pool)',
  'plain-sync': 'plain, zlib.gzipSync level 1',
};

/** Response headers a renderer does not set (the server or the cache adds them). */
const NOT_CAPTURED = new Set([
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'date',
  'vary',
  'etag',
  'set-cookie',
  'x-page-cache',
  'x-request-id',
]);

function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
        })
        .on('error', reject);
    },
  );
}

/** The site's guest pages, once its secondary parts have loaded (see scripts/bench.ts). */
async function capturePages(): Promise<CapturedPage[]> {
  if (!process.env.BENCH_SKIP_BUILD) {
    console.log('building for production...');
    const b = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
    if (b.status !== 0) process.exit(b.status ?? 1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-page-cache-'));
  const site = spawn(process.execPath, SITE_SERVER_ARGS, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'bench-session-secret-0123456789-abcdefghij',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(`http://127.0.0.1:${port}/healthz`, 180_000);
    const pages: CapturedPage[] = [];
    for (const { name, path: pathname } of CAPTURED) {
      let answer = await get(`http://127.0.0.1:${port}${pathname}`, { host });
      for (let i = 0; i < 40 && answer.body.includes('data-state="loading"'); i++) {
        await new Promise((r) => setTimeout(r, 250));
        answer = await get(`http://127.0.0.1:${port}${pathname}`, { host });
      }
      if (answer.status !== 200) throw new Error(`${pathname} answered ${answer.status}`);
      const csp = String(answer.headers['content-security-policy'] ?? '');
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      const html = answer.body.toString('utf8');
      if (!nonce || !html.includes(nonce)) throw new Error(`${pathname}: no nonce found`);
      const headers: CapturedPage['headers'] = {};
      for (const [header, value] of Object.entries(answer.headers)) {
        if (!NOT_CAPTURED.has(header) && value !== undefined) headers[header] = value;
      }
      pages.push({ name, path: pathname, html, nonce, headers });
    }
    return pages;
  } finally {
    site.kill('SIGTERM');
    await new Promise((r) => site.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Server {
  kind: CacheKind;
  child: ChildProcess;
  port: number;
}

function startServer(kind: CacheKind, pagesFile: string): Promise<Server> {
  const child = fork(path.join(import.meta.dirname, 'bench-page-cache-server.ts'), {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      BENCH_CACHE: kind,
      BENCH_PAGES_FILE: pagesFile,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ kind, child, port: (m as { port: number }).port }));
    child.once('exit', (code) => reject(new Error(`${kind} server exited (${code})`)));
  });
}

function usageOf(server: Server): Promise<Usage> {
  return new Promise((resolve) => {
    server.child.once('message', (m) => resolve(m as Usage));
    server.child.send('usage');
  });
}

/** The whole machine's busy CPU time so far, in µs (Linux's /proc/stat; null elsewhere). */
function machineBusyMicros(): number | null {
  try {
    const fields = fs
      .readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    // user nice system idle iowait irq softirq steal, in ticks of 10 ms: busy is all but idle and
    // iowait.
    const busy = fields.slice(0, 8).reduce((sum, v) => sum + v, 0) - fields[3] - fields[4];
    return busy * 10_000;
  } catch {
    return null;
  }
}

/** The page each cache sends, in gzip and without, must be the captured page with its own nonce. */
async function check(server: Server, page: CapturedPage) {
  const url = `http://127.0.0.1:${server.port}${page.path}`;
  const sizes: Record<string, number> = {};
  for (const encoding of ['gzip', 'identity']) {
    let answer = await get(url, { 'accept-encoding': encoding });
    answer = await get(url, { 'accept-encoding': encoding });
    if (answer.headers['x-page-cache'] !== 'hit')
      throw new Error(`${server.kind} ${page.path}: not a hit`);
    const nonce =
      /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1] ?? '';
    const text = (
      answer.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(answer.body) : answer.body
    ).toString('utf8');
    if (encoding === 'gzip' && answer.headers['content-encoding'] !== 'gzip')
      throw new Error(`${server.kind}: not gzip`);
    if (!nonce || nonce === page.nonce || text !== page.html.replaceAll(page.nonce, nonce)) {
      throw new Error(
        `${server.kind} ${page.path} (${encoding}): not the captured page with the hit's nonce`,
      );
    }
    sizes[encoding] = answer.body.length;
  }
  return sizes;
}

function cannon(port: number, pathname: string, headers: Record<string, string>, duration: number) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      { url: `http://127.0.0.1:${port}${pathname}`, connections, duration, headers },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

interface Round {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  /** Server CPU per hit, µs. */
  cpuPerHit: number;
  /**
   * Other processes' CPU during the round, in cores: the machine's busy time less the server's
   * and autocannon's.
   */
  others: number | null;
}

async function measure(
  server: Server,
  page: CapturedPage,
  headers: Record<string, string>,
): Promise<Round> {
  const before = await usageOf(server);
  const ownBefore = process.cpuUsage();
  const machineBefore = machineBusyMicros();
  const t0 = process.hrtime.bigint();
  const r = await cannon(server.port, page.path, headers, roundSeconds);
  const wall = Number(process.hrtime.bigint() - t0) / 1000;
  const machineAfter = machineBusyMicros();
  const own = process.cpuUsage(ownBefore);
  const after = await usageOf(server);
  const serverCpu = after.cpu.user + after.cpu.system - before.cpu.user - before.cpu.system;
  const hits = after.hits - before.hits;
  const others =
    machineBefore === null || machineAfter === null
      ? null
      : Math.max(0, machineAfter - machineBefore - serverCpu - own.user - own.system) / wall;
  const latency = r.latency as unknown as Record<string, number>;
  return {
    reqPerSec: r.requests.average,
    p50: latency.p50,
    p99: latency.p99,
    errors: r.errors + r.timeouts + (r.non2xx ?? 0),
    cpuPerHit: serverCpu / Math.max(1, hits),
    others,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

async function main() {
  const pagesFile =
    process.env.BENCH_PAGES_FILE ?? path.join('.cache', 'bench-page-cache-pages.json');
  let pages: CapturedPage[];
  if (process.env.BENCH_PAGES_FILE) {
    pages = JSON.parse(fs.readFileSync(pagesFile, 'utf8')) as CapturedPage[];
  } else {
    pages = await capturePages();
    fs.mkdirSync(path.dirname(pagesFile), { recursive: true });
    fs.writeFileSync(pagesFile, JSON.stringify(pages));
  }
  const kinds = Object.keys(CACHES) as CacheKind[];
  const servers: Server[] = [];
  process.on('exit', () => servers.forEach((s) => s.child.kill('SIGTERM')));
  for (const kind of kinds) servers.push(await startServer(kind, pagesFile));

  const sizes = new Map<string, Record<string, number>>();
  for (const page of pages)
    for (const server of servers)
      sizes.set(`${page.name}|${server.kind}`, await check(server, page));

  const load = os.loadavg();
  console.log(
    `\nbench:page-cache: brand ${brand}, ${connections} connections, ${rounds} rounds of ${roundSeconds} s per cache and row, ` +
      `node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load average ${load.map((l) => l.toFixed(1)).join(' ')}\n`,
  );

  const rows: Record<string, string | number>[] = [];
  const verdict: { page: string; ratio: number }[] = [];
  let stopped = false;
  for (const page of pages) {
    for (const encoding of ['gzip', 'identity'] as const) {
      // Without compression both plain variants do the same work: one row for them.
      const group = encoding === 'gzip' ? servers : servers.filter((s) => s.kind !== 'plain-sync');
      const headers: Record<string, string> =
        encoding === 'gzip' ? { 'accept-encoding': 'gzip' } : {};
      for (const server of group) await cannon(server.port, page.path, headers, 1);
      const results = new Map<CacheKind, Round[]>(group.map((s) => [s.kind, []]));
      for (let r = 0; r < rounds; r++) {
        if (r > 0 && (Date.now() - started) / 1000 > maxSeconds) {
          stopped = true;
          break;
        }
        // A, B, C then C, B, A: a load that grows or fades during a pair of rounds falls on
        // every cache alike.
        for (const server of r % 2 ? [...group].reverse() : group)
          results.get(server.kind)!.push(await measure(server, page, headers));
      }
      const hand = results.get('hand')!;
      for (const server of group) {
        const list = results.get(server.kind)!;
        const rates = list.map((x) => x.reqPerSec);
        const cpus = list.map((x) => x.cpuPerHit);
        // Each round against the hand-joined cache's round next to it: steadier than the ratio
        // of the medians when other work comes and goes.
        const rateRatios = list.map((x, i) => x.reqPerSec / hand[i].reqPerSec);
        const cpuRatios = list.map((x, i) => x.cpuPerHit / hand[i].cpuPerHit);
        const others = list.map((x) => x.others).filter((x): x is number => x !== null);
        const size = sizes.get(`${page.name}|${server.kind}`)![encoding];
        const range = (values: number[], digits = 0) =>
          `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
        rows.push({
          page: `${page.name} ${page.path}`,
          encoding,
          cache:
            encoding === 'identity' && server.kind === 'plain'
              ? 'plain (replaceAll)'
              : CACHES[server.kind],
          'req/s': Math.round(median(rates)),
          'req/s range': range(rates),
          'p50 ms': median(list.map((x) => x.p50)),
          'p99 ms': median(list.map((x) => x.p99)),
          'CPU µs/hit': Math.round(median(cpus)),
          'CPU range': range(cpus),
          'req/s vs hand':
            server.kind === 'hand'
              ? '-'
              : `${median(rateRatios).toFixed(2)} (${range(rateRatios, 2)})`,
          'CPU vs hand':
            server.kind === 'hand'
              ? '-'
              : `${median(cpuRatios).toFixed(2)} (${range(cpuRatios, 2)})`,
          'body KB': round1(size / 1024),
          'other load, cores': others.length ? round1(median(others)) : '-',
          errors: list.reduce((sum, x) => sum + x.errors, 0),
          rounds: list.length,
        });
        if (encoding === 'gzip' && server.kind !== 'hand')
          verdict.push({ page: page.name, ratio: median(rateRatios) });
      }
    }
  }
  console.table(rows);
  console.log(
    'req/s, p50, p99 and CPU µs/hit: medians over the rounds, ranges: lowest–highest round; ' +
      "'vs hand': median (range) of each round against the hand-joined cache's round beside it; " +
      "'other load, cores': CPU other processes used meanwhile (of " +
      `${os.cpus().length}), median over the rounds. Load average now ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}.`,
  );
  if (stopped)
    console.log(
      `stopped early after ${maxSeconds} s (BENCH_MAX_SECONDS): fewer rounds than asked.`,
    );
  const best = new Map<string, number>();
  for (const { page, ratio } of verdict) best.set(page, Math.max(best.get(page) ?? 0, ratio));
  const within = [...best.values()].every((ratio) => ratio >= 0.9);
  console.log(
    `plain alternative's best gzip req/s vs the hand-joined cache: ${[...best].map(([p, r]) => `${p} ${r.toFixed(2)}`).join(', ')} ` +
      `-> ${within ? 'within 10 % on both pages: replace' : 'not within 10 %: keep the hand-joined cache'}`,
  );
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
