// `npm run bench`: builds for production, starts the site on its demo data, and from this second
// process measures pages with autocannon (10 connections). For each page it also serves the very
// same HTML bytes from a plain static server (a third process) and prints the SSR/static ratio,
// the HTML size and the page's first-load JavaScript (gzip).
//
// It also counts the loyalty API calls each page view makes (the site's own metrics, read before
// and after the measured run).
//
// Options (environment): BENCH_SECONDS (default 10), BENCH_CONNECTIONS (10), BENCH_BRAND (lins),
// BENCH_SKIP_BUILD=1 to reuse the current build, BENCH_PAGES=<regular expression> to measure only
// the rows whose name matches (e.g. BENCH_PAGES='^home' for the home page's rows, or 'rewards'),
// BENCH_PORT (random from 4300; the static server takes the next one, a standalone loyalty
// service the one after), BENCH_LOYALTY (see below), BENCH_SKIP_STATIC=1 to leave out the static
// server's run of each row (for A/B runs of the site alone: its columns then read '-').
//
// BENCH_LOYALTY=embedded (default) measures the site as `npm start` runs it on one machine: the
// reference loyalty service inside the site process, its PGlite queries on the site's own event
// loop. BENCH_LOYALTY=standalone runs the reference service as its own process (`npm run
// loyalty`), reached at LOYALTY_API_URL as a retailer's backend is in production: the site's
// process then does only the site's work. The table's heading and last line say which was used.
//
// A realistic vendor: BENCH_LOYALTY_LATENCY (ms added to every loyalty call), BENCH_LOYALTY_JITTER
// (± ms, evenly spread) and BENCH_LOYALTY_ERRORS (the share of calls answered 503, e.g. 0.01) put
// the standalone service behind a proxy (scripts/vendor-proxy.ts, seeded: two runs delay and fail
// the same calls) that the site reaches as LOYALTY_API_URL. Any of them implies
// BENCH_LOYALTY=standalone. E.g. `BENCH_LOYALTY_LATENCY=150 BENCH_LOYALTY_JITTER=50
// BENCH_PAGES='signed in' npm run bench`.
//
// BENCH_LOYALTY_DOWN=1 measures each row with the vendor stopped: it logs in and loads the page
// once while the vendor answers (what the site keeps as last known), then the proxy answers every
// call 503 at once for the measured run, with the site's read cache off
// (LOYALTY_READ_CACHE_SECONDS=0), so the signed-in pages show their last-known data. The column
// 'as of shown' says whether the page said so. Implies the vendor proxy.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { firstLoadJs } from './first-load-js';
import { startVendorProxy, type VendorProxy } from './vendor-proxy';
import { SITE_SERVER_ARGS, logIn, waitForHealth } from './site-client';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const brand = process.env.BENCH_BRAND ?? 'lins';
const port = Number(process.env.BENCH_PORT ?? 4300 + Math.floor(Math.random() * 500));
const staticPort = port + 1;
const loyaltyPort = port + 2;
const proxyPort = port + 3;
const host = `${brand}.localhost:${port}`;

/** A number option: a finite number within [0, max], else the bench stops with one line. */
function numberOption(name: string, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return 0;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > max) {
    console.error(`${name} must be a number from 0 to ${max}, not '${raw}'`);
    process.exit(1);
  }
  return value;
}
const vendor = {
  latencyMs: numberOption('BENCH_LOYALTY_LATENCY', 60_000),
  jitterMs: numberOption('BENCH_LOYALTY_JITTER', 60_000),
  errorRate: numberOption('BENCH_LOYALTY_ERRORS', 1),
};
const vendorDown = process.env.BENCH_LOYALTY_DOWN === '1';
const behindProxy =
  vendor.latencyMs > 0 || vendor.jitterMs > 0 || vendor.errorRate > 0 || vendorDown;
