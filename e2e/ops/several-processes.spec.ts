import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { BEN } from '../../test/demo';
import { latestMailTo } from '../../test/outbox';
import { SITE_SERVER_ARGS } from '../../scripts/site-client';
import { registerFreshShopper } from '../kit/shoppers';
import {
  startServiceProcess,
  startSiteProcess,
  type ServiceProcess,
  type SiteProcess,
} from '../kit/site-process';
import { dismissPopups, PORT, waitForHydration } from '../kit/support';

/**
 * Several site processes on one PostgreSQL behave as one site. PostgreSQL
 * (scripts/pg-test-server.sh), the loyalty service run alone on it (services/loyalty/main.ts) and
 * three built site processes, each on its own port with the same DATABASE_URL, SESSION_SECRET and
 * LOYALTY_API_URL (so none starts a loyalty service of its own), behind a round-robin proxy
 * written here. The browser goes through the proxy; a test pins it to one process with the
 * `e2e-backend` cookie (which the proxy reads and drops), and raw requests go to one process's
 * own port. Then `npm start`'s cluster (WEB_CONCURRENCY) on the same database: its workers share
 * the port, a killed one is replaced, SIGTERM stops them all (decision 0019).
 *
 * Only the lins brand (a copy of its tenant file), so the loyalty service seeds one brand.
 */

test.describe.configure({ mode: 'serial' });

const PG_ENV = {
  PG_TEST_STATE: process.env.PG_TEST_STATE ?? `/tmp/grocery-pg-e2e-${PORT}`,
  PG_TEST_PORT: process.env.PG_TEST_PORT ?? String(PORT + 51_000),
};
const LOYALTY_PORT = PORT + 11;
const SITE_PORTS = [PORT + 12, PORT + 13, PORT + 14];
const CLUSTER_PORT = PORT + 15;
const REFUSED_PORT = PORT + 16;
const SITE = 'lins';
const SECRET = 'e2e-several-processes-session-secret-0123456789';
const LOYALTY_CREDENTIALS = {
  LOYALTY_SERVICE_BASIC: 'e2e-site:several-processes-basic',
  LOYALTY_SERVICE_BEARER: 'e2e-several-processes-bearer-token',
  LOYALTY_SERVICE_JWT_SECRET: 'e2e-several-processes-jwt-secret-0123456789abcdef',
};

let databaseUrl = '';
let tenantsDir = '';
let loyaltyDataDir = '';
let loyalty: ServiceProcess | null = null;
let sites: SiteProcess[] = [];
let proxy: Proxy | null = null;
/** The cluster of the last test, also stopped by afterAll should that test time out. */
let clustered: SiteProcess | null = null;

/** A shopper of a test's own, registered with the loyalty service of these processes. */
function newShopper() {
  return registerFreshShopper(
    { url: loyalty!.url, bearer: LOYALTY_CREDENTIALS.LOYALTY_SERVICE_BEARER },
    { site: SITE },
  );
}

/** Every process's environment but the port: one database, one secret, one loyalty service. */
function siteEnv(): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    LOYALTY_API_URL: loyalty!.url,
    ...LOYALTY_CREDENTIALS,
    TENANTS_DIR: tenantsDir,
    SESSION_SECRET: SECRET,
    RATE_LIMIT_IP_PER_MINUTE: '1000',
  };
}

interface Proxy {
  port: number;
  /** Which backend (index) served each request, in order. */
  served: { backend: number; method: string; url: string }[];
  close(): Promise<void>;
}

/** Hop-by-hop headers: they describe one connection, never forwarded. */
const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'te', 'trailer']);
const PIN = /(?:^|;\s*)e2e-backend=(\d+)/;

/**
 * A small load balancer: each request to the next site process in turn (or to the one the
 * `e2e-backend` cookie names), Host and cookies passed through, X-Forwarded-For appended as
 * nginx's `$proxy_add_x_forwarded_for` does.
 */
async function startProxy(ports: number[]): Promise<Proxy> {
  let next = 0;
  const served: Proxy['served'] = [];
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const cookie = req.headers.cookie ?? '';
    const pinned = PIN.exec(cookie);
    const backend = pinned ? Number(pinned[1]) : next++ % ports.length;
    served.push({ backend, method: req.method ?? 'GET', url: req.url ?? '/' });
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!HOP.has(name)) headers[name] = value;
    }
    const rest = cookie
      .split(/;\s*/)
      .filter((c) => c && !c.startsWith('e2e-backend='))
      .join('; ');
    if (rest) headers.cookie = rest;
    else delete headers.cookie;
    const forwarded = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = [forwarded, req.socket.remoteAddress].filter(Boolean).join(', ');
    headers['x-forwarded-proto'] = 'http';
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: ports[backend],
        method: req.method,
        path: req.url,
        headers,
        agent,
      },
      (answer) => {
        const back: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP.has(name)) back[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, back);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const proxyUrl = (p: string) => `http://${SITE}.localhost:${proxy!.port}${p}`;
