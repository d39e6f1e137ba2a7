import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawDelay, startVendorProxy } from './vendor-proxy';

/**
 * The bench's vendor proxy: calls reach the service after the latency, with their method, path,
 * headers and body; a failed share is answered 503 and never reaches it.
 */
let upstream: http.Server;
let target = '';
const seen: { method?: string; url?: string; auth?: string; body: string }[] = [];

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
      res.writeHead(201, { 'content-type': 'application/json', 'x-upstream': 'yes' });
      res.end(JSON.stringify({ echoed: body }));
    });
  });
  await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
  target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => upstream.close(() => done())));

const freePort = () =>
  new Promise<number>((done) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => done(port));
    });
  });

describe('the vendor proxy', () => {
  it('draws latency ± jitter, never below zero', () => {
    expect(drawDelay(() => 0, 150, 50)).toBe(100);
    expect(drawDelay(() => 0.5, 150, 50)).toBe(150);
    expect(drawDelay(() => 0.999999, 150, 50)).toBeCloseTo(200, 3);
    expect(drawDelay(() => 0, 10, 50)).toBe(0);
  });

  it('forwards a call after its latency, unchanged', async () => {
    const proxy = await startVendorProxy({
      target,
      port: await freePort(),
      latencyMs: 60,
      jitterMs: 0,
      errorRate: 0,
    });
    try {
      const started = performance.now();
      const res = await fetch(`${proxy.url}/loyalty/app/customer/login?x=1`, {
        method: 'POST',
        headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
        body: JSON.stringify({ a: 1 }),
      });
      expect(performance.now() - started).toBeGreaterThanOrEqual(55);
      expect(res.status).toBe(201);
      expect(res.headers.get('x-upstream')).toBe('yes');
      expect(await res.json()).toEqual({ echoed: '{"a":1}' });
      expect(seen.at(-1)).toEqual({
        method: 'POST',
        url: '/loyalty/app/customer/login?x=1',
        auth: 'Bearer t',
        body: '{"a":1}',
      });
      expect(proxy.counts()).toEqual({ forwarded: 1, failed: 0 });
    } finally {
      await proxy.close();
    }
  });

  it('fails its share of calls with 503, which never reach the service', async () => {
    const proxy = await startVendorProxy({
      target,
      port: await freePort(),
      latencyMs: 0,
      jitterMs: 0,
      errorRate: 1,
    });
    const before = seen.length;
    try {
      for (let i = 0; i < 3; i += 1) {
        expect((await fetch(`${proxy.url}/loyalty/app/offers`)).status).toBe(503);
      }
      expect(seen.length).toBe(before);
      expect(proxy.counts()).toEqual({ forwarded: 0, failed: 3 });
    } finally {
      await proxy.close();
    }
  });

  it('is down when told: every call 503 at once, then forwarded again', async () => {
    const proxy = await startVendorProxy({
      target,
      port: await freePort(),
      latencyMs: 0,
      jitterMs: 0,
      errorRate: 0,
    });
    try {
      proxy.setDown(true);
      expect((await fetch(`${proxy.url}/loyalty/app/offers`)).status).toBe(503);
      proxy.setDown(false);
      expect((await fetch(`${proxy.url}/loyalty/app/offers`)).status).toBe(201);
      expect(proxy.counts()).toEqual({ forwarded: 1, failed: 1 });
    } finally {
      await proxy.close();
    }
  });
});