const loyaltyMode = process.env.BENCH_LOYALTY ?? (behindProxy ? 'standalone' : 'embedded');
if (loyaltyMode !== 'embedded' && loyaltyMode !== 'standalone') {
  console.error(`BENCH_LOYALTY must be 'embedded' or 'standalone', not '${loyaltyMode}'`);
  process.exit(1);
}
if (behindProxy && loyaltyMode !== 'standalone') {
  console.error('BENCH_LOYALTY_LATENCY, _JITTER and _ERRORS need BENCH_LOYALTY=standalone');
  process.exit(1);
}
/** How the table's loyalty service ran, printed with it. */
const loyaltyLabel =
  loyaltyMode === 'standalone'
    ? `loyalty: standalone (its own process, LOYALTY_API_URL)${
        behindProxy
          ? `, behind a vendor proxy: ${vendor.latencyMs} ± ${vendor.jitterMs} ms, ${
              Math.round(vendor.errorRate * 10_000) / 100
            } % of calls 503${vendorDown ? ', stopped (every call 503) for the measured runs' : ''}`
          : ''
      }`
    : 'loyalty: embedded (in the site process)';
/** The standalone service's credentials, given to it and to the site (not the published ones). */
const BENCH_LOYALTY_CREDENTIALS = {
  LOYALTY_SERVICE_BASIC: 'bench-site:bench-loyalty-basic',
  LOYALTY_SERVICE_BEARER: 'bench-loyalty-bearer-token',
  LOYALTY_SERVICE_JWT_SECRET: 'bench-loyalty-jwt-secret-0123456789abcdef',
};

export interface BenchPage {
  name: string;
  path: string;
  /** Extra request headers (e.g. a session cookie that makes the page personal, so uncached). */
  headers?: Record<string, string>;
  /** Measure as this demo shopper (logged in once through /login before the run). */
  shopper?: { email: string; password: string };
  /** A page a later part of the work adds: a 404 skips the row with a note instead of failing. */
  optional?: boolean;
}

/**
 * A request for a fresh page (`Cache-Control: no-cache`, as a hard reload sends), which the guest
 * page cache never answers nor keeps: the page is rendered for every request, the cost a
 * signed-in shopper's page has.
 */
const UNCACHED = { 'cache-control': 'no-cache' };

/** Filled with the second store linked from /locations (any brand's). */
const STORE_PAGE = '<store page>';

/** Pages measured; a new area adds its pages here. */
export const pages: BenchPage[] = [
  { name: 'home', path: '/' },
  { name: 'post', path: '' }, // filled with the first post linked from /posts
  // The home page carries the weekly-ad preview (its ads from the ad cache, warm after the first
  // request), so this row is the home page with the preview rendered per request.
  { name: 'home, rendered', path: '/', headers: UNCACHED },
  // The same for a signed-in shopper (private page: rendered per request, the shell's greeting).
  {
    name: 'home, signed in',
    path: '/',
    shopper: { email: 'ava.shopper@example.com', password: 'Shopper1!pass' },
  },
  // The brand has ~600 coupons, 48 shown.
  { name: 'coupons, guest', path: '/digital-coupons' },
  // The same page rendered for every request without the shopper's personal call: what the
  // rendering alone costs.
  { name: 'coupons, rendered', path: '/digital-coupons', headers: UNCACHED },
  {
    name: 'coupons, signed in',
    path: '/digital-coupons',
    shopper: { email: 'ava.shopper@example.com', password: 'Shopper1!pass' },
  },
  // The store locator (sorted by distance from a ZIP) and a store's page; the server-drawn map's
  // outlines are a separate cached file, so these measure the page itself.
  { name: 'locations, guest', path: '/locations' },
  { name: 'locations by ZIP, rendered', path: '/locations?q=84770', headers: UNCACHED },
  { name: 'store page, guest', path: STORE_PAGE },
  { name: 'store page, rendered', path: STORE_PAGE, headers: UNCACHED },
  {
    name: 'locations, signed in',
    path: '/locations?q=84770',
    shopper: { email: 'ava.shopper@example.com', password: 'Shopper1!pass' },
  },
  {
    name: 'store page, signed in',
    path: STORE_PAGE,
    shopper: { email: 'ava.shopper@example.com', password: 'Shopper1!pass' },
  },
  // The weekly ad (the viewer's frame and the ad's text version, built from the ad cache): guest
  // (cached when the page lets a shared cache keep it), rendered, signed in.
  { name: 'weekly ad, guest', path: '/weekly-ad', optional: true },
  { name: 'weekly ad, rendered', path: '/weekly-ad', headers: UNCACHED, optional: true },
  {
    name: 'weekly ad, signed in',
    path: '/weekly-ad',
    shopper: { email: 'ava.shopper@example.com', password: 'Shopper1!pass' },
    optional: true,
  },
  // The rewards page, personal: its loyalty calls (made together) on every view.
  {
    name: 'rewards, signed in',
    path: '/rewards',
    shopper: { email: 'ava.shopper@example.com', password: 'Shopper1!pass' },
  },
  // The account page (profile, preferences, savings) and the receipts.
  {
    name: 'account, signed in',
    path: '/account',
    shopper: { email: 'ava.shopper@example.com', password: 'Shopper1!pass' },
  },
  {
    name: 'receipts, signed in',
    path: '/account/receipts',
    shopper: { email: 'ava.shopper@example.com', password: 'Shopper1!pass' },
  },
];

