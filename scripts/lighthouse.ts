// `npm run lighthouse`: builds for production, starts the site on its demo data and runs Lighthouse
// 12 (mobile preset: emulated Moto G Power, simulated slow 4G) in Debian's Chromium on the pages
// listed below (the Lighthouse table of README.md "Tests"), one page after the other with a fresh
// Chromium per run. Prints performance, accessibility, best practices, SEO, LCP, TBT and CLS per
// page, marks each figure that misses its target with ✗ (scripts/lighthouse-report.ts), lists the
// top failing audits of each page that misses one, and writes `.cache/lighthouse/summary.json` next
// to each page's full report (`.cache/lighthouse/<page>.json`, open it in the Lighthouse viewer).
//
// Signed-in rows sign a demo shopper in through the real /login form and send the session cookie
// with every request Chromium makes. Each run starts from an empty browser cache and storage (a
// shopper's first visit, cookie notice included); the site itself is warmed first (one request
// per page), as a running site's caches are.
//
// Options (environment): LIGHTHOUSE_SKIP_BUILD=1 to reuse the current build, LIGHTHOUSE_BRAND
// (lins), LIGHTHOUSE_PAGES=<regular expression> to run only the rows whose name matches (e.g.
// 'coupons' or '^home$'), LIGHTHOUSE_RUNS (1; with more, each page reports its median run by
// performance score), LIGHTHOUSE_PORT (random from 4950).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import {
  NO_FIGURES,
  FIGURE_LABELS,
  TARGETS,
  failingAudits,
  figuresOf,
  formatTable,
  medianRun,
  missedTargets,
  slugOf,
  type Figure,
  type Figures,
  type FailingAudit,
  type TableRow,
} from './lighthouse-report';
import { SITE_SERVER_ARGS, logIn, waitForHealth } from './site-client';

const brand = process.env.LIGHTHOUSE_BRAND ?? 'lins';
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4950 + Math.floor(Math.random() * 50));
const runsPerPage = Math.max(1, Math.floor(Number(process.env.LIGHTHOUSE_RUNS ?? 1)) || 1);
const keepTraces = Boolean(process.env.LIGHTHOUSE_TRACE);
// Chromium resolves every *.localhost name to the loopback address: the brand's own host name
// with no hosts-file entry, as the end-to-end tests use it.
const host = `${brand}.localhost:${port}`;
const origin = `http://${host}`;
const outDir = path.resolve('.cache/lighthouse');

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** The shopper of the signed-in rows (every brand has the same demo shoppers). */
const SHOPPER = { email: 'ben.shopper@example.com', password: 'Shopper2!pass' };

/** Placeholders filled from the site's own links once it runs. */
const STORE_PAGE = '<store page>';
const POST_PAGE = '<post>';

interface LighthousePage {
  name: string;
  path: string;
  signedIn?: boolean;
}

/** The pages Lighthouse measures, each held to the targets of lighthouse-report.ts. */
const pages: LighthousePage[] = [
  { name: 'home', path: '/' },
  { name: 'coupons, guest', path: '/digital-coupons' },
  { name: 'coupons, signed in', path: '/digital-coupons', signedIn: true },
  { name: 'locations', path: '/locations' },
  { name: 'store page', path: STORE_PAGE },
  { name: 'weekly ad', path: '/weekly-ad' },
  { name: 'rewards, signed in', path: '/rewards', signedIn: true },
  { name: 'card, signed in', path: '/card', signedIn: true },
  { name: 'shopping list, signed in', path: '/list', signedIn: true },
  { name: 'account, signed in', path: '/account', signedIn: true },
  // A link page of the e-mails (no token: its message, no button).
  { name: 'newsletter confirm', path: '/newsletter/confirm' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'post', path: POST_PAGE },
];

function selectedPages(): LighthousePage[] {
  const filter = process.env.LIGHTHOUSE_PAGES;
  if (!filter) return pages;
  const pattern = new RegExp(filter);
  return pages.filter((p) => pattern.test(p.name));
}

/** GET with the brand's Host header (fetch does not let a caller set Host). */
function get(pathname: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const options = { host: '127.0.0.1', port, path: pathname, headers: { ...headers, host } };
    const req = http.get(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
  });
}

/**
 * Warms the site for a page: asks for it until its secondary part is ready (the home page's
 * weekly-ad preview loads on the first request), so Lighthouse measures the page of a running
 * site rather than its first request after start.
 */
async function warm(pathname: string, headers: Record<string, string>) {
  for (let attempt = 0; ; attempt += 1) {
    const answer = await get(pathname, headers);
    if (attempt >= 40 || !answer.text.includes('data-state="loading"')) return answer.status;
    await sleep(250);
  }
}

// What runs now, stopped on exit whatever the reason (end, error, Ctrl-C).
let site: ChildProcess | null = null;
let dataDir: string | null = null;
let chromium: LaunchedChrome | null = null;
/** Lighthouse's version and the browser's user agent, from the first result. */
let tools: { lighthouse: string; browser: string } | null = null;

