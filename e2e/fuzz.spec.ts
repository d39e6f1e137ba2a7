import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { AVA } from '../test/demo';
import { startSiteProcess, type SiteProcess } from './site-process';
import { PORT } from './support';

/**
 * End-to-end fuzz of the built server (issue 10, "no 500 for any input"): a few thousand
 * requests over plain HTTP to every action route and then some (documents and their `.data`
 * URLs), with bodies of every shape, odd methods, odd addresses and redirect targets, as a
 * guest and as the signed-in demo shopper. No answer may be a 5xx, none may hang, and the server
 * may log no error (a client's mistake is info or warn). A second site process of its own (its
 * limits, its data, its logs), started once: the js project only.
 */

const SITE = 'lins';
const FUZZ_PORT = PORT + 70;
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_110);
/** Requests in flight at once (two cores: more only queues). */
const CONCURRENCY = 6;

// --- What to post where ------------------------------------------------------------------------

/** `app/routes/<file>.tsx` → its address (flat routes: `.` is `/`, `_index` an index route). */
function routeAddress(file: string): string {
  const segments: string[] = [];
  let index = false;
  for (const part of file.replace(/\.tsx$/, '').split('.')) {
    if (part === '_index') index = true;
    else if (part.startsWith('$')) segments.push('x');
    else if (!part.startsWith('_')) segments.push(part.replace(/_$/, ''));
  }
  return `/${segments.join('/')}${index ? '?index' : ''}`;
}

/** Every route with an action, from the routes folder (so a new form is fuzzed too). */
const ACTION_ROUTES = fs
  .readdirSync('app/routes')
  .filter((f) =>
    /export\s+(async\s+function\s+action\b|const\s+action\b|\{[^}]*\baction\b)/.test(
      fs.readFileSync(path.join('app/routes', f), 'utf8'),
    ),
  )
  .map(routeAddress);

/** Pages without an action (a post is a 405), a missing page, files and the health check. */
const OTHER_ROUTES = [
  '/',
  '/posts',
  '/posts/recipes',
  '/search?q=x',
  '/digital-coupons/help',
  '/no-such-page',
  '/error/400',
  '/theme/x.css',
  '/images/x.png',
  '/build/x.js',
  '/healthz',
];

/** The single-fetch address of a route (`/login.data`, `/account.data?index`, `/_root.data`). */
function dataAddress(address: string): string {
  const [pathname, query] = address.split('?');
  const base = pathname === '/' ? '/_root' : pathname;
  return `${base}.data${query ? `?${query}` : ''}`;
}

const STORES = (
  JSON.parse(fs.readFileSync(`content/${SITE}/retailer-info.json`, 'utf8')) as {
    locations: { storeNumber: string }[];
  }
).locations.map((l) => l.storeNumber);