/** The rows BENCH_PAGES selects (all by default). */
function selectedPages(): BenchPage[] {
  const filter = process.env.BENCH_PAGES;
  if (!filter) return pages;
  const pattern = new RegExp(filter);
  return pages.filter((p) => pattern.test(p.name));
}

/** GET with the brand's Host header (fetch does not let a caller set Host). */
function get(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: Buffer; text: string }>((resolve, reject) => {
    const options = { host: '127.0.0.1', port, path: pathname, headers: { ...headers, host } };
    const req = http.get(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, body, text: body.toString('utf8') });
      });
    });
    req.on('error', reject);
  });
}

/**
 * The page as it settles: a page whose secondary part was not ready on the first request (the
 * home page's weekly-ad preview in its loading state, before the ad cache is warm) is asked
 * again, so the row measures and sizes the page shoppers get once the caches are warm.
 */
async function settledGet(pathname: string, headers: Record<string, string> = {}) {
  for (let attempt = 0; ; attempt += 1) {
    const answer = await get(pathname, headers);
    if (attempt >= 40 || !answer.text.includes('data-state="loading"')) return answer;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Loyalty API calls the site has made so far: the sum of its call-duration histogram's counts
 * (common/metrics.server.ts), read from /metrics on the machine's own address (not a brand's).
 */
function loyaltyCallsSoFar() {
  return new Promise<number>((resolve, reject) => {
    const options = { host: '127.0.0.1', port, path: '/metrics' };
    http
      .get(options, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          let calls = 0;
          for (const m of text.matchAll(/^loyalty_call_duration_seconds_count\{[^}]*\} (\d+)/gm)) {
            calls += Number(m[1]);
          }
          resolve(calls);
        });
      })
      .on('error', reject);
  });
}

/**
 * CPU time a process has used so far (user + system, all its threads: zlib's pool too), in ms,
 * from Linux's /proc; null elsewhere. On a shared machine a page's CPU per view is steadier than
 * its req/s, which other processes' load moves.
 */
