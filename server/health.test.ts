import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthEndpoint, type HealthFacts } from './health';

const TOKEN = 'metrics-token-for-the-test-0123456789';
let server: http.Server;
let port = 0;
let facts: HealthFacts = {};

/** What the operator sees: internal addresses, counts, the stores. */
const DETAILS: HealthFacts = {
  brands: 7,
  pageCache: { entries: 3, hits: 10, misses: 4 },
  store: 'pglite',
  sso: { mode: 'embedded', url: 'http://127.0.0.1:40999', entries: 12 },
  loyalty: { mode: 'embedded', url: 'http://127.0.0.1:41000', reachable: true },
};

beforeAll(async () => {
  const app = express();
  app.set('trust proxy', 'loopback');
  // The test client is on loopback: `x-test-remote` makes it look like one elsewhere.
  app.use((req, _res, next) => {
    const remote = req.headers['x-test-remote'];
    if (typeof remote === 'string') {
      Object.defineProperty(req.socket, 'remoteAddress', { value: remote, configurable: true });
    }
    next();
  });
  app.get(
    '/healthz',
    healthEndpoint({
      isBrandHost: (host) => !!host?.startsWith('lins.localhost'),
      token: TOKEN,
      facts: () => facts,
    }),
  );
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function get(
  host: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; cache: string; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: '/healthz', agent: false, headers: { host, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            cache: String(res.headers['cache-control']),
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const local = () => `127.0.0.1:${port}`;
const brand = () => `lins.localhost:${port}`;
const REMOTE = { 'x-test-remote': '203.0.113.9' };

describe('/healthz', () => {
  it('says only ok or degraded to a brand host, with the status code of before', async () => {
    facts = { ...DETAILS, degraded: [] };
    expect(await get(brand())).toEqual({ status: 200, cache: 'no-store', body: { status: 'ok' } });
    facts = { ...DETAILS, degraded: ['loyalty'] };
    expect(await get(brand())).toEqual({
      status: 200,
      cache: 'no-store',
      body: { status: 'degraded' },
    });
  });

  it('says only ok or degraded to a client elsewhere, whatever host it names', async () => {
    facts = { ...DETAILS, degraded: [] };
    for (const host of [local(), 'localhost', brand()]) {
      expect((await get(host, REMOTE)).body, host).toEqual({ status: 'ok' });
    }
    // A forwarded address does not make a remote client local.
    expect((await get(local(), { ...REMOTE, 'x-forwarded-for': '127.0.0.1' })).body).toEqual({
      status: 'ok',
    });
  });

  it('gives the details to the machine itself on a host no brand uses', async () => {
    facts = { ...DETAILS, degraded: ['loyalty'] };
    for (const host of [local(), `localhost:${port}`]) {
      const { status, body } = await get(host);
      expect(status).toBe(200);
      expect(body).toMatchObject({ ...DETAILS, status: 'degraded', degraded: ['loyalty'] });
      expect(body.uptimeSeconds).toEqual(expect.any(Number));
    }
    // A proxy on the machine forwarding an outsider: not local.
    expect((await get(local(), { 'x-forwarded-for': '203.0.113.9' })).body).toEqual({
      status: 'degraded',
    });
  });

  it('gives the details to a METRICS_TOKEN holder anywhere, and only with the right token', async () => {
    facts = { ...DETAILS, degraded: [] };
    const withToken = await get(brand(), { ...REMOTE, authorization: `Bearer ${TOKEN}` });
    expect(withToken.body).toMatchObject({ ...DETAILS, status: 'ok' });
    for (const authorization of [`Bearer ${TOKEN}x`, 'Bearer nope', TOKEN, `Basic ${TOKEN}`]) {
      expect((await get(brand(), { ...REMOTE, authorization })).body, authorization).toEqual({
        status: 'ok',
      });
    }
  });
});