const NEW_PASSWORD = 'Fuzz-pass-12345!';
/** Valid forms as the pages post them (never the shopper's own password: it would change). */
const VALID: Record<string, Record<string, string>[]> = {
  '/login': [
    { intent: 'login', email: AVA.email, password: 'Wrong-pass-123!', redirectTo: '/account' },
    { intent: 'reset-request', email: 'fuzz.nobody@example.com' },
  ],
  '/register': [
    {
      firstName: 'Fuzz',
      lastName: 'Tester',
      birthday: '1990-01-01',
      email: 'fuzz.new@example.com',
      phone: '3035550142',
      address1: '1 Main St',
      zip: '80202',
      storeNumber: STORES[0],
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      acceptTerms: 'on',
      website: '',
    },
  ],
  '/reset-password': [
    { intent: 'reset', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
    { intent: 'resend' },
  ],
  '/account?index': [
    { intent: 'fullName', firstName: 'Ava', lastName: 'Shopper' },
    { intent: 'phone', phone: '3035550143' },
    { intent: 'email', email: AVA.email },
    {
      intent: 'password',
      currentPassword: 'Wrong-pass-123!',
      newPassword: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    },
    { intent: 'birthday', birthday: '1985-05-05' },
    { intent: 'fullAddress', address1: '2 Main St', zip: '80203' },
    { intent: 'storeNumber', storeNumber: STORES[1] ?? STORES[0] },
  ],
  '/account/data-preferences': [{ optOutDataSharing: 'on' }],
  '/account/terms': [{ acceptTerms: 'on' }],
  '/digital-coupons?index': [
    { intent: 'clip', offerId: 'fuzz-offer', returnTo: '?tab=all' },
    { intent: 'clip-all', returnTo: '?tab=all' },
  ],
  '/home-store': [{ intent: 'choose-home-store', storeNumber: STORES[0], redirectTo: '/posts' }],
  '/logout': [{}],
};

/** Redirect targets and query values that must stay on the site and out of any header raw. */
const ODD_TARGETS = [
  '//evil.example',
  '/..//evil.example',
  '/.//evil.example',
  '/%2e%2e//evil.example',
  '/a/..//evil.example',
  '/\\evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  '/\r\nSet-Cookie: x=y',
  '/%0d%0aSet-Cookie:%20x=y',
  '/\u0000',
  '/\u0001\u0002',
  '/\u007f',
  '/caf\u00e9',
  '/\u20ac',
  '/\ud83d\ude00',
  '/\ud800',
  '?tab=all\u20ac',
  '?tab=all\r\nX: y',
  '?\u0000',
  `/${'x'.repeat(3000)}`,
  '',
  ' ',
  '%',
  '/%',
  '/%E0%A4%A',
];

// --- Bodies ------------------------------------------------------------------------------------

interface Shot {
  what: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
  /** Sent in chunks, without a Content-Length. */
  chunked?: boolean;
  /** Signed in (the shopper's cookie) or a guest. */
  signedIn: boolean;
  /** Origin header: the brand's (default), none, or another site's. */
  origin?: 'brand' | 'none' | 'evil';
}

const urlencoded = (fields: [string, string][]) =>
  Buffer.from(new URLSearchParams(fields).toString());

/** A form's fields with one set to a value (replaced where the form has it, else added). */
const withField = (form: Record<string, string>, name: string, value: string) =>
  Object.entries({ ...form, [name]: value });

function multipartBody(boundary: string, fields: [string, string][], file = false): Buffer {
  const parts = fields.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  if (file) {
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="a.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n\u0000\u00ff binary\r\n',
    );
  }
  return Buffer.from(`${parts.join('')}--${boundary}--\r\n`, 'utf8');
}

const URLENC = { 'content-type': 'application/x-www-form-urlencoded' };

/** Every body shape for one route, from one of its valid forms. */
function bodyShapes(fields: [string, string][]): Omit<Shot, 'path' | 'signedIn'>[] {
  const good = urlencoded(fields);
  const multi = multipartBody('FuzzBoundary7', fields, true);
  return [
    { what: 'urlencoded valid', method: 'POST', headers: URLENC, body: good },
    {
      what: 'urlencoded garbage',
      method: 'POST',
      headers: URLENC,
      body: Buffer.from('%%%&&==&a=%ZZ&=&==x&%E0%A4%A&\u00ff', 'latin1'),
    },
    {
      what: 'multipart valid',
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=FuzzBoundary7' },
      body: multi,
    },
    {
      what: 'multipart broken',
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=FuzzBoundary7' },
      body: multi.subarray(0, Math.floor(multi.length / 2)),
    },
    {
      what: 'multipart without boundary',
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: multi,
    },
    {
      what: 'json',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify(Object.fromEntries(fields))),
    },
    { what: 'text/plain', method: 'POST', headers: { 'content-type': 'text/plain' }, body: good },
    { what: 'no type', method: 'POST', body: good },
    { what: 'empty', method: 'POST' },
    {
      what: 'NUL escaped',
      method: 'POST',
      headers: URLENC,
      body: Buffer.concat([good, Buffer.from('&note=a%00b')]),
    },
    {
      what: 'NUL raw',
      method: 'POST',
      headers: URLENC,
      body: Buffer.concat([good, Buffer.from('&note=a\u0000b', 'latin1')]),
    },
    {
      what: 'non-UTF-8 bytes',
      method: 'POST',
      headers: URLENC,
      body: Buffer.concat([good, Buffer.from([0x26, 0x6e, 0x3d, 0xff, 0xfe, 0xc3, 0x28, 0x80])]),
    },
    {
      what: '70 KB',
      method: 'POST',
      headers: URLENC,
      body: Buffer.concat([good, Buffer.from(`&pad=${'x'.repeat(70_000)}`)]),
    },
    {
      what: '200 KB chunked',
      method: 'POST',
      headers: URLENC,
      body: Buffer.concat([good, Buffer.from(`&pad=${'x'.repeat(200_000)}`)]),
      chunked: true,
    },
    {
      what: 'many fields',
      method: 'POST',
      headers: URLENC,
      body: Buffer.from(Array.from({ length: 6000 }, (_, i) => `f${i}=1`).join('&')),
    },
    {
      what: 'gzip encoded',
      method: 'POST',
      headers: { ...URLENC, 'content-encoding': 'gzip' },
      body: good,
    },
  ];
}

