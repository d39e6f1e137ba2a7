// `npm run bench:processes`: the same pages served by one site process and by three
// (WEB_CONCURRENCY, decision 0019) on one PostgreSQL, in one run, and the scaling between them.
// Each run starts the production build (`npm start` minus the build check) with that many
// processes, logs a demo shopper in, warms every worker, then measures each page with autocannon
// from this process: the signed-in /digital-coupons (a session read and one loyalty call per
// view) and the guest home page rendered for every request (`Cache-Control: no-cache`, which the
// guest page cache never answers).
//
// The loyalty service is the reference one the site starts (in the process itself with one
// process, in the cluster's primary with several), on the same PostgreSQL. The ratio is bounded
// by the machine: print `cores` with it.
//
// Options (environment): BENCH_PROCESSES (default "1,3"), BENCH_SECONDS (10),
// BENCH_CONNECTIONS (10), BENCH_SKIP_BUILD=1 to reuse the current build, BENCH_PORT (random from
// 4300). DATABASE_URL, when set, is used (its `public`, `site` and `mailing` schemas); otherwise a
// throw-away server from scripts/pg-test-server.sh, on PG_TEST_STATE / PG_TEST_PORT when set,
// else on a state folder and port of this script's own.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { SITE_SERVER_ARGS, logIn, waitForHealth } from './site-client';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const counts = (process.env.BENCH_PROCESSES ?? '1,3').split(',').map((n) => Number(n.trim()));
const port = Number(process.env.BENCH_PORT ?? 4300 + Math.floor(Math.random() * 500));
const brand = 'lins';
const host = `${brand}.localhost:${port}`;
const PG_ENV = {
  PG_TEST_STATE: process.env.PG_TEST_STATE ?? '/tmp/grocery-pg-bench-processes',
  PG_TEST_PORT: process.env.PG_TEST_PORT ?? '55444',
};
const AVA = { email: 'ava.shopper@example.com', password: 'Shopper1!pass' };

interface Page {
  name: string;
  path: string;
  headers: Record<string, string>;
}

interface Row {
  page: string;
  processes: number;
  reqPerSec: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

function cannon(pathname: string, headers: Record<string, string>, duration: number) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}${pathname}`,
        connections,
        duration,
        headers: { host, 'accept-encoding': 'gzip', ...headers },
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/** /healthz on a new connection (the cluster hands each one to the next worker). */
function health(): Promise<{ worker?: { id: number } } | null> {
  return new Promise((resolve) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: '/healthz', agent: false, timeout: 3000 },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve(res.statusCode === 200 ? JSON.parse(text) : null));
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(null));
  });
}

/** Waits until `n` distinct workers answer (one process: until it answers). */
async function waitForWorkers(n: number) {
  await waitForHealth(`http://127.0.0.1:${port}/healthz`, 180_000);
  if (n === 1) return;
  const seen = new Set<number>();
  const deadline = Date.now() + 120_000;
  while (seen.size < n) {
    if (Date.now() > deadline) throw new Error(`only ${seen.size} of ${n} workers came up`);
    const id = (await health())?.worker?.id;
    if (id !== undefined) seen.add(id);
    else await sleep(100);
  }
}

/** Resident memory of a process and all its descendants (MB, Linux /proc). */
function treeRssMb(root: number): number {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) {
    for (const [pid, ppid] of parents) if (ppid === tree[i]) tree.push(pid);
  }
  let kb = 0;
  for (const pid of tree) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return Math.round(kb / 1024);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(20_000).then(() => child.kill('SIGKILL'))]);
  await exited;
}

function summary(page: string, processes: number, r: autocannon.Result): Row {
  const l = r.latency as unknown as Record<string, number>;
  return {
    page,
    processes,
    reqPerSec: Math.round(r.requests.average),
    p50: l.p50,
    // autocannon reports p90 and p97.5; p95 is interpolated between them.
    p95: Math.round((l.p90 + ((l.p97_5 - l.p90) * 5) / 7.5) * 10) / 10,
    p99: l.p99,
    errors: r.errors + r.timeouts + (r.non2xx ?? 0),
  };
}

async function measure(
  processes: number,
  databaseUrl: string,
  dataDir: string,
): Promise<{ rows: Row[]; rssMb: number }> {
  const server = spawn(process.execPath, SITE_SERVER_ARGS, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: String(processes),
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'bench-processes-session-secret-0123456789-abcdef',
      RATE_LIMIT_IP_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForWorkers(processes);
    const cookie = await logIn(port, host, AVA);
    const pages: Page[] = [
      { name: 'coupons, signed in', path: '/digital-coupons', headers: { cookie } },
      { name: 'home, rendered', path: '/', headers: { 'cache-control': 'no-cache' } },
    ];
    const rows: Row[] = [];
    let rssMb = 0;
    for (const page of pages) {
      // Every worker renders the page a while first (its caches, V8's optimised code).
      await cannon(page.path, page.headers, 3);
      const result = await cannon(page.path, page.headers, seconds);
      rssMb = Math.max(rssMb, treeRssMb(server.pid!));
      rows.push(summary(page.name, processes, result));
    }
    return { rows, rssMb };
  } finally {
    await stop(server);
  }
}

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) {
    console.log('building for production...');
    const b = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
    if (b.status !== 0) process.exit(b.status ?? 1);
  }
  let databaseUrl = process.env.DATABASE_URL ?? '';
  const ownDatabase = !databaseUrl;
  if (ownDatabase) {
    const r = spawnSync('bash', ['scripts/pg-test-server.sh', 'start'], {
      env: { ...process.env, ...PG_ENV },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (r.status !== 0) throw new Error('could not start PostgreSQL');
    databaseUrl = r.stdout.trim();
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-processes-'));
  try {
    console.log(
      `\nbench:processes: brand ${brand}, ${connections} connections, ${seconds} s per run, ` +
        `node ${process.version}, ${os.cpus().length} cores, PostgreSQL ${databaseUrl.replace(/\/\/[^@]*@/, '//')}\n`,
    );
    const rows: Row[] = [];
    const rss = new Map<number, number>();
    for (const n of counts) {
      console.log(`measuring with ${n} process${n === 1 ? '' : 'es'}...`);
      const result = await measure(n, databaseUrl, dataDir);
      rows.push(...result.rows);
      rss.set(n, result.rssMb);
    }
    console.table(
      rows.map((r) => ({
        page: r.page,
        processes: r.processes,
        'req/s': r.reqPerSec,
        'p50 ms': r.p50,
        'p95 ms': r.p95,
        'p99 ms': r.p99,
        errors: r.errors,
        'RSS MB (all)': rss.get(r.processes),
      })),
    );
    const base = counts[0];
    for (const page of [...new Set(rows.map((r) => r.page))]) {
      const one = rows.find((r) => r.page === page && r.processes === base)!;
      for (const r of rows.filter((x) => x.page === page && x.processes !== base)) {
        const ratio = Math.round((r.reqPerSec / Math.max(1, one.reqPerSec)) * 100) / 100;
        console.log(
          `scaling, ${page}: ${r.processes} processes / ${base} = ${ratio}x req/s ` +
            `(${os.cpus().length} cores: at most ~${Math.min(r.processes, os.cpus().length) / Math.min(base, os.cpus().length)}x)`,
        );
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (ownDatabase) {
      spawnSync('bash', ['scripts/pg-test-server.sh', 'stop'], {
        env: { ...process.env, ...PG_ENV },
        stdio: 'ignore',
      });
    }
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