function cleanUp() {
  // chrome-launcher's kill sends SIGKILL to Chromium's process group and removes its profile.
  chromium?.kill();
  chromium = null;
  if (site && site.exitCode === null && site.signalCode === null) site.kill('SIGTERM');
  site = null;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = null;
}
process.on('exit', cleanUp);
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping Chromium and the site`);
    process.exit(code);
  });
}

async function startSite() {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-data-'));
  const child = spawn(process.execPath, SITE_SERVER_ARGS, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'lighthouse-session-secret-0123456789-abcdefg',
      // Every request (the warm-up, the login, Chromium's) comes from one address.
      RATE_LIMIT_IP_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  site = child;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the site exited (${code}) before it was up`))),
  );
  exited.catch(() => {}); // an exit once the site is up is stopSite's
  // A fresh data folder is seeded on start: past 60 s when the machine is busy.
  await Promise.race([waitForHealth(`http://127.0.0.1:${port}/healthz`, 180_000), exited]);
}

/** Stops the site and waits for it, then removes its data folder. */
async function stopSite() {
  const child = site;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000).then(() => child.kill('SIGKILL'))]);
  }
  site = null;
  cleanUp();
}

/** A run's report and, with LIGHTHOUSE_TRACE, its trace (Chromium's trace events). */
interface Run {
  lhr: Result;
  trace: unknown;
}