// --- Sending -----------------------------------------------------------------------------------

interface Answer {
  status: number;
  location?: string;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function send(shot: Shot, cookie: string): Promise<Answer> {
  const origin = `http://${SITE}.localhost:${FUZZ_PORT}`;
  const headers: Record<string, string> = {
    host: `${SITE}.localhost:${FUZZ_PORT}`,
    ...(shot.origin === 'none'
      ? {}
      : { origin: shot.origin === 'evil' ? 'http://evil.example' : origin }),
    ...(shot.signedIn ? { cookie } : {}),
    ...shot.headers,
  };
  if (shot.body && !shot.chunked) headers['content-length'] = String(shot.body.length);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: '127.0.0.1', port: FUZZ_PORT, method: shot.method, path: shot.path, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            location: res.headers.location,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.setTimeout(20_000, () => req.destroy(new Error('no answer within 20 s')));
    req.on('error', reject);
    if (shot.body && shot.chunked) {
      for (let at = 0; at < shot.body.length; at += 8192) {
        req.write(shot.body.subarray(at, at + 8192));
      }
      req.end();
    } else req.end(shot.body);
  });
}

/** Raw bytes on a connection of their own; what came back and whether the server closed it. */
function rawExchange(parts: (string | Buffer)[], waitMs: number) {
  return new Promise<{ text: string; closedAfterMs: number | null }>((resolve) => {
    const started = Date.now();
    const socket = net.connect(FUZZ_PORT, '127.0.0.1');
    let text = '';
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closedAfterMs: closed ? Date.now() - started : null });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    for (const part of parts) socket.write(part);
  });
}