const host = () => `${SITE}.localhost:${proxy!.port}`;

/** Sends the browser's next requests to site process `index` (0-2), or round-robin (null). */
async function pin(context: BrowserContext, index: number | null) {
  await context.clearCookies({ name: 'e2e-backend' });
  if (index !== null) {
    await context.addCookies([
      { name: 'e2e-backend', value: String(index), domain: `${SITE}.localhost`, path: '/' },
    ]);
  }
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request straight to a process's port, on a connection of its own. */
function raw(
  port: number,
  opts: {
    path: string;
    method?: string;
    cookie?: string;
    form?: Record<string, string>;
    /** Give up (reject) after this long without an answer. */
    timeoutMs?: number;
    /** The Host header (default the brand's). */
    host?: string;
  },
): Promise<Answer> {
  const body = opts.form ? new URLSearchParams(opts.form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: opts.path,
        method: opts.method ?? (body ? 'POST' : 'GET'),
        agent: false,
        headers: {
          host: opts.host ?? host(),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
          ...(body
            ? {
                origin: `http://${host()}`,
                'content-type': 'application/x-www-form-urlencoded',
                'content-length': String(Buffer.byteLength(body)),
              }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    if (opts.timeoutMs) req.setTimeout(opts.timeoutMs, () => req.destroy(new Error('timed out')));
    req.end(body);
  });
}

async function preparePage(page: Page) {
  await dismissPopups(page);
  await page.addInitScript(() =>
    localStorage.setItem('dismissed_cookie_notice', JSON.stringify({ value: true, expiry: null })),
  );
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const pg = spawnSync('bash', ['scripts/pg-test-server.sh', 'start'], {
    env: { ...process.env, ...PG_ENV },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (pg.status !== 0) throw new Error(`PostgreSQL did not start:\n${pg.stderr}`);
  databaseUrl = pg.stdout.trim();
  tenantsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-several-tenants-'));
  fs.copyFileSync(path.join('tenants', `${SITE}.json`), path.join(tenantsDir, `${SITE}.json`));
  loyaltyDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-several-loyalty-'));
  loyalty = await startServiceProcess({
    name: 'loyalty',
    port: LOYALTY_PORT,
    env: {
      LOYALTY_PORT: String(LOYALTY_PORT),
      DATABASE_URL: databaseUrl,
      DATA_DIR: loyaltyDataDir,
      TENANTS_DIR: tenantsDir,
      ...LOYALTY_CREDENTIALS,
    },
    timeoutMs: 120_000,
  });
  sites = await Promise.all(
    SITE_PORTS.map((port, i) =>
      // On PostgreSQL: an empty data folder (the seeded copy holds PGlite's databases).
      startSiteProcess({
        port,
        name: `several-${i + 1}`,
        env: siteEnv(),
        timeoutMs: 150_000,
        seeded: false,
      }),
    ),
  );
  proxy = await startProxy(SITE_PORTS);
});

test.afterAll(async () => {
  await clustered?.stop();
  await proxy?.close();
  await Promise.all(sites.map((s) => s.stop()));
  await loyalty?.stop();
  spawnSync('bash', ['scripts/pg-test-server.sh', 'stop'], {
    env: { ...process.env, ...PG_ENV },
    stdio: 'ignore',
  });
  for (const dir of [tenantsDir, loyaltyDataDir]) {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('log in on one process, clip on another, see it clipped at once on the others; logout ends it on all', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  // Clipping changes the shopper: one of this test's own.
  const shopper = await newShopper();
  await preparePage(page);
  // Through the proxy in turn: every process serves some of the page and its scripts.
  await page.goto(proxyUrl('/'));
  await waitForHydration(page);
  expect(new Set(proxy!.served.map((s) => s.backend))).toEqual(new Set([0, 1, 2]));

  // Log in on process 1.
  await pin(context, 0);
  await page.goto(proxyUrl('/login?redirectTo=%2Fdigital-coupons'));
  await waitForHydration(page);
  const login = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/login'),
  );
  await page.getByLabel('Email').fill(shopper.email);
  await page.locator('input[name="password"]').fill(shopper.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await login;
  const posts = (prefix: string) =>
    proxy!.served.filter((s) => s.method === 'POST' && s.url.startsWith(prefix));
  expect(posts('/login').map((s) => s.backend)).toEqual([0]);
  await expect(page.getByText(`Hey ${shopper.firstName}!`).first()).toBeAttached();
  const session = (await context.cookies(proxyUrl('/'))).find((c) => c.name === '__session')!;
  expect(session).toBeTruthy();
  const cookie = `__session=${session.value}`;

  // Clip on process 2.
  await pin(context, 1);
  await page.goto(proxyUrl('/digital-coupons'));
  await waitForHydration(page);
  const card = page
    .getByTestId('coupon-card')
    .filter({ has: page.getByRole('button', { name: /^Clip / }) })
    .first();
  const offerId = ((await card.getAttribute('aria-labelledby')) ?? '').replace('coupon-', '');
  expect(offerId).not.toBe('');
  // Every process has the shopper's clipped list in its read cache, without this coupon.
  for (const port of SITE_PORTS) {
    const before = await raw(port, { path: '/digital-coupons?tab=clipped', cookie });
    expect(before.body, `port ${port}`).not.toContain(`id="coupon-${offerId}"`);
  }
  const clip = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().includes('/digital-coupons'),
  );
  await card.getByRole('button', { name: /^Clip / }).click();
  expect((await clip).ok()).toBe(true);
  expect(posts('/digital-coupons').map((s) => s.backend)).toEqual([1]);

  // See it clipped on process 3, in the browser and in the page that process renders.
  await pin(context, 2);
  await page.goto(proxyUrl('/digital-coupons?tab=clipped'));
  const clipped = page.locator(`article[aria-labelledby="coupon-${offerId}"]`);
  await expect(clipped.getByRole('button', { name: 'Clipped' })).toBeDisabled();
  const third = await raw(SITE_PORTS[2], { path: '/digital-coupons?tab=clipped', cookie });
  expect(third.status).toBe(200);
  expect(third.body).toContain(`id="coupon-${offerId}"`);
  // The clip raised the shopper's version in the shared store: no process serves its cached list.
  const first = await raw(SITE_PORTS[0], { path: '/digital-coupons?tab=clipped', cookie });
  expect(first.body).toContain(`id="coupon-${offerId}"`);

  // The session is every process's.
  for (const port of SITE_PORTS) {
    const account = await raw(port, { path: '/account', cookie });
    expect(account.status, `port ${port}`).toBe(200);
    expect(account.body).toContain(`Hey ${shopper.firstName}!`);
  }

  // Log out on process 1: the cookie from before is a guest on every process.
  await pin(context, 0);
  await page.goto(proxyUrl('/posts'));
  await page.locator('form[action="/logout"] button').first().dispatchEvent('click');
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  for (const port of SITE_PORTS) {
    const account = await raw(port, { path: '/account', cookie });
    expect(account.status, `port ${port}`).toBe(302);
    expect(account.headers.location).toMatch(/^\/login/);
    const coupons = await raw(port, { path: '/digital-coupons?tab=clipped', cookie });
    expect(coupons.body).not.toContain(`Hey ${shopper.firstName}!`);
  }
  for (const site of sites) expect(site.errorLogs()).toEqual([]);
});

test('the per-account login limit counts the failures of every process together', async () => {
  // The account this test locks is its own.
  const shopper = await newShopper();
  // Wrong passwords in turn on processes 1, 2, 3, 1, 2: the five free failures of decision 0011
  // (RATE_LIMIT_LOGIN_FAILURES), as on one process; the sixth attempt, wherever it lands, waits.
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) {
    const answer = await raw(SITE_PORTS[i % 3], {
      path: '/login',
      form: { intent: 'login', email: shopper.email, password: `wrong-${i}` },
    });
    statuses.push(answer.status);
    if (answer.status === 429) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.body).toMatch(/Too many attempts\. Please wait (1 minute|\d+ seconds)/);
    } else {
      expect(answer.body).toContain('Invalid email address or password.');
    }
  }
  expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
  // The right password is refused as well while the account waits, on any process.
  const right = await raw(SITE_PORTS[0], {
    path: '/login',
    form: { intent: 'login', email: shopper.email, password: shopper.password },
  });
  expect(right.status).toBe(429);
});

test('a reset link e-mailed by one process works once, on another', async ({ page, context }) => {
  test.setTimeout(60_000);
  // The password changes: a shopper of this test's own.
  const shopper = await newShopper();
  await preparePage(page);
  const asked = await raw(SITE_PORTS[0], {
    path: '/login',
    form: { intent: 'reset-request', email: shopper.email },
  });
  expect(asked.status).toBe(200);
  const outbox = path.join(sites[0].dataDir, 'outbox');
  await expect.poll(() => latestMailTo(outbox, shopper.email), { timeout: 10_000 }).not.toBeNull();
  const text = (await latestMailTo(outbox, shopper.email))!.text ?? '';
  const link = /\/reset-password\?token=[A-Za-z0-9_-]+&address=[^\s"<>)]+/.exec(text)?.[0];
  expect(link).toBeTruthy();

  // Process 2 accepts the token process 1 issued.
  await pin(context, 1);
  await page.goto(proxyUrl(link!));
  await page.locator('input[name="password"]').fill('Several!2026pw');
  await page.locator('input[name="confirmPassword"]').fill('Several!2026pw');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();

  // The new password logs in on process 3.
  const login = await raw(SITE_PORTS[2], {
    path: '/login',
    form: { intent: 'login', email: shopper.email, password: 'Several!2026pw' },
  });
  expect(login.status).toBe(302);

  // And the link is spent on process 1, which issued it.
  await pin(context, 0);
  await page.goto(proxyUrl(link!));
  await expect(page.getByText('This password reset authorization code has expired.')).toBeVisible();
});

test('WEB_CONCURRENCY above 1 without DATABASE_URL is refused in one line', async () => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(REFUSED_PORT),
    HOST: '127.0.0.1',
    WEB_CONCURRENCY: '3',
    SESSION_SECRET: SECRET,
    LOYALTY_API_URL: loyalty!.url,
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, SITE_SERVER_ARGS, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code).toBe(1);
  expect(stderr).toMatch(/^WEB_CONCURRENCY=3 needs DATABASE_URL \(PostgreSQL\)[^\n]*\n$/);
});