function cpuMsSoFar(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime (fields 14 and 15 of the whole line) in clock ticks of 1/100 s.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

function startStatic(file: string): ChildProcess {
  // A plain node:http server answering every request with the same bytes and headers a CDN
  // would send (gzip negotiated like the site's compression middleware).
  const code = `
    const http = require('http'); const zlib = require('zlib'); const fs = require('fs');
    const body = fs.readFileSync(${JSON.stringify(file)}); const gz = zlib.gzipSync(body);
    http.createServer((req, res) => {
      const accept = /gzip/.test(req.headers['accept-encoding'] || '');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'vary': 'Accept-Encoding',
        ...(accept ? { 'content-encoding': 'gzip' } : {}) });
      res.end(accept ? gz : body);
    }).listen(${staticPort}, '127.0.0.1');`;
  return spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
}

function cannon(url: string, headers: Record<string, string>, duration = seconds) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      { url, connections, duration, headers: { 'accept-encoding': 'gzip', ...headers } },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

function summary(r: autocannon.Result) {
  const l = r.latency as unknown as Record<string, number>;
  return {
    reqPerSec: Math.round(r.requests.average),
    p50: l.p50,
    // autocannon reports p90 and p97.5; p95 is interpolated between them.
    p95: Math.round((l.p90 + ((l.p97_5 - l.p90) * 5) / 7.5) * 10) / 10,
    p99: l.p99,
    errors: r.errors + r.timeouts + (r.non2xx ?? 0),
  };
}

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) {
    console.log('building for production...');
    const b = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
    if (b.status !== 0) process.exit(b.status ?? 1);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
  // The standalone loyalty service (what `npm run loyalty` runs), with a data folder of its own.
  const loyalty =
    loyaltyMode === 'standalone'
      ? spawn(process.execPath, ['--import', 'tsx', 'services/loyalty/main.ts'], {
          env: {
            ...process.env,
            NODE_ENV: 'production',
            LOYALTY_PORT: String(loyaltyPort),
            DATA_DIR: path.join(dataDir, 'loyalty-service'),
            LOG_LEVEL: 'warn',
            ...BENCH_LOYALTY_CREDENTIALS,
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        })
      : null;
  if (loyalty) await waitForHealth(`http://127.0.0.1:${loyaltyPort}/healthz`, 180_000);
  const proxy: VendorProxy | null =
    loyalty && behindProxy
      ? await startVendorProxy({
          target: `http://127.0.0.1:${loyaltyPort}`,
          port: proxyPort,
          ...vendor,
        })
      : null;
  const server = spawn(process.execPath, SITE_SERVER_ARGS, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'bench-session-secret-0123456789-abcdefghij',
      // Each signed-in row logs in from this machine's address: more than the default 10 a minute.
      RATE_LIMIT_IP_PER_MINUTE: '100000',
      // The vendor stopped: every view is answered from the last-known store, none from memory.
      ...(vendorDown ? { LOYALTY_READ_CACHE_SECONDS: '0' } : {}),
      ...(loyalty
        ? {
            LOYALTY_API_URL: proxy?.url ?? `http://127.0.0.1:${loyaltyPort}`,
            ...BENCH_LOYALTY_CREDENTIALS,
          }
        : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const cleanup = () => {
    server.kill('SIGTERM');
    loyalty?.kill('SIGTERM');
    void proxy?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', cleanup);
  await waitForHealth(`http://127.0.0.1:${port}/healthz`);

  const list = await get('/posts');
  const firstPost = list.text.match(/href="(\/posts\/[a-z0-9-]+\/[a-z0-9-]+)"/);
  for (const p of pages) if (!p.path) p.path = firstPost ? firstPost[1] : '/posts';
  const stores = [...(await get('/locations')).text.matchAll(/href="(\/locations\/[a-z0-9-]+)"/g)];
  const storePage = (stores[1] ?? stores[0])?.[1] ?? '/locations';
  for (const p of pages) if (p.path === STORE_PAGE) p.path = storePage;

  /**
   * Logs in; after a row that stopped the vendor, the site's breaker lets a call through again
   * only after its half-open pause: tried again for up to 30 s.
   */
  async function logInWhenUp(shopper: Parameters<typeof logIn>[2]): Promise<string> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        return await logIn(port, host, shopper);
      } catch (error) {
        if (!vendorDown || Date.now() > deadline) throw error;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  console.log(
    `\nbench: brand ${brand}, ${connections} connections, ${seconds} s per run, node ${process.version}, ${os.cpus().length} cores, ${loyaltyLabel}\n`,
  );
  const rows: Record<string, string | number>[] = [];
  const notes: string[] = [];
  for (const page of selectedPages()) {
    if (page.shopper) page.headers = { ...page.headers, cookie: await logInWhenUp(page.shopper) };
    const { status, body, text } = await settledGet(page.path, page.headers);
    if (status === 404 && page.optional) {
      notes.push(`skipped '${page.name}': ${page.path} answered 404 (not in this build)`);
      continue;
    }
    if (status !== 200) throw new Error(`${page.path} answered ${status}`);
    const js = await firstLoadJs(text, async (u) => (await get(u)).body);
    // Warm up, then measure.
    const headers = { host, ...(page.headers ?? {}) };
    await cannon(`http://127.0.0.1:${port}${page.path}`, headers, 2);
    let asOfShown: string | null = null;
    if (vendorDown) {
      proxy?.setDown(true);
      // The breaker opens on the first failures; the page as a shopper then gets it.
      await cannon(`http://127.0.0.1:${port}${page.path}`, headers, 2);
      const down = await settledGet(page.path, page.headers);
      asOfShown = down.text.includes('Shown as of') ? 'yes' : 'no';
    }
    const callsBefore = await loyaltyCallsSoFar();
    const failedBefore = proxy?.counts().failed ?? 0;
    const cpuBefore = [cpuMsSoFar(server.pid), cpuMsSoFar(loyalty?.pid)];
    const run = await cannon(`http://127.0.0.1:${port}${page.path}`, headers);
    const cpuAfter = [cpuMsSoFar(server.pid), cpuMsSoFar(loyalty?.pid)];
    proxy?.setDown(false);
    const calls = (await loyaltyCallsSoFar()) - callsBefore;
    const failedCalls = (proxy?.counts().failed ?? 0) - failedBefore;
    const views = Math.max(1, run.requests.total);
    const perView = (i: number) => {
      const [before, after] = [cpuBefore[i], cpuAfter[i]];
      return before === null || after === null || before === undefined || after === undefined
        ? '-'
        : Math.round(((after - before) / views) * 100) / 100;
    };
    const ssr = summary(run);
    let st: ReturnType<typeof summary> | null = null;
    if (!process.env.BENCH_SKIP_STATIC) {
      const file = path.join(dataDir, `${page.name}.html`);
      fs.writeFileSync(file, body);
      const stat = startStatic(file);
      await waitForHealth(`http://127.0.0.1:${staticPort}/`);
      st = summary(await cannon(`http://127.0.0.1:${staticPort}/`, {}));
      stat.kill();
      await new Promise((r) => setTimeout(r, 300));
    }
    rows.push({
      page: `${page.name} ${page.path}`,
      'req/s': ssr.reqPerSec,
      'p50 ms': ssr.p50,
      'p95 ms': ssr.p95,
      'p99 ms': ssr.p99,
      errors: ssr.errors,
      'loyalty calls/view': Math.round((calls / views) * 100) / 100,
      ...(proxy ? { 'vendor 503s/view': Math.round((failedCalls / views) * 1000) / 1000 } : {}),
      ...(vendorDown ? { 'as of shown': asOfShown ?? '-' } : {}),
      // The site process's CPU per page view, and the standalone loyalty service's.
      'site CPU ms/view': perView(0),
      ...(loyalty ? { 'loyalty CPU ms/view': perView(1) } : {}),
      'static req/s': st ? st.reqPerSec : '-',
      'ssr/static': st ? Math.round((ssr.reqPerSec / st.reqPerSec) * 100) / 100 : '-',
      'html KB': Math.round(body.length / 102.4) / 10,
      'html gz KB': Math.round(zlib.gzipSync(body).length / 102.4) / 10,
      'first-load JS gz KB': Math.round(js.gz / 102.4) / 10,
    });
  }
  console.table(rows);
  console.log(loyaltyLabel);
  for (const note of notes) console.log(note);
  const home = await get('/');
  const css = await get(home.text.match(/href="(\/theme\/[^"]+)"/)?.[1] ?? '/');
  console.log(
    `brand stylesheet (cached, immutable): ${Math.round(css.body.length / 102.4) / 10} KB, gzip ${Math.round(zlib.gzipSync(css.body).length / 102.4) / 10} KB`,
  );
  cleanup();
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