/** A small seeded generator (mulberry32): the same requests on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  return { next, pick };
}

// --- The run -----------------------------------------------------------------------------------

/** Every request of the run, in order: the signed-in logouts last (they end the session). */
function plan(): Shot[] {
  const rnd = random(SEED);
  const shots: Shot[] = [];
  const formOf = (route: string): [string, string][] =>
    Object.entries(rnd.pick(VALID[route.replace('.data', '')] ?? [{ a: '1' }]));
  const routes = [
    ...ACTION_ROUTES,
    ...ACTION_ROUTES.map(dataAddress),
    ...OTHER_ROUTES,
    dataAddress('/posts'),
  ];

  // Every route x every body shape x guest and signed in.
  for (const signedIn of [false, true]) {
    for (const route of routes) {
      for (const shape of bodyShapes(formOf(route)))
        shots.push({ ...shape, path: route, signedIn });
    }
  }

  // Methods the site does not serve, with and without a body, and OPTIONS.
  for (const signedIn of [false, true]) {
    for (const route of [
      '/',
      '/login',
      '/account?index',
      '/logout',
      '/no-such-page',
      '/login.data',
    ]) {
      for (const method of [
        'TRACE',
        'PUT',
        'DELETE',
        'PATCH',
        'OPTIONS',
        'PROPFIND',
        'MKCOL',
        'LOCK',
        'SEARCH',
      ]) {
        shots.push({ what: `${method}`, method, path: route, signedIn });
        shots.push({
          what: `${method} with body`,
          method,
          path: route,
          signedIn,
          headers: URLENC,
          body: urlencoded([['a', '1']]),
        });
      }
    }
  }

  // Odd redirect targets: in the query of pages, in the forms that carry one.
  for (const signedIn of [false, true]) {
    for (const target of ODD_TARGETS) {
      // URLSearchParams, not encodeURIComponent: a lone surrogate becomes U+FFFD, never a throw.
      const q = new URLSearchParams({ q: target }).toString().slice(2);
      shots.push({
        what: 'login redirectTo query',
        method: 'GET',
        path: `/login?redirectTo=${q}`,
        signedIn,
      });
      shots.push({
        what: 'login reason query',
        method: 'GET',
        path: `/login?reason=${q}&address=${q}&pane=${q}`,
        signedIn,
      });
      shots.push({
        what: 'coupons query',
        method: 'GET',
        path: `/digital-coupons?tab=${q}&sort=${q}&page=${q}`,
        signedIn,
      });
      shots.push({
        what: 'reset query',
        method: 'GET',
        path: `/reset-password?token=${q}&address=${q}`,
        signedIn,
      });
      shots.push({
        what: 'search query',
        method: 'GET',
        path: `/search?q=${q}&category=${q}`,
        signedIn,
      });
      shots.push({
        what: 'login redirectTo field',
        method: 'POST',
        path: '/login',
        signedIn,
        headers: URLENC,
        body: urlencoded(withField(VALID['/login'][0], 'redirectTo', target)),
      });
      shots.push({
        what: 'home store redirectTo field',
        method: 'POST',
        path: '/home-store',
        signedIn,
        headers: URLENC,
        body: urlencoded(withField(VALID['/home-store'][0], 'redirectTo', target)),
      });
      for (const base of VALID['/digital-coupons?index']) {
        shots.push({
          what: `coupons returnTo field (${base.intent})`,
          method: 'POST',
          path: '/digital-coupons?index',
          signedIn,
          headers: URLENC,
          body: urlencoded(withField(base, 'returnTo', target)),
        });
      }
    }
  }

  // Every field of every valid form with odd characters slipped into its value (so a value that
  // must start with `?` or `/` still does), as a guest and signed in.
  const SNIPPETS = ['\u0000', '\r\n', '\u0001', '\u00e9', '\u20ac', '\ud83d\ude00', '%', '//'];
  for (const [route, forms] of Object.entries(VALID)) {
    for (const form of forms) {
      for (const [name, own] of Object.entries(form)) {
        for (const snippet of SNIPPETS) {
          const middle = Math.ceil(own.length / 2);
          const changed = own.slice(0, middle) + snippet + own.slice(middle);
          for (const signedIn of [false, true]) {
            shots.push({
              what: `${name} with ${JSON.stringify(snippet)}`,
              method: 'POST',
              path: route,
              signedIn,
              headers: URLENC,
              body: urlencoded(withField(form, name, changed)),
            });
          }
        }
      }
    }
  }

  // Random mutations of valid forms: a field replaced, odd characters slipped in, a field added.
  const ODD = [...SNIPPETS, ' ', 'x'.repeat(3000), ...ODD_TARGETS];
  const mutationRoutes = ACTION_ROUTES.filter((r) => r !== '/logout');
  for (let i = 0; i < 500; i++) {
    const route = rnd.pick(mutationRoutes);
    const fields = formOf(route);
    const snippet = rnd.pick(ODD);
    if (fields.length && rnd.next() < 0.7) {
      const at = Math.floor(rnd.next() * fields.length);
      const [name, v] = fields[at];
      const cut = Math.floor(rnd.next() * (v.length + 1));
      fields[at] = [name, rnd.next() < 0.5 ? snippet : v.slice(0, cut) + snippet + v.slice(cut)];
    } else fields.push([rnd.pick(['intent', 'redirectTo', 'returnTo', snippet]), snippet]);
    const multipart = rnd.next() < 0.3;
    shots.push({
      what: `mutated ${multipart ? 'multipart' : 'urlencoded'}`,
      method: 'POST',
      path: rnd.next() < 0.2 ? dataAddress(route) : route,
      signedIn: rnd.next() < 0.6,
      origin: rnd.next() < 0.05 ? rnd.pick(['none', 'evil'] as const) : 'brand',
      ...(multipart
        ? {
            headers: { 'content-type': 'multipart/form-data; boundary=Mut8' },
            body: multipartBody('Mut8', fields),
          }
        : { headers: URLENC, body: urlencoded(fields) }),
    });
  }

  // Last: the signed-in logouts (with server-side sessions they end the one the run replays).
  const isSignedInLogout = (s: Shot) => s.signedIn && s.path.startsWith('/logout');
  return [...shots.filter((s) => !isSignedInLogout(s)), ...shots.filter(isSignedInLogout)];
}