interface Health {
  status: string;
  worker?: { id: number; pid: number };
}

/**
 * /healthz on a connection of its own (the cluster hands each connection to a worker in turn);
 * null when it failed. A connection the primary handed to a worker as it was killed is never
 * answered (node:cluster waits for that worker's reply): hence the time limit.
 */
async function health(port: number): Promise<Health | null> {
  try {
    // The machine's own host name: a brand's host gets only ok / degraded, not the worker.
    const answer = await raw(port, {
      path: '/healthz',
      timeoutMs: 3000,
      host: `127.0.0.1:${port}`,
    });
    return answer.status === 200 ? (JSON.parse(answer.body) as Health) : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test('the built server with WEB_CONCURRENCY=2 (as npm start runs it): workers share the port and the sessions, a dead one is replaced, SIGTERM stops all', async () => {
  test.setTimeout(120_000);
  const cluster = await startSiteProcess({
    port: CLUSTER_PORT,
    name: 'several-cluster',
    env: { ...siteEnv(), WEB_CONCURRENCY: '2' },
    timeoutMs: 150_000,
    seeded: false,
  });
  clustered = cluster;
  try {
    // Both workers answer, each the whole site (its health says which one it is); the second
    // may still be starting when the first answers.
    const seen = new Map<number, number>();
    await expect
      .poll(
        async () => {
          const h = await health(CLUSTER_PORT);
          expect(h?.status).toBe('ok');
          seen.set(h!.worker!.id, h!.worker!.pid);
          return [...seen.keys()].sort();
        },
        { timeout: 60_000, intervals: [100] },
      )
      .toEqual([1, 2]);
    const [first, second] = [...seen.values()];
    expect([first, second]).not.toContain(cluster.pid);

    // A session one worker made is the other's too (in the database the three processes use).
    const login = await raw(CLUSTER_PORT, {
      path: '/login',
      form: { intent: 'login', email: BEN.email, password: BEN.password },
    });
    expect(login.status).toBe(302);
    const cookie = (login.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith('__session='))!;
    for (let i = 0; i < 4; i++) {
      const account = await raw(CLUSTER_PORT, { path: '/account', cookie });
      expect(account.status).toBe(200);
      expect(account.body).toContain(`Hey ${BEN.firstName}!`);
    }
    // /metrics answers for the worker that serves it, on the machine's own address.
    const metrics = await new Promise<string>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port: CLUSTER_PORT, path: '/metrics', agent: false }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString('utf8')));
          res.on('end', () => resolve(text));
        })
        .on('error', reject);
    });
    expect(metrics).toContain('http_request_duration_seconds');

    // A worker that dies is replaced; the other one serves meanwhile.
    process.kill(first, 'SIGKILL');
    let replacement = 0;
    await expect
      .poll(
        async () => {
          const pid = (await health(CLUSTER_PORT))?.worker?.pid;
          if (pid && pid !== first && pid !== second) replacement = pid;
          return replacement;
        },
        { timeout: 60_000, intervals: [250], message: 'a new worker answers' },
      )
      .not.toBe(0);
    const log = cluster.logs.join('\n');
    expect(log).toMatch(
      new RegExp(`"pid":${first},.*"msg":"site worker exited: starting another in 1 s"`),
    );

    // SIGTERM to the primary: each worker shuts down cleanly, then the primary exits 0.
    await cluster.stop();
    expect(await cluster.exited).toBe(0);
    for (const pid of [second, replacement]) expect(alive(pid)).toBe(false);
    expect(await health(CLUSTER_PORT)).toBeNull();
  } finally {
    await cluster.stop();
  }
});
