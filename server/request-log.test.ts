import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { ServerBuild } from '@remix-run/node';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { httpRequestDuration } from '@common/metrics.server';
import {
  createRequestLog,
  remixRouteId,
  requestIdFor,
  ROUTE_ID_CACHE_SIZE,
  tagRemixRoute,
} from './request-log';

// React Router's matcher, counted: the route-id cache must spare it a path asked again.
const matcher = vi.hoisted(() => ({ calls: 0 }));
vi.mock('@remix-run/react', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@remix-run/react')>();
  const matchRoutes: typeof actual.matchRoutes = (...args) => {
    matcher.calls++;
    return actual.matchRoutes(...args);
  };
  return { ...actual, matchRoutes };
});

/** Every line the request log writes, parsed. */
const lines: Record<string, unknown>[] = [];
const destination = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line));
    done();
  },
});
const raw: string[] = [];
const rawDestination = new Writable({
  write(chunk: Buffer, _encoding, done) {
    raw.push(chunk.toString('utf8'));
    destination.write(chunk, done);
  },
});

/** A build's routes as Remix flat routes produce them (ids, parents, relative paths). */
const routes = {
  root: { id: 'root', path: '' },
  'routes/_index': { id: 'routes/_index', parentId: 'root', index: true },
  'routes/login': { id: 'routes/login', parentId: 'root', path: 'login' },
  'routes/posts': { id: 'routes/posts', parentId: 'root', path: 'posts' },
  'routes/posts._index': { id: 'routes/posts._index', parentId: 'routes/posts', index: true },
  'routes/posts.$category.$slug': {
    id: 'routes/posts.$category.$slug',
    parentId: 'routes/posts',
    path: ':category/:slug',
  },
  'routes/digital-coupons._index': {
    id: 'routes/digital-coupons._index',
    parentId: 'root',
    path: 'digital-coupons',
    index: true,
  },
  'routes/$': { id: 'routes/$', parentId: 'root', path: '*' },
} as unknown as ServerBuild['routes'];

let server: http.Server;
let port = 0;