/** Signs the demo shopper in through /login; the session cookie. */
async function signIn(): Promise<string> {
  const body = urlencoded([
    ['intent', 'login'],
    ['email', AVA.email],
    ['password', AVA.password],
  ]);
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: FUZZ_PORT,
        method: 'POST',
        path: '/login',
        headers: {
          host: `${SITE}.localhost:${FUZZ_PORT}`,
          origin: `http://${SITE}.localhost:${FUZZ_PORT}`,
          ...URLENC,
          'content-length': String(body.length),
        },
      },
      resolve,
    );
    req.on('error', reject);
    req.end(body);
  });
  res.resume();
  expect(res.statusCode).toBe(302);
  return (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
}

/** Internal text a document may never show: Remix's own messages, a stack trace. */
const INTERNAL = /did not provide an `action`|You made a \w+ request|\n\s+at \S+ \(/;

test.describe('fuzz of the built server', () => {
  // In order, in one worker (one second server); a failure does not skip the tests after it.
  test.describe.configure({ mode: 'default' });
  let site: SiteProcess;
  let cookie = '';

  test.beforeAll(async () => {
    // A fresh data folder seeds every brand: ~15 s on a busy machine, 60 s seen under load.
    test.setTimeout(180_000);
    site = await startSiteProcess({
      port: FUZZ_PORT,
      name: 'fuzz',
      env: { RATE_LIMIT_IP_PER_MINUTE: '100000' },
    });
    cookie = await signIn();
  });
  test.afterAll(async () => {
    agent.destroy();
    await site?.stop();
  });

  test('a few thousand requests of every shape: no 5xx, no hang, no error logged', async () => {
    // About 40 s measured on the two shared cores; room for a busy machine.
    test.setTimeout(180_000);
    const shots = plan();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    let checkedSignedIn = false;
    const started = Date.now();
    let next = 0;
    const worker = async () => {
      while (next < shots.length) {
        const shot = shots[next++];
        if (!checkedSignedIn && shot.signedIn && shot.path.startsWith('/logout')) {
          checkedSignedIn = true;
          // The signed-in requests really were: the cookie still opens the account page.
          const account = await send(
            { what: 'account', method: 'GET', path: '/account', signedIn: true },
            cookie,
          );
          expect(account.status, 'still signed in before the logouts').toBe(200);
        }
        sent++;
        const label = `${shot.method} ${shot.path.slice(0, 80)} (${shot.what}, ${
          shot.signedIn ? 'signed in' : 'guest'
        })`;
        try {
          const answer = await send(shot, cookie);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status >= 500) failures.push(`${answer.status} ${label}`);
          if (!shot.path.includes('.data') && INTERNAL.test(answer.body)) {
            failures.push(`internal text: ${label}`);
          }
        } catch (error) {
          failures.push(`no answer: ${label}: ${String(error)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const serverErrors = failures.filter((f) => /^5\d\d /.test(f)).length;
    const byStatus = JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])));
    console.log(
      `fuzz: ${sent} requests, ${serverErrors} server errors (${seconds} s; ${byStatus})`,
    );
    expect(checkedSignedIn).toBe(true);
    expect(sent).toBeGreaterThan(2500);
    expect(failures.slice(0, 20)).toEqual([]);
    // A client's mistake is logged at info or warn, never as an error.
    expect(site.errorLogs().slice(0, 5)).toEqual([]);
  });

  test('a post to a page without a form gets the 405 page, nothing internal anywhere', async () => {
    const answer = await send(
      {
        what: '405',
        method: 'POST',
        path: '/posts',
        signedIn: false,
        headers: URLENC,
        body: urlencoded([['q', 'x']]),
      },
      cookie,
    );
    expect(answer.status).toBe(405);
    expect(answer.body).toContain('This page does not take that kind of request.');
    // The whole body, scripts included (Remix's hydration data carried its message before).
    expect(answer.body).not.toMatch(INTERNAL);
    expect(answer.body).not.toContain('routes/posts');
  });

  test('a body left unread never holds a keep-alive connection', async () => {
    const host = `Host: ${SITE}.localhost:${FUZZ_PORT}\r\nOrigin: http://${SITE}.localhost:${FUZZ_PORT}\r\n`;
    const post = (route: string, size: number, extra = '') =>
      `POST ${route} HTTP/1.1\r\n${host}${extra}Content-Type: application/x-www-form-urlencoded\r\n` +
      `Content-Length: ${size}\r\n\r\n`;
    const next = `GET /posts HTTP/1.1\r\n${host}\r\n`;
    const big = Buffer.alloc(200_000, 'a');

    // 200 KB to routes that never read a body (a guest's logout, account, a page without a
    // form): refused at once and the socket closed (it hung for the keep-alive timeout).
    for (const route of ['/logout', '/account?index', '/posts', '/login']) {
      const res = await rawExchange([post(route, big.length), big, next], 5000);
      expect(res.text, route).toMatch(/^HTTP\/1\.1 413 /);
      expect(res.text, route).toMatch(/\r\nConnection: close\r\n/i);
      expect(res.closedAfterMs, route).not.toBeNull();
    }
    // A Content-Length of 1 GB with a few bytes sent: answered without waiting for the rest.
    const huge = await rawExchange([post('/register', 1_000_000_000), 'a=b'], 5000);
    expect(huge.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(huge.closedAfterMs).not.toBeNull();

    // An unknown host with a body, a refused cross-site post with one: closed, never hung.
    const unknown = await rawExchange(
      [
        `POST /login HTTP/1.1\r\nHost: nobody.example\r\nContent-Length: ${big.length}\r\n\r\n`,
        big,
        next,
      ],
      5000,
    );
    expect(unknown.text).toMatch(/^HTTP\/1\.1 404 /);
    expect(unknown.closedAfterMs).not.toBeNull();

    // Within the limit, a body a route does not read is still read: the next request is served
    // on the same connection.
    const small = Buffer.alloc(60_000, 'a');
    const kept = await rawExchange([post('/logout', small.length), small, next], 1500);
    expect(kept.text.match(/HTTP\/1\.1 \d{3} /g)).toEqual(['HTTP/1.1 302 ', 'HTTP/1.1 200 ']);
  });

  test('odd request lines and headers are answered, never a 5xx', async () => {
    const host = `Host: ${SITE}.localhost:${FUZZ_PORT}\r\n`;
    const lines = [
      `GET /caf\u00e9?redirectTo=/\u20ac HTTP/1.1\r\n${host}\r\n`,
      `GET /login?redirectTo=%0d%0aX:%20y HTTP/1.1\r\n${host}\r\n`,
      `GET /%E0%A4%A HTTP/1.1\r\n${host}\r\n`,
      `GET //evil.example/ HTTP/1.1\r\n${host}\r\n`,
      `OPTIONS * HTTP/1.1\r\n${host}\r\n`,
      `GET / HTTP/1.1\r\n${host}Cookie: __session=\u00ff\u00fe; x=%00\r\n\r\n`,
      `GET / HTTP/1.1\r\n${host}Accept-Language: \u00e9\u00e8\r\n\r\n`,
      `GET / HTTP/1.0\r\n${host}\r\n`,
      `GET / HTTP/1.1\r\nHost: ${SITE}.localhost:${FUZZ_PORT}\r\n${'X-Pad: a\r\n'.repeat(150)}\r\n`,
      `POST /login HTTP/1.1\r\n${host}Origin: http://${SITE}.localhost:${FUZZ_PORT}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`,
    ];
    for (const line of lines) {
      // Each on its own connection, closed by the server after its answer.
      const closing = line.replace('\r\n', '\r\nConnection: close\r\n');
      const res = await rawExchange([Buffer.from(closing, 'latin1')], 3000);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(res.text)?.[1] ?? 0);
      expect(status, JSON.stringify(line.slice(0, 60))).toBeGreaterThanOrEqual(200);
      expect(status, JSON.stringify(line.slice(0, 60))).toBeLessThan(500);
    }
  });
});
