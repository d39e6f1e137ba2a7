/**
 * The whole HTTP path of a refused login post, behind one proxy (TRUST_PROXY=1): Express's
 * `req.ip` → the request context's clientIp → the per-IP limit → the 429 with Retry-After that
 * Remix sends for a script post (single fetch, /login.data) and for a plain form post (document).
 *
 * What Express does with a hop count of 1: the socket's peer (the proxy) is trusted, whatever its
 * address, and the client is the LAST X-Forwarded-For entry, the one the proxy appended. Entries
 * a client sends itself come before it and are never read, so forging them buys no new budget.
 * (A client that reaches the site without the proxy would write that last entry itself: with a
 * hop count, only the proxy may be able to reach the site; else list the proxy's addresses.)
 *
 * The app is the real one (server/app.ts) with a stand-in build holding the real /login route;
 * documents are not rendered: the stand-in entry answers with the status and headers Remix hands
 * to entry.server.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startActionHarness, type ActionHarness } from '@test/action-harness';
import { serveTestApp, testServerBuild } from '@test/server-build';
import { tooManyAttemptsMessage } from '~/lib/security/rate-limit.server';
import * as loginRoute from '~/routes/login';

const build = testServerBuild({
  routes: [{ id: 'routes/login', path: 'login', module: loginRoute }],
});

let h: ActionHarness;
let app: Awaited<ReturnType<typeof serveTestApp>> | undefined;
let port = 0;
let host = '';

beforeAll(async () => {
  // As an operator sets it: in the process environment, which server.ts parses.
  vi.stubEnv('TRUST_PROXY', '1');
  h = await startActionHarness({
    sites: ['lins'],
    env: { TRUST_PROXY: process.env.TRUST_PROXY!, RATE_LIMIT_IP_PER_MINUTE: '2' },
  });
  app = await serveTestApp(h, build, 'lins');
  ({ port, host } = app);
}, 60_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await app?.close();
  await h?.close();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A login post as the proxy forwards it (from loopback), with the X-Forwarded-* it sends. */
function post(
  forwardedFor: string | null,
  options: { js?: boolean; proto?: string; host?: string } = {},
) {
  const headers: Record<string, string> = {
    host: options.host ?? host,
    origin: `http://${options.host ?? host}`,
    'content-type': 'application/x-www-form-urlencoded',
  };
  if (forwardedFor !== null) headers['x-forwarded-for'] = forwardedFor;
  if (options.proto) headers['x-forwarded-proto'] = options.proto;
  // Nothing but the intent: a validation failure (400) that still counts against the address.
  const body = 'intent=login&email=&password=';
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: options.js ? '/login.data' : '/login',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('behind one proxy (TRUST_PROXY=1)', () => {
  it('gives every shopper their own per-IP budget, and forged entries buy none', async () => {
    const shopperA = '198.51.100.1';
    const shopperB = '198.51.100.2';
    expect((await post(shopperA, { js: true })).status).toBe(400);
    expect((await post(shopperA, { js: true })).status).toBe(400);
    const refused = await post(shopperA, { js: true });
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.body).toContain(tooManyAttemptsMessage(wait));

    // Another shopper behind the same proxy: their own budget.
    expect((await post(shopperB, { js: true })).status).toBe(400);
    // Shopper A sends X-Forwarded-For itself; the proxy appends A's address: still A.
    expect((await post(`203.0.113.99, ${shopperA}`, { js: true })).status).toBe(429);
    expect((await post(`${shopperB}, ${shopperA}`, { js: true })).status).toBe(429);
    // …and B, pretending to be someone else, is still B.
    expect((await post(`198.51.100.200, ${shopperB}`, { js: true })).status).toBe(400);
    expect((await post(shopperB, { js: true })).status).toBe(429);
  });

  it('sends Retry-After and the wait in words on a plain form post too', async () => {
    const shopperC = '198.51.100.3';
    expect((await post(shopperC)).status).toBe(400);
    expect((await post(shopperC)).status).toBe(400);
    const refused = await post(shopperC);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.headers['cache-control']).toBe('private, no-store');
  });

  it('compares the scheme the proxy reports with the Origin', async () => {
    // Not the canonical origin (another port of the brand's host name): the request's own.
    const other = `${new URL(h.tenant('lins').origin).hostname}:4444`;
    // The proxy says the browser came over https, but an http page posted: another origin.
    const downgraded = await post('198.51.100.4', { js: true, proto: 'https', host: other });
    expect(downgraded.status).toBe(403);
    expect((await post('198.51.100.4', { js: true, proto: 'http', host: other })).status).toBe(400);
  });
});
