import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAdviewerService, type AdviewerService } from '@test/reference-services';
import {
  ADVIEWER_TIMEOUT_MS,
  createAdCache,
  FAILURE_MS,
  FRESH_MS,
  fetchAdContent,
  parseAdContent,
  STALE_MS,
} from './adviewer.server';
import type { AdBlock } from './types';

const silent = { info() {}, warn() {}, error() {}, debug() {} };

describe('the ad-viewer client against the reference ad viewer', () => {
  let service: AdviewerService;
  beforeAll(async () => {
    service = await startAdviewerService({
      tenantsDir: 'tenants',
      contentDir: 'content',
      logger: silent,
    });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('authenticates, then reads the blocks of a store page', async () => {
    const blocks = await fetchAdContent(service.url, 'lins-cedar-city');
    expect(blocks.length).toBeGreaterThanOrEqual(24);
    const product = blocks.find((b) => b.components.some((c) => c.type === 'PRODUCTIMAGE'))!;
    expect(product.dateInfo).toMatch(/^Valid \w{3}, \w{3} \d+ - \w{3}, \w{3} \d+$/);
    expect(Date.parse(product.endDate!)).toBeGreaterThan(Date.now());
    expect(product.components.some((c) => c.type === 'PRODUCTDETAILS' && c.name === 'TITLE')).toBe(
      true,
    );
  });

  it('throws for a page the ad viewer does not know', async () => {
    await expect(fetchAdContent(service.url, 'no-such-page')).rejects.toThrow(/404/);
  });

  it('caches a page: the second read makes no call', async () => {
    const fetch = vi.fn(fetchAdContent);
    const cache = createAdCache({ fetch });
    const first = await cache.ads(service.url, 'lins');
    const second = await cache.ads(service.url, 'lins');
    expect(first.status).toBe('ok');
    expect(second).toEqual(first);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('the ad-viewer client against a broken ad viewer', () => {
  let server: http.Server;
  let base: string;
  let mode: 'hang' | 'garbage' | 'huge' | 'no-token' = 'hang';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (mode === 'hang') return; // never answers
      res.setHeader('content-type', 'application/json');
      if (mode === 'no-token') return res.end('{"token":1}');
      if (req.url?.includes('authenticate')) return res.end('{"authToken":"t"}');
      if (mode === 'garbage') return res.end('{"adPages": "nope"');
      res.end(`{"adPages":[${'"x",'.repeat(1_500_000)}"x"]}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives up on a hanging ad viewer at the deadline', async () => {
    mode = 'hang';
    const started = Date.now();
    await expect(fetchAdContent(base, 'p')).rejects.toThrow();
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(ADVIEWER_TIMEOUT_MS - 100);
    expect(took).toBeLessThan(ADVIEWER_TIMEOUT_MS + 1500);
  });

  it.each(['garbage', 'huge', 'no-token'] as const)('refuses an answer that is %s', async (m) => {
    mode = m;
    await expect(fetchAdContent(base, 'p')).rejects.toThrow();
  });
});

describe('the ad cache', () => {
  const blocks: AdBlock[] = [{ id: '1', endDate: null, dateInfo: null, components: [] }];

  function setup() {
    let t = 1_000_000;
    let fail = false;
    let release: (() => void) | null = null;
    const fetch = vi.fn(async () => {
      if (release === null) {
        await new Promise<void>((resolve) => (release = resolve));
      }
      if (fail) throw new Error('down');
      return blocks;
    });
    const cache = createAdCache({ now: () => t, fetch });
    return {
      cache,
      fetch,
      advance: (ms: number) => (t += ms),
      failNext: (v: boolean) => (fail = v),
      answerAtOnce: () => (release = () => {}),
    };
  }

  it('shares one call between concurrent misses', async () => {
    const s = setup();
    s.answerAtOnce();
    const [a, b] = await Promise.all([s.cache.ads('http://x', 'p'), s.cache.ads('http://x', 'p')]);
    expect(a.status).toBe('ok');
    expect(b.status).toBe('ok');
    expect(s.fetch).toHaveBeenCalledTimes(1);
  });

  it('serves stale ads at once and refreshes them behind', async () => {
    const s = setup();
    s.answerAtOnce();
    await s.cache.ads('http://x', 'p');
    s.advance(FRESH_MS + 1);
    const stale = await s.cache.ads('http://x', 'p');
    expect(stale.status).toBe('ok');
    expect(s.fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps the stale ads when a refresh fails, and drops them after STALE_MS', async () => {
    const s = setup();
    s.answerAtOnce();
    await s.cache.ads('http://x', 'p');
    s.failNext(true);
    s.advance(FRESH_MS + 1);
    expect((await s.cache.ads('http://x', 'p')).status).toBe('ok');
    await Promise.resolve();
    expect((await s.cache.ads('http://x', 'p')).status).toBe('ok');
    s.advance(STALE_MS);
    expect((await s.cache.ads('http://x', 'p')).status).toBe('unavailable');
  });

  it('remembers a failure for FAILURE_MS: no call per page view while the ad viewer is down', async () => {
    const s = setup();
    s.answerAtOnce();
    s.failNext(true);
    expect((await s.cache.ads('http://x', 'p')).status).toBe('unavailable');
    expect((await s.cache.ads('http://x', 'p')).status).toBe('unavailable');
    expect(s.fetch).toHaveBeenCalledTimes(1);
    s.advance(FAILURE_MS + 1);
    s.failNext(false);
    expect((await s.cache.ads('http://x', 'p')).status).toBe('ok');
    expect(s.fetch).toHaveBeenCalledTimes(2);
  });

  it('never calls for a page name that is not one URL segment', async () => {
    const s = setup();
    for (const page of ['', '../x', 'a/b', 'a b', '.x', 'x'.repeat(101)]) {
      expect((await s.cache.ads('http://x', page)).status).toBe('unavailable');
    }
    expect(s.fetch).not.toHaveBeenCalled();
  });
});

describe('parseAdContent', () => {
  it('keeps good blocks and components and drops the rest one by one', () => {
    const blocks = parseAdContent({
      adPages: [
        null,
        { adPageId: 7, endDate: 'not a date', adDateInfo: ' Valid now ', adComponents: 'x' },
        {
          adPageId: '8',
          endDate: '2026-12-02T06:59:59.000Z',
          adComponents: [
            { componentType: 'productimage', componentName: 'IMAGE1', componentValue: 'A-B' },
            { componentName: 'TITLE' },
            { componentType: 'PRODUCTDETAILS', componentName: 'PRICE', componentValue: 3.5 },
          ],
        },
      ],
    })!;
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toEqual({ id: '7', endDate: null, dateInfo: 'Valid now', components: [] });
    expect(blocks[1].endDate).toBe('2026-12-02T06:59:59.000Z');
    expect(blocks[1].components.map((c) => [c.type, c.name, c.value])).toEqual([
      ['PRODUCTIMAGE', 'IMAGE1', 'A-B'],
      ['PRODUCTDETAILS', 'PRICE', '3.5'],
    ]);
  });

  it('answers null for a body that is not an ad list', () => {
    for (const body of [null, 1, 'x', [], {}, { adPages: {} }]) {
      expect(parseAdContent(body)).toBeNull();
    }
  });
});
