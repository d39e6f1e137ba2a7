import http from 'node:http';
import net from 'node:net';
import { expect, test } from '@playwright/test';
import {
  BAD_QUERY_TEXT,
  fuzzPlan,
  RESET_TOKEN,
  SITE,
  URLENC,
  urlencoded,
  type Shot,
} from '../kit/fuzz-plan';
import { discoverLoyaltyApi } from '../kit/loyalty';
import { registerFreshShopper, type Shopper } from '../kit/shoppers';
import { startSiteProcess, type SiteProcess } from '../kit/site-process';
import { PORT } from '../kit/support';

/**
 * End-to-end fuzz of the built server ("no 500 for any input"): a few thousand
 * requests over plain HTTP to every action route and then some (documents and their `.data`
 * URLs), with bodies of every shape, odd methods, odd addresses and redirect targets, as a
 * guest and as a signed-in shopper (registered for the run: the posts change its account). No answer may be a 5xx, none may hang, and the server
 * may log no error (a client's mistake is info or warn). A second site process of its own (its
 * limits, its data, its logs), started once: the js project only.
 */

const FUZZ_PORT = PORT + 70;
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_110);
/** Requests in flight at once (two cores: more only queues). */
const CONCURRENCY = 4;

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
      socket.destroy();
      resolve({ text, closedAfterMs: closed ? Date.now() - started : null });
    };
    // Still open after waitMs: the server kept the connection.
    AbortSignal.timeout(waitMs).addEventListener('abort', () => finish(false));
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    for (const part of parts) socket.write(part);
  });
}

/** Signs a shopper in through /login; the session cookie. */
async function signIn(shopper: Shopper): Promise<string> {
  const body = urlencoded([
    ['intent', 'login'],
    ['email', shopper.email],
    ['password', shopper.password],
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
    const api = await discoverLoyaltyApi(FUZZ_PORT, site.dataDir);
    cookie = await signIn(await registerFreshShopper(api, { site: SITE }));
  });
  test.afterAll(async () => {
    agent.destroy();
    await site?.stop();
  });

  test('a few thousand requests of every shape: no 5xx, no hang, no error logged', async () => {
    // About 20 s alone on the two cores; 75 s seen beside the rest of the suite on a busy machine.
    test.setTimeout(180_000);
    // A signed-in logout ends the session the other requests replay (server-side sessions): last.
    const shots = fuzzPlan(SEED);
    const isSignedInLogout = (s: Shot) => s.signedIn && s.path.startsWith('/logout');
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    const started = Date.now();
    const sendAll = async (list: Shot[]) => {
      let next = 0;
      const worker = async () => {
        while (next < list.length) {
          const shot = list[next++];
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
    };
    await sendAll(shots.filter((s) => !isSignedInLogout(s)));
    // The signed-in requests really were: the cookie still opens the account page.
    const account = await send(
      { what: 'account', method: 'GET', path: '/account', signedIn: true },
      cookie,
    );
    expect(account.status, 'still signed in after the run').toBe(200);
    await sendAll(shots.filter(isSignedInLogout));
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const serverErrors = failures.filter((f) => /^5\d\d /.test(f)).length;
    const byStatus = JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])));
    console.log(
      `fuzz: ${sent} requests, ${serverErrors} server errors (${seconds} s; ${byStatus})`,
    );
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

  test('a NUL or text that is not UTF-8 in a query or a form field: the 400 page, before any store', async () => {
    const password = 'Fuzz1!password';
    const reset = urlencoded([
      ['intent', 'reset'],
      ['password', password],
      ['confirmPassword', password],
    ]);
    const post = (path: string, body: Buffer): Shot => ({
      what: 'bad text',
      method: 'POST',
      path,
      signedIn: false,
      headers: URLENC,
      body,
    });
    const shots: Shot[] = [
      // The reset link's address reaches the store: a 500 from PGlite before.
      post(`/reset-password?token=${RESET_TOKEN}&address=%00`, reset),
      post(`/reset-password?token=${RESET_TOKEN}&address=%C3%28`, reset),
      post(`/reset-password.data?token=${RESET_TOKEN}&address=%FF`, reset),
      { what: 'bad query', method: 'GET', path: '/login?redirectTo=%00', signedIn: false },
      { what: 'bad query', method: 'GET', path: '/locations?q=%00', signedIn: false },
      ...BAD_QUERY_TEXT.flatMap((bad): Shot[] => [
        { what: 'bad query', method: 'GET', path: `/locations?${bad}`, signedIn: false },
        { what: 'bad query', method: 'GET', path: `/digital-coupons?${bad}`, signedIn: true },
        { what: 'bad query', method: 'GET', path: `/login?redirectTo=%2F&${bad}`, signedIn: false },
        {
          what: 'bad query',
          method: 'GET',
          path: `/reset-password?token=${RESET_TOKEN}&${bad}`,
          signedIn: false,
        },
      ]),
    ];
    // Form fields with bytes that are not UTF-8 (escaped or raw) or a NUL.
    const login = urlencoded([
      ['intent', 'login'],
      ['password', 'b'],
    ]);
    shots.push(
      post('/login', Buffer.concat([login, Buffer.from('&email=%C3%28')])),
      post('/login', Buffer.concat([login, Buffer.from('&email=\u00ff', 'latin1')])),
      post(
        '/register',
        Buffer.concat([urlencoded([['intent', 'register']]), Buffer.from('&firstName=a%00')]),
      ),
    );
    for (const shot of shots) {
      const answer = await send(shot, cookie);
      const label = `${shot.method} ${shot.path}`;
      expect(answer.status, label).toBe(400);
      if (!shot.path.includes('.data')) {
        expect(answer.body, label).toContain('could not be understood');
        expect(answer.body, label).not.toMatch(INTERNAL);
        expect(answer.body, label).not.toMatch(/invalid byte sequence|PGlite|postgres/i);
      }
    }
    expect(site.errorLogs().slice(0, 5)).toEqual([]);
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