/** One Lighthouse run in a Chromium of its own. */
async function runLighthouse(url: string, extraHeaders: Record<string, string>): Promise<Run> {
  const browser = await launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
    // Ctrl-C is handled here: it stops the site as well.
    handleSIGINT: false,
    logLevel: 'silent',
  });
  chromium = browser;
  try {
    const result = await lighthouse(url, {
      port: browser.port,
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      extraHeaders,
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { runtimeError } = result.lhr;
    if (runtimeError) throw new Error(`${runtimeError.code}: ${runtimeError.message}`);
    tools ??= {
      lighthouse: result.lhr.lighthouseVersion,
      browser: result.lhr.environment.hostUserAgent,
    };
    return { lhr: result.lhr, trace: keepTraces ? result.artifacts.Trace : null };
  } finally {
    browser.kill();
    chromium = null;
  }
}

interface PageSummary {
  name: string;
  path: string;
  url: string;
  signedIn: boolean;
  figures: Figures;
  missed: Figure[];
  failingAudits: FailingAudit[];
  /** Performance score of every run (the figures are the median run's). */
  runs: (number | null)[];
  report?: string;
  benchmarkIndex?: number;
  /** Lighthouse's warnings about the run (a slow machine, a redirect, …). */
  warnings: string[];
  error?: string;
}

/** The first post of /posts and the second store of /locations (the store bench measures). */
function fillPlaceholders(postsHtml: string, locationsHtml: string) {
  const post = postsHtml.match(/href="(\/posts\/[a-z0-9-]+\/[a-z0-9-]+)"/)?.[1];
  const stores = [...locationsHtml.matchAll(/href="(\/locations\/[a-z0-9-]+)"/g)];
  const store = (stores[1] ?? stores[0])?.[1];
  for (const page of pages) {
    if (page.path === POST_PAGE) {
      if (!post) throw new Error('no post linked from /posts');
      page.path = post;
    }
    if (page.path === STORE_PAGE) {
      if (!store) throw new Error('no store page linked from /locations');
      page.path = store;
    }
  }
}

async function measure(page: LighthousePage, cookie: string | null): Promise<PageSummary> {
  const url = `${origin}${page.path}`;
  const headers: Record<string, string> = page.signedIn && cookie ? { cookie } : {};
  const summary: PageSummary = {
    name: page.name,
    path: page.path,
    url,
    signedIn: Boolean(page.signedIn),
    figures: NO_FIGURES,
    missed: [],
    failingAudits: [],
    runs: [],
    warnings: [],
  };
  // A signed-in row whose cookie did not work would measure the login redirect instead.
  const status = await warm(page.path, headers);
  if (status !== 200) {
    summary.error = `${page.path} answered ${status}`;
    return summary;
  }
  const results: Run[] = [];
  for (let run = 1; run <= runsPerPage; run += 1) {
    const started = Date.now();
    const label = `${page.name} ${page.path} run ${run}/${runsPerPage}`;
    // A trace Chromium failed to record (NO_NAVSTART, NO_FCP on a starved machine) is
    // Lighthouse's "run it again": once, then the run is left out.
    const done = await runLighthouse(url, headers).catch((error: Error) => {
      console.log(`  ${label}: ${error.message}; once more`);
      return runLighthouse(url, headers).catch((again: Error) => {
        console.log(`  ${label}: ${again.message}; left out`);
        return null;
      });
    });
    if (!done) continue;
    results.push(done);
    const { lhr } = done;
    const f = figuresOf(lhr);
    console.log(
      `  ${label}: perf ${f.performance}, ` +
        `LCP ${((f.lcpMs ?? 0) / 1000).toFixed(2)} s, TBT ${Math.round(f.tbtMs ?? 0)} ms, ` +
        `CLS ${(f.cls ?? 0).toFixed(3)} (${Math.round((Date.now() - started) / 1000)} s, ` +
        `CPU benchmark ${lhr.environment.benchmarkIndex})`,
    );
  }
  summary.runs = results.map((r) => figuresOf(r.lhr).performance);
  if (results.length === 0) {
    summary.error = 'every Lighthouse run failed';
    return summary;
  }
  const median = medianRun(results, (r) => figuresOf(r.lhr).performance);
  const { lhr } = median;
  const file = `${slugOf(page.name)}.json`;
  fs.writeFileSync(path.join(outDir, file), JSON.stringify(lhr));
  if (median.trace) {
    fs.writeFileSync(
      path.join(outDir, `${slugOf(page.name)}.trace.json`),
      JSON.stringify(median.trace),
    );
  }
  summary.report = path.join('.cache/lighthouse', file);
  summary.figures = figuresOf(lhr);
  const missed = missedTargets(summary.figures);
  summary.missed = missed;
  summary.failingAudits = failingAudits(lhr, missed);
  summary.benchmarkIndex = lhr.environment.benchmarkIndex;
  summary.warnings = [...lhr.runWarnings];
  return summary;
}

function printFailingAudits(summaries: PageSummary[]) {
  const missing = summaries.filter((s) => s.missed.length > 0 && !s.error);
  if (missing.length === 0) return;
  console.log('\nWhat to fix first (top 3 failing audits of each page off target):');
  for (const s of missing) {
    const missed = s.missed.map((figure) => FIGURE_LABELS[figure]);
    console.log(`  ${s.name} ${s.path} (misses ${missed.join(', ')})`);
    if (s.failingAudits.length === 0) console.log('    - no failing audit: the metric alone');
    for (const a of s.failingAudits) {
      const points = a.impact > 0 ? ` (about ${a.impact} ${a.category} points)` : '';
      const where = a.detail ? ` [${a.detail}]` : '';
      console.log(`    - ${a.id}: ${a.displayValue || a.title}${where}${points}`);
    }
  }
}

async function main() {
  if (!process.env.LIGHTHOUSE_SKIP_BUILD) {
    console.log('building for production...');
    const b = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
    if (b.status !== 0) process.exit(b.status ?? 1);
  }
  if (!fs.existsSync(SITE_SERVER_ARGS[SITE_SERVER_ARGS.length - 1])) {
    throw new Error('no production build: run without LIGHTHOUSE_SKIP_BUILD (or npm run build)');
  }
  const selected = selectedPages();
  if (selected.length === 0) throw new Error(`LIGHTHOUSE_PAGES matches no page`);
  fs.mkdirSync(outDir, { recursive: true });

  await startSite();
  fillPlaceholders((await get('/posts')).text, (await get('/locations')).text);
  const cookie = selected.some((p) => p.signedIn) ? await logIn(port, host, SHOPPER) : null;

  console.log(
    `\nlighthouse: brand ${brand} on ${origin}, mobile preset, ${runsPerPage} run(s) per page, ` +
      `${os.cpus().length} cores\n`,
  );
  const summaries: PageSummary[] = [];
  for (const page of selected) summaries.push(await measure(page, cookie));
  await stopSite();

  const rows: TableRow[] = summaries.map((s) => ({
    page: `${s.name} ${s.path}`,
    figures: s.figures,
  }));
  console.log(`\n${formatTable(rows)}`);
  console.log(
    '\n✗ misses the target: perf ≥ 95, a11y 100, best practices 100, LCP ≤ 2.0 s, ' +
      'TBT ≤ 150 ms, CLS ≤ 0.02 (SEO: no target)',
  );
  for (const s of summaries) if (s.error) console.log(`${s.name}: not measured: ${s.error}`);
  printFailingAudits(summaries);
  for (const s of summaries) {
    for (const warning of s.warnings) console.log(`warning on ${s.name}: ${warning}`);
  }

  const summaryFile = path.join(outDir, 'summary.json');
  fs.writeFileSync(
    summaryFile,
    `${JSON.stringify(
      {
        generatedAt: new Date().toISOString(),
        brand,
        preset: 'mobile (Lighthouse default config)',
        lighthouseVersion: tools?.lighthouse,
        browser: tools?.browser,
        runsPerPage,
        targets: TARGETS,
        pages: summaries,
      },
      null,
      2,
    )}\n`,
  );
  if (tools) console.log(`\nLighthouse ${tools.lighthouse}, ${tools.browser}`);
  console.log(`summary: ${path.relative(process.cwd(), summaryFile)}; full reports next to it`);
  process.exit(summaries.some((s) => s.error) ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
