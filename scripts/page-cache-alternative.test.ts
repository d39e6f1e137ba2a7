import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { pageCacheLookups } from '@common/metrics.server';
import { createPageCache } from '../server/page-cache';
import { createAlternativePageCache } from './page-cache-alternative';

/**
 * The cases of server/page-cache.test.ts that are about what is cached and what is refused, run
 * against the real cache and the plain alternative alike: the bench compares two caches that
 * keep and refuse the same pages. Plus the gzip answer of a hit, which both send differently.
 */
let servers: http.Server[] = [];
afterEach(() => {
  servers.forEach((s) => s.close());
  servers = [];
});

const implementations = {
  'hand-joined (server/page-cache.ts)': createPageCache,
  'plain, zlib.gzip': createAlternativePageCache,
  'plain, zlib.gzipSync': (opts: Parameters<typeof createAlternativePageCache>[0]) =>
    createAlternativePageCache({ ...opts, gzip: 'sync' }),
} as const;

type Factory = (typeof implementations)[keyof typeof implementations];

interface Answer {
  status: number;
  body: string;
  cache: string;
  csp: string;
  nosniff: string;
  requestId: string;
  encoding: string;
}

/** The test app of server/page-cache.test.ts, with the cache under test. */
async function start(create: Factory, sMaxAge = 10) {
  let renders = 0;
  let nonceCounter = 0;
  const routes: unknown[] = [];
  const cache = create({
    maxEntries: 10,
    nonceOf: (res) => res.locals.nonce as string,
    generation: () => 'g1',
  });
  const app = express();
  app.use((_req, res, next) => {
    res.locals.nonce = `nonce${String(++nonceCounter).padStart(17, '0')}==`;
    res.setHeader('X-Request-Id', `request-${nonceCounter}`);
    res.on('finish', () => routes.push(res.locals.route));
    next();
  });
  app.use(cache.serveHit);
  app.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', `script-src 'nonce-${res.locals.nonce as string}'`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  app.use((_req, res, next) => {
    res.locals.route = 'routes/page';
    next();
  });
  app.use(cache.capture);
  app.get('*', (req, res) => {
    renders++;
    if (req.headers.cookie === 'shopper=1') cache.bypass(res);
    const nonce = (res.locals.renderNonce as string | undefined) ?? res.locals.nonce;
    if (req.path === '/cookie') res.setHeader('Set-Cookie', 'a=b');
    if (req.path === '/account' || req.path === '/reset-password' || sMaxAge === 0) {
      res.setHeader('Cache-Control', 'private, no-store');
    } else if (req.path === '/shared-unsaid') {
      res.setHeader('Cache-Control', `max-age=0, s-maxage=${sMaxAge}`);
    } else if (req.path !== '/undeclared') {
      res.setHeader(
        'Cache-Control',
        `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=30`,
      );
    }
    res.status(req.path === '/missing' ? 404 : 200).type('html');
    res.write(`<script nonce="${nonce}">x</script>`);
    // Long enough to be worth compressing, with the nonce twice.
    res.end(`<p>${req.originalUrl}</p>${'<p>coupon ü</p>'.repeat(200)}<i nonce="${nonce}"></i>`);
  });
  const server = app.listen(0);
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as AddressInfo).port;
  const get = (path: string, cookie?: string, extra: Record<string, string> = {}) =>
    new Promise<Answer>((resolve, reject) => {
      http
        .get({ port, path, headers: { ...(cookie ? { cookie } : {}), ...extra } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const encoding = String(res.headers['content-encoding'] ?? 'identity');
            resolve({
              status: res.statusCode ?? 0,
              body: (encoding === 'gzip' ? zlib.gunzipSync(raw) : raw).toString('utf8'),
              cache: String(res.headers['x-page-cache']),
              csp: String(res.headers['content-security-policy']),
              nosniff: String(res.headers['x-content-type-options']),
              requestId: String(res.headers['x-request-id']),
              encoding,
            });
          });
        })
        .on('error', reject);
    });
  return { get, renders: () => renders, stats: cache.stats, routes };
}

const guestCookie = (data: object) =>
  `__session=${encodeURIComponent(`${Buffer.from(JSON.stringify(data)).toString('base64')}.sig`)}`;

const noncesIn = (body: string) => [...body.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]);

