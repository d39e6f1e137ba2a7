import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  loyaltyBreakerState,
  loyaltyCallDuration,
  loyaltyCallErrors,
} from '@common/metrics.server';
import { clientForRequest, createLoyaltyClient } from './client.server';
import { LoyaltyError, LoyaltyUnavailableError } from './errors';
import {
  LoyaltyBreakerOpenError,
  loyaltyBreakerStates,
  resetLoyaltyBreakers,
} from './breaker.server';
import { createLoyaltyBudget, createTransport } from './http.server';
import { closeLoyaltyPools } from './pool.server';

/**
 * The transport against a local fault injector: a node:http server whose behaviour each test
 * scripts (hang, 503, reset, oversized body). It stands in for a misbehaving network, not for the
 * loyalty service; the service's behaviour is covered by the contract tests.
 */

type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void;
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let base: string;
let handler: Handler;
let seen: Seen[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => {
  seen = [];
  // The breaker of the fault injector's origin is process-wide: each test starts it closed.
  resetLoyaltyBreakers();
});

afterAll(async () => {
  await closeLoyaltyPools();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const hang: Handler = () => undefined;

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('transport', () => {
  it('sends JSON and returns camelCased JSON', async () => {
    handler = (_req, res) =>
      json(res, 200, { AppUserLogin: { FirstName: 'Ava' }, Items: [{ A_B: 1 }] });
    const send = createTransport(base);
    const r = await send({
      method: 'POST',
      path: '/x',
      query: { a: 'app 1', b: undefined },
      body: { k: 1 },
    });
    expect(r).toEqual({
      status: 200,
      body: { appUserLogin: { firstName: 'Ava' }, items: [{ aB: 1 }] },
    });
    expect(seen[0].url).toBe('/x?a=app+1');
    expect(seen[0].headers['content-type']).toBe('application/json');
    expect(seen[0].headers.accept).toBe('application/json');
    expect(JSON.parse(seen[0].body)).toEqual({ k: 1 });
  });

  it('keeps a base URL path prefix', async () => {
    handler = (_req, res) => json(res, 200, {});
    await createTransport(`${base}/api/v2/`)({ method: 'GET', path: '/loyalty/a/charities' });
    expect(seen[0].url).toBe('/api/v2/loyalty/a/charities');
  });

  it('enforces the deadline on a hung call', async () => {
    handler = hang;
    const started = Date.now();
    const error = await rejection(
      createTransport(base, { timeoutMs: 400 })({ method: 'GET', path: '/hang' }),
    );
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(LoyaltyUnavailableError);
    expect((error as LoyaltyError).status).toBe(504);
    expect(elapsed).toBeGreaterThanOrEqual(350);
    expect(elapsed).toBeLessThan(1500);
  });

  it('retries a GET whose attempt hangs, within the deadline', async () => {
    let n = 0;
    handler = (_req, res) => {
      if (n++ === 0) return; // first attempt hangs
      json(res, 200, { Ok: true });
    };
    const send = createTransport(base, {
      timeoutMs: 2000,
      attemptTimeoutMs: 200,
      retryDelayMs: 10,
    });
    expect((await send({ method: 'GET', path: '/slow-once' })).body).toEqual({ ok: true });
    expect(seen).toHaveLength(2);
  });

  it('retries a GET on 502/503/504 at most twice, then succeeds', async () => {
    let n = 0;
    handler = (_req, res) => (n++ < 2 ? json(res, [502, 503][n - 1], {}) : json(res, 200, []));
    const send = createTransport(base, { retryDelayMs: 5 });
    expect((await send({ method: 'GET', path: '/flaky' })).body).toEqual([]);
    expect(seen).toHaveLength(3);
  });

  it('gives up after two GET retries with LoyaltyUnavailableError', async () => {
    handler = (_req, res) => json(res, 503, { Code: 503, Reason: 'Down for maintenance.' });
    const error = await rejection(
      createTransport(base, { retryDelayMs: 5 })({ method: 'GET', path: '/down' }),
    );
    expect(error).toBeInstanceOf(LoyaltyUnavailableError);
    expect((error as LoyaltyError).status).toBe(503);
    expect(seen).toHaveLength(3);
  });

  it('honours retries: 0', async () => {
    handler = (_req, res) => json(res, 504, {});
    await rejection(createTransport(base, { retries: 0 })({ method: 'GET', path: '/down' }));
    expect(seen).toHaveLength(1);
  });

  it.each(['POST', 'PUT'] as const)('never retries a %s (503)', async (method) => {
    handler = (_req, res) => json(res, 503, {});
    const error = await rejection(
      createTransport(base, { retryDelayMs: 5 })({ method, path: '/write', body: {} }),
    );
    expect(error).toBeInstanceOf(LoyaltyUnavailableError);
    expect(seen).toHaveLength(1);
  });

  it('never retries a POST that hangs: one attempt, then the deadline', async () => {
    handler = hang;
    const error = await rejection(
      createTransport(base, { timeoutMs: 300, retryDelayMs: 5 })({
        method: 'POST',
        path: '/w',
        body: {},
      }),
    );
    expect(error).toBeInstanceOf(LoyaltyUnavailableError);
    expect(seen).toHaveLength(1);
  });

  it.each([400, 401, 404, 409, 500])(
    'never retries a %i; throws LoyaltyError with code and reason',
    async (status) => {
      handler = (_req, res) => json(res, status, { Code: 20, Reason: 'firstName is required.' });
      const error = await rejection(
        createTransport(base, { retryDelayMs: 5 })({ method: 'GET', path: '/bad' }),
      );
      expect(error).toBeInstanceOf(LoyaltyError);
      expect(error).not.toBeInstanceOf(LoyaltyUnavailableError);
      expect(error).toMatchObject({ status, code: 20, reason: 'firstName is required.' });
      expect((error as Error).message).toBe('firstName is required.');
      expect(seen).toHaveLength(1);
    },
  );

  it('retries a GET whose connection is reset', async () => {
    let n = 0;
    handler = (req, res) => (n++ === 0 ? req.socket.destroy() : json(res, 200, { Fine: 1 }));
    const send = createTransport(base, { retryDelayMs: 5 });
    expect((await send({ method: 'GET', path: '/reset' })).body).toEqual({ fine: 1 });
    expect(seen).toHaveLength(2);
  });

  it('a closed port is LoyaltyUnavailableError', async () => {
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const error = await rejection(
      createTransport(`http://127.0.0.1:${port}`, { retryDelayMs: 5 })({
        method: 'GET',
        path: '/',
      }),
    );
    expect(error).toBeInstanceOf(LoyaltyUnavailableError);
    expect((error as Error).message).toContain('ECONNREFUSED');
  });

  it("the caller's abort rejects promptly with an AbortError, not retried", async () => {
    handler = hang;
    const controller = new AbortController();
    const started = Date.now();
    const p = createTransport(base)({ method: 'GET', path: '/hang', signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await rejection(p);
    expect((error as Error).name).toBe('AbortError');
    expect(Date.now() - started).toBeLessThan(500);
    expect(seen.length).toBeLessThanOrEqual(1);
  });

  it('an already aborted signal sends nothing', async () => {
    handler = (_req, res) => json(res, 200, {});
    const error = await rejection(
      createTransport(base)({ method: 'GET', path: '/', signal: AbortSignal.abort() }),
    );
    expect((error as Error).name).toBe('AbortError');
    expect(seen).toHaveLength(0);
  });

  it('caps the response size', async () => {
    handler = (_req, res) => json(res, 200, { Big: 'x'.repeat(5000) });
    const error = await rejection(
      createTransport(base, { maxResponseBytes: 1000 })({ method: 'GET', path: '/big' }),
    );
    expect(error).toBeInstanceOf(LoyaltyError);
    expect((error as LoyaltyError).status).toBe(502);
    // A streamed body without content-length is cut off too.
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(`{"Big":"${'y'.repeat(800)}`);
      res.end(`${'y'.repeat(800)}"}`);
    };
    const streamed = await rejection(
      createTransport(base, { maxResponseBytes: 1000 })({ method: 'GET', path: '/big' }),
    );
    expect((streamed as LoyaltyError).status).toBe(502);
  });

  it('a 200 that is not JSON is a LoyaltyError, not a crash', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>proxy page</html>');
    };
    const error = await rejection(createTransport(base)({ method: 'GET', path: '/html' }));
    expect(error).toBeInstanceOf(LoyaltyError);
    expect((error as LoyaltyError).status).toBe(502);
  });

  it('an error page that is not JSON keeps its status', async () => {
    handler = (_req, res) => {
      res.writeHead(403, { 'content-type': 'text/html' });
      res.end('<h1>Forbidden</h1>');
    };
    const error = await rejection(createTransport(base)({ method: 'GET', path: '/html' }));
    expect(error).toMatchObject({ status: 403, code: null, reason: null });
  });
});

describe('client over the transport', () => {
  const client = () =>
    createLoyaltyClient({
      baseUrl: base,
      appId: 'app/1',
      basic: 'site:secret',
      bearer: 'tok',
      retryDelayMs: 5,
    });

  it('sends Basic to /AppUsers and Bearer to /loyalty, encoding path segments', async () => {
    handler = (req, res) =>
      req.url?.startsWith('/AppUsers')
        ? json(res, 200, { AppUserQuestions: { Questions: [{ Id: 1, Question: 'Pet?' }] } })
        : json(res, 200, []);
    expect(await client().getSecurityQuestions()).toEqual([{ id: '1', question: 'Pet?' }]);
    expect(await client().getCharities()).toEqual([]);
    expect(seen[0].url).toBe('/AppUsers/securityquestions?a=app%2F1');
    expect(seen[0].headers.authorization).toBe(
      `Basic ${Buffer.from('site:secret').toString('base64')}`,
    );
    expect(seen[1].url).toBe('/loyalty/app%2F1/charities');
    expect(seen[1].headers.authorization).toBe('Bearer tok');
  });

  it('a response of the wrong shape is a LoyaltyError (502), not a crash', async () => {
    handler = (_req, res) => json(res, 200, { Available: 'not a list' });
    const error = await rejection(client().getOffers(null));
    expect(error).toBeInstanceOf(LoyaltyError);
    expect((error as LoyaltyError).status).toBe(502);
    expect((error as Error).message).toContain('available');
    handler = (_req, res) => json(res, 200, { Points: 'many' });
    expect(await rejection(client().getPointsTotal('000000000001'))).toBeInstanceOf(LoyaltyError);
  });

  it('getOffers is cancellable', async () => {
    handler = hang;
    const controller = new AbortController();
    const p = client().getOffers('000000000001', { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    expect(((await rejection(p)) as Error).name).toBe('AbortError');
  });

  it('login without a user login section is null', async () => {
    handler = (_req, res) => json(res, 200, { FrequentShopperJwt: null });
    expect(await client().login({ emailOrPhone: 'a@example.com', password: 'x' })).toBeNull();
  });
});

describe('one budget per request', () => {
  it('starts at the first call and shrinks with time', () => {
    let t = 1000;
    const budget = createLoyaltyBudget(6000, () => t);
    t = 5000; // time before the first loyalty call does not count
    expect(budget.remainingMs()).toBe(6000);
    t += 2500;
    expect(budget.remainingMs()).toBe(3500);
    t += 4000;
    expect(budget.remainingMs()).toBe(-500);
  });

  it("bounds a registration's sequential calls by the request's budget, not 3 x the deadline", async () => {
    handler = hang;
    const client = createLoyaltyClient({
      baseUrl: base,
      appId: 'app',
      basic: 'site:secret',
      bearer: 'tok',
      timeoutMs: 500,
      retryDelayMs: 5,
      breaker: { failures: 100 },
    });
    const loyalty = clientForRequest(client, createLoyaltyBudget(700));
    const started = Date.now();
    // The calls a registration makes one after another, each against a hanging service.
    const errors = [
      await rejection(loyalty.getCustomer({ phone: '4355550101' })),
      await rejection(
        loyalty.register({
          firstName: 'A',
          lastName: 'B',
          email: 'a@example.com',
          phone: '4355550101',
          password: 'Secret-123',
        }),
      ),
      await rejection(loyalty.getEmailSubscriptions('000000000001')),
    ];
    const elapsed = Date.now() - started;
    for (const error of errors) expect(error).toBeInstanceOf(LoyaltyUnavailableError);
    // Each call alone may take 500 ms; together they get the request's 700 ms.
    expect(elapsed).toBeGreaterThanOrEqual(650);
    expect(elapsed).toBeLessThan(1000);
    // The last call found the budget spent and sent nothing.
    expect(seen.filter((r) => r.url.includes('emailsubscriptions'))).toHaveLength(0);
  });

  it('a request with budget left runs each call up to its own deadline', async () => {
    let n = 0;
    handler = (_req, res) => (n++ === 0 ? undefined : json(res, 200, { Ok: true }));
    const send = createTransport(base, { timeoutMs: 300, retries: 0, breaker: { failures: 100 } });
    const budget = createLoyaltyBudget(5000);
    const started = Date.now();
    await rejection(send({ method: 'POST', path: '/hang', body: {}, budget }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect((await send({ method: 'GET', path: '/ok', budget })).body).toEqual({ ok: true });
  });
});

describe('circuit breaker per origin', () => {
  const stateOf = (origin: string) =>
    loyaltyBreakerStates().find((b) => b.origin === origin)?.state;
  const counter = async (kind: string) =>
    (await loyaltyCallErrors.get()).values.find(
      (v) => v.labels.origin === base && v.labels.kind === kind,
    )?.value ?? 0;

  async function until(check: () => boolean, ms = 3000) {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error('condition not met in time');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  it('opens after a run of unavailable answers; then every call fails at once, unsent', async () => {
    handler = (_req, res) => json(res, 503, {});
    const send = createTransport(base, {
      retries: 0,
      breaker: { failures: 3, halfOpenAfterMs: 60_000 },
    });
    for (let i = 0; i < 3; i++) {
      expect(await rejection(send({ method: 'GET', path: '/down' }))).not.toBeInstanceOf(
        LoyaltyBreakerOpenError,
      );
    }
    expect(stateOf(base)).toBe('open');
    const before = await counter('breaker_open');
    for (const method of ['GET', 'POST'] as const) {
      const started = performance.now();
      const error = await rejection(send({ method, path: '/down', body: {} }));
      expect(performance.now() - started).toBeLessThan(20);
      expect(error).toBeInstanceOf(LoyaltyBreakerOpenError);
      // Pages show their section's message for it, as for any outage.
      expect(error).toBeInstanceOf(LoyaltyUnavailableError);
    }
    expect(seen).toHaveLength(3);
    expect(await counter('breaker_open')).toBe(before + 2);
    const gauge = (await loyaltyBreakerState.get()).values.find((v) => v.labels.origin === base);
    expect(gauge?.value).toBe(2);
  });

  it('opens on a hanging service too: after the timeouts, calls fail in milliseconds', async () => {
    handler = hang;
    const send = createTransport(base, {
      timeoutMs: 150,
      retries: 0,
      breaker: { failures: 2, halfOpenAfterMs: 60_000 },
    });
    await rejection(send({ method: 'GET', path: '/hang' }));
    await rejection(send({ method: 'POST', path: '/hang', body: {} }));
    const started = performance.now();
    expect(await rejection(send({ method: 'GET', path: '/hang' }))).toBeInstanceOf(
      LoyaltyBreakerOpenError,
    );
    expect(performance.now() - started).toBeLessThan(20);
    expect(seen).toHaveLength(2);
  });

  it('never opens on business errors (4xx), which also reset the run', async () => {
    let status = 503;
    handler = (_req, res) => json(res, status, { Code: 11, Reason: 'Wrong password.' });
    const send = createTransport(base, {
      retries: 0,
      breaker: { failures: 3, halfOpenAfterMs: 60_000 },
    });
    const call = () => rejection(send({ method: 'POST', path: '/AppUsers/login', body: {} }));
    await call();
    await call();
    for (const s of [401, 409, 400, 404, 401, 409]) {
      status = s;
      expect(await call()).toMatchObject({ status: s, reason: 'Wrong password.' });
    }
    status = 503;
    await call();
    await call();
    expect(stateOf(base)).toBe('closed');
    expect(seen).toHaveLength(10);
  });

  it("the caller's own abort does not count", async () => {
    handler = hang;
    const send = createTransport(base, { breaker: { failures: 2, halfOpenAfterMs: 60_000 } });
    for (let i = 0; i < 4; i++) {
      const error = await rejection(
        send({ method: 'GET', path: '/hang', signal: AbortSignal.timeout(20) }),
      );
      expect((error as Error).name).not.toBe('LoyaltyBreakerOpenError');
    }
    expect(stateOf(base)).toBe('closed');
  });

  it('a GET retry does not wait for a breaker that has just opened', async () => {
    handler = (_req, res) => json(res, 503, {});
    const send = createTransport(base, {
      retries: 2,
      retryDelayMs: 1000,
      breaker: { failures: 1, halfOpenAfterMs: 60_000 },
    });
    const started = Date.now();
    expect(await rejection(send({ method: 'GET', path: '/down' }))).toBeInstanceOf(
      LoyaltyUnavailableError,
    );
    expect(Date.now() - started).toBeLessThan(500);
    expect(seen).toHaveLength(1);
  });

  it('half-opens after the pause; its own trial call closes it once the service answers', async () => {
    let up = false;
    handler = (_req, res) => (up ? json(res, 200, { Back: true }) : json(res, 503, {}));
    const send = createTransport(base, {
      retries: 0,
      breaker: { failures: 2, halfOpenAfterMs: 150 },
    });
    await rejection(send({ method: 'GET', path: '/offers?x=1' }));
    await rejection(send({ method: 'GET', path: '/offers?x=1' }));
    expect(stateOf(base)).toBe('open');

    // Still down at the first trial: the trial (a replay of the last GET) fails, it stays open.
    await until(() => seen.length === 3);
    expect(seen[2]).toMatchObject({ method: 'GET', url: '/offers?x=1' });
    // The server has the trial; its 503 reaches the breaker a moment later (half-open till then).
    await until(() => stateOf(base) !== 'half-open');
    expect(stateOf(base)).toBe('open');
    expect(await rejection(send({ method: 'GET', path: '/offers' }))).toBeInstanceOf(
      LoyaltyBreakerOpenError,
    );

    // Back: the next trial closes the breaker and calls go through again, no shopper's call lost.
    up = true;
    await until(() => stateOf(base) === 'closed');
    expect(seen).toHaveLength(4);
    expect((await send({ method: 'GET', path: '/offers' })).body).toEqual({ back: true });
    const gauge = (await loyaltyBreakerState.get()).values.find((v) => v.labels.origin === base);
    expect(gauge?.value).toBe(0);
  });

  it('records every call: its duration by outcome and its errors by kind', async () => {
    handler = (_req, res) => json(res, 409, { Code: 21, Reason: 'Taken.' });
    const send = createTransport(base, { retries: 0 });
    const before = await counter('status_4xx');
    await rejection(send({ method: 'POST', path: '/register', body: {} }));
    handler = (_req, res) => json(res, 200, {});
    await send({ method: 'GET', path: '/fine' });
    expect(await counter('status_4xx')).toBe(before + 1);
    const counts = (await loyaltyCallDuration.get()).values.filter(
      (v) => v.metricName === 'loyalty_call_duration_seconds_count' && v.labels.origin === base,
    );
    expect(counts.find((v) => v.labels.outcome === 'status_4xx')?.value).toBeGreaterThanOrEqual(1);
    expect(
      counts.find((v) => v.labels.outcome === 'ok' && v.labels.method === 'GET')?.value,
    ).toBeGreaterThanOrEqual(1);
  });
});
