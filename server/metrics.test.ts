import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '~/lib/env.server';
import { isLoopbackAddress, metricsEndpoint } from './metrics';
import { createRequestLog } from './request-log';

const TOKEN = 'metrics-token-for-the-test-0123456789';
let server: http.Server;
let port = 0;

/**
 * The order of server/app.ts: request log, /healthz, /metrics, then the brand from the Host
 * header (a brand's own 404 page, or the plain 404 of an unknown host).
 */
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
  app.use(createRequestLog({ logger: pino({ level: 'silent' }) }));
  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  app.use(
    metricsEndpoint({ isBrandHost: (host) => !!host?.startsWith('lins.localhost'), token: TOKEN }),
  );
  app.use((req, res) => {
    if (!req.headers.host?.startsWith('lins.localhost')) {
      return void res
        .status(404)
        .type('text/plain')
        .send('Not found: this site is not served here.\n');
    }
    res.locals.tenant = { sitePath: 'lins' };
    res.locals.route = 'routes/$';
    res.status(404).type('text/html').send('<h1>Page not found</h1>');
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function get(
  host: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path, headers: { host, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type']),
            body: Buffer.concat(chunks).toString('utf8'),
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

describe('/metrics', () => {
  it('on the machine itself (not a brand host, loopback client): Prometheus text', async () => {
    await get(brand(), '/some/page');
    const res = await get(local(), '/metrics');
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    // The request just made, by route, method and status; the process's own metrics.
    expect(res.body).toMatch(
      /^http_request_duration_seconds_count\{route="routes\/\$",method="GET",status="404"\} [1-9]/m,
    );
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(res.body).toContain('# TYPE page_cache_lookups_total counter');
    expect(res.body).toContain('# TYPE loyalty_call_duration_seconds histogram');
    expect((await get(`localhost:${port}`, '/metrics')).status).toBe(200);
  });

  it("a brand's host answers its 404 page, even from loopback", async () => {
    const res = await get(brand(), '/metrics');
    expect(res.status).toBe(404);
    expect(res.body).toBe('<h1>Page not found</h1>');
    expect(res.body).not.toContain('http_request_duration_seconds');
  });

  it('from elsewhere: the 404 of an unknown host, however the client dresses up', async () => {
    const attempts: Record<string, string>[] = [
      REMOTE,
      { ...REMOTE, authorization: 'Bearer wrong-token-of-the-same-size-0123' },
      { ...REMOTE, authorization: `Basic ${TOKEN}` },
      { ...REMOTE, authorization: `Bearer ${TOKEN}x` },
      // Through a proxy on this machine: the client is the forwarded address.
      { 'x-forwarded-for': '203.0.113.9' },
    ];
    for (const headers of attempts) {
      const res = await get(local(), '/metrics', headers);
      expect(res.status).toBe(404);
      expect(res.body).toBe('Not found: this site is not served here.\n');
    }
  });

  it('METRICS_TOKEN works from anywhere, on any host', async () => {
    for (const host of [local(), brand(), 'metrics.example.com']) {
      const res = await get(host, '/metrics', { ...REMOTE, authorization: `Bearer ${TOKEN}` });
      expect(res.status).toBe(200);
      expect(res.body).toContain('http_request_duration_seconds_bucket');
    }
  });

  it('only /metrics itself', async () => {
    expect((await get(local(), '/metricsx')).status).toBe(404);
    expect((await get(local(), '/metrics/x')).status).toBe(404);
  });
});

describe('isLoopbackAddress', () => {
  it('knows loopback in its spellings', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(a)).toBe(true);
    }
    for (const a of [
      '10.0.0.1',
      '::ffff:10.0.0.1',
      '203.0.113.9',
      '::',
      '',
      undefined,
      '1127.0.0.1',
    ]) {
      expect(isLoopbackAddress(a)).toBe(false);
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('is optional, and at least 16 characters when set', () => {
    expect(parseEnv({}).METRICS_TOKEN).toBeUndefined();
    expect(parseEnv({ METRICS_TOKEN: TOKEN }).METRICS_TOKEN).toBe(TOKEN);
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(EnvError);
    expect(() => parseEnv({ METRICS_TOKEN: 'short' })).toThrow(
      'Invalid environment: METRICS_TOKEN must be at least 16 characters',
    );
  });
});