describe.each(Object.entries(implementations))('page cache: %s', (_name, create) => {
  it('renders a guest page once and gives every response its own nonce', async () => {
    const app = await start(create);
    const a = await app.get('/posts');
    const b = await app.get('/posts');
    expect(app.renders()).toBe(1);
    expect([a.cache, b.cache]).toEqual(['miss', 'hit']);
    const [nonceA] = noncesIn(a.body);
    const [nonceB] = noncesIn(b.body);
    expect(nonceA).toMatch(/^nonce\d+==$/);
    expect(nonceB).toMatch(/^nonce\d+==$/);
    expect(nonceA).not.toBe(nonceB);
    expect(noncesIn(b.body)).toEqual([nonceB, nonceB]);
    expect(b.body).toContain('<p>/posts</p>');
    expect(a.csp).toBe(`script-src 'nonce-${nonceA}'`);
    expect(b.csp).toBe(`script-src 'nonce-${nonceB}'`);
    expect(b.nosniff).toBe('nosniff');
  });

  it('answers a hit in gzip when asked, the same page with the hit’s own nonce', async () => {
    const app = await start(create);
    await app.get('/gz');
    const plain = await app.get('/gz');
    const gz = await app.get('/gz', undefined, { 'accept-encoding': 'gzip, deflate, br' });
    expect([plain.cache, gz.cache]).toEqual(['hit', 'hit']);
    expect([plain.encoding, gz.encoding]).toEqual(['identity', 'gzip']);
    const [nonce] = noncesIn(gz.body);
    expect(gz.csp).toBe(`script-src 'nonce-${nonce}'`);
    expect(gz.body).toBe(plain.body.replaceAll(noncesIn(plain.body)[0], nonce));
  });

  it('keys on the URL and on the guest cookie (home store)', async () => {
    const app = await start(create);
    await app.get('/search?q=a');
    await app.get('/search?q=b');
    await app.get('/search?q=a', guestCookie({ homeStore: '0012' }));
    await app.get('/search?q=a', guestCookie({ homeStore: '0012' }));
    expect(app.renders()).toBe(3);
  });

  it('never caches a personal page, a page that declares nothing, a Set-Cookie or a non-200', async () => {
    const app = await start(create);
    await app.get('/account', guestCookie({ homeStore: '1', user: { id: 1 } }));
    await app.get('/account', guestCookie({ homeStore: '1', user: { id: 1 } }));
    await app.get('/cookie');
    await app.get('/cookie');
    await app.get('/missing');
    await app.get('/missing');
    await app.get('/undeclared');
    await app.get('/undeclared');
    await app.get('/reset-password?token=abc&address=a%40b.c');
    await app.get('/reset-password?token=abc&address=a%40b.c');
    expect(app.renders()).toBe(10);
    expect(app.stats().entries).toBe(0);
  });

  it('lets a page the app calls personal stream straight out with the request nonce', async () => {
    const app = await start(create);
    const a = await app.get('/mine', 'shopper=1');
    const b = await app.get('/mine', 'shopper=1');
    expect(app.renders()).toBe(2);
    expect(app.stats().entries).toBe(0);
    expect(a.cache).toBe('undefined');
    const [nonceA] = noncesIn(a.body);
    expect(a.csp).toBe(`script-src 'nonce-${nonceA}'`);
    expect(nonceA).not.toBe(noncesIn(b.body)[0]);
  });

  it('renders a fresh page for a client asking no-cache (a hard reload), keeping nothing', async () => {
    const app = await start(create);
    await app.get('/fresh', undefined, { 'cache-control': 'no-cache' });
    await app.get('/fresh', undefined, { 'cache-control': 'no-cache' });
    await app.get('/fresh', undefined, { pragma: 'no-cache' });
    expect(app.renders()).toBe(3);
    expect(app.stats().entries).toBe(0);
    await app.get('/fresh');
    expect((await app.get('/fresh')).cache).toBe('hit');
  });

  it('keeps a page as long as its s-maxage says, and not at all when it is private', async () => {
    const short = await start(create, 1);
    await short.get('/');
    await short.get('/');
    expect(short.renders()).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    await short.get('/');
    expect(short.renders()).toBe(2);
    const off = await start(create, 0);
    await off.get('/');
    await off.get('/');
    expect(off.renders()).toBe(2);
  });

  it('counts hits, misses and bypasses in page_cache_lookups_total, logs a hit under its route', async () => {
    const of = async (result: string) =>
      (await pageCacheLookups.get()).values.find((v) => v.labels.result === result)?.value ?? 0;
    const app = await start(create);
    const before = { hit: await of('hit'), miss: await of('miss'), bypass: await of('bypass') };
    const miss = await app.get('/counted');
    const hit = await app.get('/counted');
    await app.get('/counted');
    await app.get('/mine', 'shopper=1');
    expect({
      hit: (await of('hit')) - before.hit,
      miss: (await of('miss')) - before.miss,
      bypass: (await of('bypass')) - before.bypass,
    }).toEqual({ hit: 2, miss: 1, bypass: 1 });
    expect(app.routes.slice(0, 3)).toEqual(['routes/page', 'routes/page', 'routes/page']);
    expect([miss.requestId, hit.requestId]).toEqual(['request-1', 'request-2']);
  });
});

describe('where the plain alternative differs, as a CDN does', () => {
  it('stores s-maxage without public (the hand-joined cache wants public)', async () => {
    const hand = await start(implementations['hand-joined (server/page-cache.ts)']);
    const plain = await start(implementations['plain, zlib.gzip']);
    for (const app of [hand, plain]) {
      await app.get('/shared-unsaid');
      await app.get('/shared-unsaid');
    }
    expect([hand.renders(), plain.renders()]).toEqual([2, 1]);
  });
});