beforeAll(async () => {
  const app = express();
  app.use(createRequestLog({ logger: pino({ level: 'debug' }, rawDestination) }));
  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  // The brand, as server/app.ts resolves it from the Host header.
  app.use((req, res, next) => {
    if (!req.headers.host?.startsWith('lins.localhost')) return void res.status(404).send('no');
    res.locals.tenant = { sitePath: 'lins' };
    next();
  });
  // A brand's public file, served before Remix.
  app.get('/favicon.ico', (_req, res) => void res.type('image/x-icon').send('icon'));
  app.use(tagRemixRoute({ routes } as ServerBuild));
  app.post('/login', express.urlencoded({ extended: false }), (req, res) => {
    res.status(req.body.password ? 400 : 200).send('answered');
  });
  app.get('/posts/:category/:slug', (_req, res) => void res.send('a post'));
  app.get('/boom', (_req, res) => void res.status(500).send('failed'));
  app.use((_req, res) => void res.status(404).send('not found'));
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function send(opts: {
  path: string;
  method?: string;
  host?: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: opts.path,
        method: opts.method ?? 'GET',
        headers: { host: opts.host ?? `lins.localhost:${port}`, ...opts.headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** The line of the request with this id (written when the answer ended). */
async function lineOf(id: string) {
  for (let i = 0; i < 50; i++) {
    const line = lines.find((l) => l.requestId === id);
    if (line) return line;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`no log line for ${id}`);
}

describe('request log', () => {
  it('one line per request: id, brand, route, method, path, status, time', async () => {
    const res = await send({
      path: '/posts/recipes/soup',
      headers: { 'x-request-id': 'lb-42.a_b' },
    });
    expect(res.status).toBe(200);
    expect(res.headers['x-request-id']).toBe('lb-42.a_b');
    const line = await lineOf('lb-42.a_b');
    expect(line).toMatchObject({
      level: 30,
      requestId: 'lb-42.a_b',
      brand: 'lins',
      route: 'routes/posts.$category.$slug',
      method: 'GET',
      path: '/posts/recipes/soup',
      status: 200,
      msg: 'request completed',
    });
    expect(typeof line.responseTime).toBe('number');
    expect(lines.filter((l) => l.requestId === 'lb-42.a_b')).toHaveLength(1);
  });

  it('never a cookie, an authorization, a query string or a form value', async () => {
    const res = await send({
      path: '/login?email=ava.shopper%40example.com&token=reset-token-value',
      method: 'POST',
      headers: {
        'x-request-id': 'secret-check',
        cookie: '__session=cookie-value-never-logged',
        authorization: 'Basic dXNlcjpwYXNzd29yZC1uZXZlci1sb2dnZWQ=',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'email=ava.shopper%40example.com&password=Password-never-logged',
    });
    expect(res.status).toBe(400);
    const line = await lineOf('secret-check');
    // A client's mistake is no error of ours: info.
    expect(line).toMatchObject({ level: 30, path: '/login', status: 400, route: 'routes/login' });
    const text = raw.join('');
    for (const secret of [
      'cookie-value-never-logged',
      'dXNlcjpwYXNzd29yZC1uZXZlci1sb2dnZWQ',
      'Password-never-logged',
      'reset-token-value',
      'ava.shopper',
      '__session',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('an incoming id that is long or not plain is replaced by a new one', async () => {
    for (const sent of ['x'.repeat(65), 'id with spaces', 'id"}{', 'é']) {
      const res = await send({ path: '/', headers: { 'x-request-id': sent } });
      const id = String(res.headers['x-request-id']);
      expect(id).not.toBe(sent);
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await lineOf(id)).toMatchObject({ route: 'routes/_index' });
    }
    expect(requestIdFor(['a', 'b'])).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('levels: 5xx error; health checks and static files debug', async () => {
    const failed = await send({ path: '/boom' });
    expect((await lineOf(String(failed.headers['x-request-id']))).level).toBe(50);
    const health = await send({ path: '/healthz', host: `127.0.0.1:${port}` });
    expect(await lineOf(String(health.headers['x-request-id']))).toMatchObject({
      level: 20,
      route: 'healthz',
    });
    const icon = await send({ path: '/favicon.ico' });
    expect(await lineOf(String(icon.headers['x-request-id']))).toMatchObject({
      level: 20,
      route: 'static',
      brand: 'lins',
    });
    const unknown = await send({ path: '/', host: `unknown.example:${port}` });
    expect(await lineOf(String(unknown.headers['x-request-id']))).toMatchObject({
      level: 30,
      route: 'unknown-host',
      status: 404,
    });
  });

  it('records each answer in http_request_duration_seconds by route, method and status', async () => {
    const count = async () =>
      (await httpRequestDuration.get()).values.find(
        (v) =>
          v.metricName === 'http_request_duration_seconds_count' &&
          v.labels.route === 'routes/posts.$category.$slug' &&
          v.labels.method === 'GET' &&
          v.labels.status === '200',
      )?.value ?? 0;
    const before = await count();
    const res = await send({ path: '/posts/news/hello' });
    await lineOf(String(res.headers['x-request-id']));
    expect(await count()).toBe(before + 1);
  });
});

describe('remixRouteId', () => {
  it('names the deepest matching route, as Remix matches', () => {
    expect(remixRouteId(routes, '/')).toBe('routes/_index');
    expect(remixRouteId(routes, '/login')).toBe('routes/login');
    expect(remixRouteId(routes, '/posts')).toBe('routes/posts._index');
    expect(remixRouteId(routes, '/posts/recipes/soup')).toBe('routes/posts.$category.$slug');
    expect(remixRouteId(routes, '/no/such/page')).toBe('routes/$');
    expect(remixRouteId(routes, '/digital-coupons')).toBe('routes/digital-coupons._index');
  });

  it('a single-fetch data request counts as its page', () => {
    expect(remixRouteId(routes, '/_root.data')).toBe('routes/_index');
    expect(remixRouteId(routes, '/digital-coupons.data')).toBe('routes/digital-coupons._index');
  });

  it('a broken %-escape is the root (its error boundary answers)', () => {
    expect(remixRouteId(routes, '/posts/%E0%A4%A')).toBe('root');
  });

  it('answers a path asked again from its cache, the same as the first time', () => {
    const build = { ...routes };
    matcher.calls = 0;
    expect(remixRouteId(build, '/posts/news/hello')).toBe('routes/posts.$category.$slug');
    expect(remixRouteId(build, '/posts/news/hello')).toBe('routes/posts.$category.$slug');
    expect(matcher.calls).toBe(1);
    expect(remixRouteId(build, '/login')).toBe('routes/login');
    expect(matcher.calls).toBe(2);
  });

  it('keeps at most ROUTE_ID_CACHE_SIZE paths per build (paths come from clients)', () => {
    const build = { ...routes };
    for (let i = 0; i < ROUTE_ID_CACHE_SIZE; i++) remixRouteId(build, `/posts/news/p${i}`);
    matcher.calls = 0;
    expect(remixRouteId(build, '/posts/news/p0')).toBe('routes/posts.$category.$slug');
    expect(matcher.calls).toBe(0);
    // One more path starts the cache afresh: p0 is matched again.
    remixRouteId(build, '/posts/news/one-more');
    expect(remixRouteId(build, '/posts/news/p0')).toBe('routes/posts.$category.$slug');
    expect(matcher.calls).toBe(2);
  });
});
