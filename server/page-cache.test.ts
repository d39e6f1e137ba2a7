import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import { pageCacheLookups } from '@common/metrics.server';
import { startActionHarness, type ActionHarness } from '@test/action-harness';
import { serveTestApp, testServerBuild } from '@test/server-build';
import { cacheHeaders, headers as cacheHeadersExport } from '~/lib/http/cache.server';
import * as rootRoute from '~/root';
import * as homeStoreRoute from '~/routes/home-store';
import {
  createPageCache,
  gzipJoined,
  partSums,
  sharedMaxAgeSeconds,
  storedBlock,
  zerosOperator,
} from './page-cache';

let servers: http.Server[] = [];
afterEach(() => {
  servers.forEach((s) => s.close());
  servers = [];
});

/**
 * An app whose "renderer" counts renders and prints the nonce it was given. Pages say what they
 * are as the site's loaders do: /account and /reset-password are personal, /undeclared says
 * nothing, every other page is public for `sMaxAge` seconds (0: private).
 */
async function start(sMaxAge = 10) {
  let renders = 0;
  let nonceCounter = 0;
  // The route each answer was logged under (server/request-log.ts reads res.locals.route).
  const routes: unknown[] = [];
  const cache = createPageCache({
    maxEntries: 10,
    nonceOf: (res) => res.locals.nonce as string,
    generation: () => 'g1',
  });
  const app = express();
  app.use((_req, res, next) => {
    res.locals.nonce = `nonce${String(++nonceCounter).padStart(17, '0')}==`;
    // As the request log does, first: each answer has its own id.
    res.setHeader('X-Request-Id', `request-${nonceCounter}`);
    res.on('finish', () => routes.push(res.locals.route));
    next();
  });
  app.use(cache.serveHit);
  // Stands for the security headers set after the cache's early answer (helmet's CSP).
  app.use((_req, res, next) => {
    res.setHeader('Content-Security-Policy', `script-src 'nonce-${res.locals.nonce as string}'`);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  // As tagRemixRoute does before the cache renders a page.
  app.use((_req, res, next) => {
    res.locals.route = 'routes/page';
    next();
  });
  app.use(cache.capture);
  app.get('*', (req, res) => {
    renders++;
    // The app tells the cache a signed-in shopper's page can never be kept.
    if (req.headers.cookie === 'shopper=1') cache.bypass(res);
    const nonce = (res.locals.renderNonce as string | undefined) ?? res.locals.nonce;
    if (req.path === '/cookie') res.setHeader('Set-Cookie', 'a=b');
    if (req.path === '/account' || req.path === '/reset-password' || sMaxAge === 0) {
      res.setHeader('Cache-Control', 'private, no-store');
    } else if (req.path !== '/undeclared') {
      res.setHeader(
        'Cache-Control',
        `public, max-age=0, s-maxage=${sMaxAge}, stale-while-revalidate=30`,
      );
    }
    res.status(req.path === '/missing' ? 404 : 200).type('html');
    res.write(`<script nonce="${nonce}">x</script>`);
    res.end(`<p>${req.originalUrl}</p>`);
  });
  const server = app.listen(0);
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as AddressInfo).port;
  const get = (path: string, cookie?: string, extra: Record<string, string> = {}) =>
    new Promise<{
      status: number;
      body: string;
      cache: string;
      csp: string;
      nosniff: string;
      requestId: string;
    }>((resolve, reject) => {
      http
        .get({ port, path, headers: { ...(cookie ? { cookie } : {}), ...extra } }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body,
              cache: String(res.headers['x-page-cache']),
              csp: String(res.headers['content-security-policy']),
              nosniff: String(res.headers['x-content-type-options']),
              requestId: String(res.headers['x-request-id']),
            }),
          );
        })
        .on('error', reject);
    });
  return { get, renders: () => renders, stats: cache.stats, routes };
}

const guestCookie = (data: object) =>
  `__session=${encodeURIComponent(`${Buffer.from(JSON.stringify(data)).toString('base64')}.sig`)}`;

describe('page cache', () => {
  it('renders a guest page once and gives every response its own nonce', async () => {
    const app = await start();
    const a = await app.get('/posts');
    const b = await app.get('/posts');
    expect(app.renders()).toBe(1);
    expect([a.cache, b.cache]).toEqual(['miss', 'hit']);
    const nonceA = a.body.match(/nonce="([^"]+)"/)?.[1];
    const nonceB = b.body.match(/nonce="([^"]+)"/)?.[1];
    expect(nonceA).toMatch(/^nonce\d+==$/);
    expect(nonceB).toMatch(/^nonce\d+==$/);
    expect(nonceA).not.toBe(nonceB);
    expect(b.body).toContain('<p>/posts</p>');
    // The hit replays the stored headers, its CSP naming the hit's own nonce.
    expect(a.csp).toBe(`script-src 'nonce-${nonceA}'`);
    expect(b.csp).toBe(`script-src 'nonce-${nonceB}'`);
    expect(b.nosniff).toBe('nosniff');
  });

  it('keys on the URL and on the guest cookie (home store)', async () => {
    const app = await start();
    await app.get('/search?q=a');
    await app.get('/search?q=b');
    await app.get('/search?q=a', guestCookie({ homeStore: '0012' }));
    await app.get('/search?q=a', guestCookie({ homeStore: '0012' }));
    expect(app.renders()).toBe(3);
  });

  it('never caches a personal page, a page that declares nothing, a Set-Cookie or a non-200', async () => {
    const app = await start();
    await app.get('/account', guestCookie({ homeStore: '1', user: { id: 1 } }));
    await app.get('/account', guestCookie({ homeStore: '1', user: { id: 1 } }));
    await app.get('/cookie');
    await app.get('/cookie');
    await app.get('/missing');
    await app.get('/missing');
    await app.get('/undeclared');
    await app.get('/undeclared');
    // A page with a token in its address says it is personal: rendered every time.
    await app.get('/reset-password?token=abc&address=a%40b.c');
    await app.get('/reset-password?token=abc&address=a%40b.c');
    expect(app.renders()).toBe(10);
    expect(app.stats().entries).toBe(0);
  });

  it('lets a page the app calls personal stream straight out with the request nonce', async () => {
    const app = await start();
    const a = await app.get('/mine', 'shopper=1');
    const b = await app.get('/mine', 'shopper=1');
    expect(app.renders()).toBe(2);
    expect(app.stats().entries).toBe(0);
    expect(a.cache).toBe('undefined'); // never held by the cache, so no X-Page-Cache header
    const nonceA = a.body.match(/nonce="([^"]+)"/)?.[1];
    expect(a.csp).toBe(`script-src 'nonce-${nonceA}'`);
    expect(nonceA).not.toBe(b.body.match(/nonce="([^"]+)"/)?.[1]);
  });

  it('renders a fresh page for a client asking no-cache (a hard reload), keeping nothing', async () => {
    const app = await start();
    await app.get('/fresh', undefined, { 'cache-control': 'no-cache' });
    await app.get('/fresh', undefined, { 'cache-control': 'no-cache' });
    await app.get('/fresh', undefined, { pragma: 'no-cache' });
    expect(app.renders()).toBe(3);
    expect(app.stats().entries).toBe(0);
    await app.get('/fresh');
    expect((await app.get('/fresh')).cache).toBe('hit');
  });

  it('keeps a page as long as its s-maxage says, and not at all when it is private', async () => {
    const short = await start(1);
    await short.get('/');
    await short.get('/');
    expect(short.renders()).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    await short.get('/');
    expect(short.renders()).toBe(2);
    const off = await start(0);
    await off.get('/');
    await off.get('/');
    expect(off.renders()).toBe(2);
  });
});

describe('page cache metrics', () => {
  const lookups = async () => {
    const values = (await pageCacheLookups.get()).values;
    const of = (result: string) => values.find((v) => v.labels.result === result)?.value ?? 0;
    return { hit: of('hit'), miss: of('miss'), bypass: of('bypass') };
  };

  it('counts hits, misses and signed-in pages that bypass it in page_cache_lookups_total', async () => {
    const app = await start();
    const before = await lookups();
    await app.get('/counted');
    await app.get('/counted');
    await app.get('/counted');
    await app.get('/mine', 'shopper=1');
    const after = await lookups();
    expect({
      hit: after.hit - before.hit,
      miss: after.miss - before.miss,
      bypass: after.bypass - before.bypass,
    }).toEqual({ hit: 2, miss: 1, bypass: 1 });
  });

  it('a hit is logged under the route that rendered it and keeps its own request id', async () => {
    const app = await start();
    const miss = await app.get('/route');
    const hit = await app.get('/route');
    expect(hit.cache).toBe('hit');
    expect(app.routes).toEqual(['routes/page', 'routes/page']);
    expect(miss.requestId).toBe('request-1');
    expect(hit.requestId).toBe('request-2');
  });
});

describe('gzipJoined', () => {
  it('joins parts compressed ahead of time around a nonce into one valid gzip body', () => {
    const text = `<html>${'<p>Coupons ü € 🍎</p>'.repeat(3000)}${crypto.randomBytes(2000).toString('hex')}`;
    const parts = [text.slice(0, 100), text.slice(100, 40_000), text.slice(40_000), ''].map((p) =>
      Buffer.from(p, 'utf8'),
    );
    const deflated = parts.map((p) =>
      zlib.deflateRawSync(p, { finishFlush: zlib.constants.Z_SYNC_FLUSH }),
    );
    const nonce = Buffer.from('AbCdEfGhIjKlMnOpQrStUv==');
    const gz = gzipJoined(deflated, parts, nonce);
    const expected = parts.map((p) => p.toString('utf8')).join(nonce.toString());
    expect(zlib.gunzipSync(gz).toString('utf8')).toBe(expected);
    expect(gz.length).toBeLessThan(Buffer.byteLength(expected) / 2);
  });
});

describe('CRC-32 of a text from its pieces', () => {
  it('zerosOperator carries a checksum over n more bytes, as zlib computes the whole', () => {
    for (const [a, b] of [
      [0, 0],
      [1, 0],
      [0, 7],
      [13, 1],
      [100, 24],
      [5000, 65_537],
    ]) {
      const first = crypto.randomBytes(a);
      const second = crypto.randomBytes(b);
      const op = zerosOperator(b);
      let combined = 0;
      for (let i = 0, v = zlib.crc32(first); v !== 0; i++, v >>>= 1) if (v & 1) combined ^= op[i];
      combined = (combined ^ zlib.crc32(second)) >>> 0;
      expect(combined, `${a} + ${b} bytes`).toBe(zlib.crc32(Buffer.concat([first, second])));
    }
  });

  it('a hit with the stored sums sends the same bytes as one working them out', () => {
    const parts = ['<p nonce="', '">', '</p>'].map((p) => Buffer.from(p.repeat(50)));
    const deflated = parts.map((p) =>
      zlib.deflateRawSync(p, { finishFlush: zlib.constants.Z_SYNC_FLUSH }),
    );
    const nonce = Buffer.from('AbCdEfGhIjKlMnOpQrStUv==');
    const gz = gzipJoined(deflated, parts, nonce, partSums(parts));
    expect(gz).toEqual(gzipJoined(deflated, parts, nonce));
    expect(zlib.gunzipSync(gz).toString()).toBe(parts.map(String).join(nonce.toString()));
  });
});

describe('storedBlock', () => {
  it('is a valid non-final stored deflate block, joinable between flushed pieces', () => {
    const nonce = Buffer.from('AbCdEfGhIjKlMnOpQrStUv==');
    const block = storedBlock(nonce);
    expect([...block.subarray(0, 5)]).toEqual([0, 24, 0, 255 - 24, 255]);
    const head = zlib.deflateRawSync(Buffer.from('<p nonce="'), {
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
    });
    const tail = zlib.deflateRawSync(Buffer.from('">x</p>'));
    expect(zlib.inflateRawSync(Buffer.concat([head, block, tail])).toString()).toBe(
      '<p nonce="AbCdEfGhIjKlMnOpQrStUv==">x</p>',
    );
    expect(
      zlib.inflateRawSync(Buffer.concat([storedBlock(Buffer.alloc(0)), tail])).toString(),
    ).toBe('">x</p>');
    expect(() => storedBlock(Buffer.alloc(70_000))).toThrow(RangeError);
  });
});

describe('sharedMaxAgeSeconds', () => {
  it('reads how long a shared cache may keep a response', () => {
    expect(sharedMaxAgeSeconds('public, max-age=0, s-maxage=5, stale-while-revalidate=30')).toBe(5);
    expect(sharedMaxAgeSeconds('public, max-age=60')).toBe(60);
    expect(sharedMaxAgeSeconds('private, no-store')).toBe(0);
    expect(sharedMaxAgeSeconds('public, no-store, s-maxage=5')).toBe(0);
    expect(sharedMaxAgeSeconds('s-maxage=5')).toBe(0);
    expect(sharedMaxAgeSeconds(undefined)).toBe(0);
    expect(sharedMaxAgeSeconds('public')).toBe(0);
  });
});

/**
 * The cache in the whole site (server/app.ts) with a stand-in build: the real root route (its
 * loader reads the session's home store) and the real /home-store action, and a page that is the
 * same for every guest. The stand-in entry writes what the root loader gave (the home store and
 * the one-time store notice) instead of rendering React.
 */
describe('page cache in the site: a guest who changes store', () => {
  const SITE = 'lins';
  let h: ActionHarness;
  let app: Awaited<ReturnType<typeof serveTestApp>> | undefined;
  let port = 0;
  let host = '';

  type RootData = {
    homeStore: { storeNumber: string; name: string } | null;
    storeNotice?: { name: string } | null;
  };
  const build = testServerBuild({
    root: rootRoute,
    document: (_request, status, headers, remix) => {
      const root = remix.staticHandlerContext.loaderData.root as RootData | undefined;
      headers.set('Content-Type', 'text/html; charset=utf-8');
      const body =
        `<p>store:${root?.homeStore?.storeNumber ?? 'none'}</p>` +
        `<p>notice:${root?.storeNotice?.name ?? 'none'}</p>`;
      return new Response(body, { status, headers });
    },
    routes: [
      {
        id: 'routes/_index',
        index: true,
        module: {
          // As the home page: the same for every guest.
          loader: ({ context }: LoaderFunctionArgs) =>
            data({ page: 'home' }, { headers: cacheHeaders(context, 'shared') }),
          headers: cacheHeadersExport,
          default: () => null,
        },
      },
      { id: 'routes/home-store', path: 'home-store', module: homeStoreRoute },
    ],
  });

  beforeAll(async () => {
    // Long enough that nothing expires during the test.
    // A proxy on loopback is trusted: its X-Forwarded-Proto says whether the shopper used https.
    h = await startActionHarness({
      sites: [SITE],
      env: { PAGE_CACHE_SECONDS: '120', TRUST_PROXY: 'loopback' },
    });
    app = await serveTestApp(h, build, SITE);
    ({ port, host } = app);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  interface Answer {
    status: number;
    headers: http.IncomingHttpHeaders;
    body: string;
  }

  function request(
    method: string,
    urlPath: string,
    cookie: string | null,
    form?: Record<string, string>,
    extra: Record<string, string> = {},
  ): Promise<Answer> {
    const body = form ? new URLSearchParams(form).toString() : '';
    const headers: Record<string, string> = { host, ...extra };
    if (cookie) headers.cookie = cookie;
    if (form) {
      headers.origin = `http://${host}`;
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    return new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, method, path: urlPath, headers },
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

  /** The Cookie header a browser sends after `answer` (the old one when it set none). */
  const cookieAfter = (answer: Answer, before: string | null) =>
    answer.headers['set-cookie']?.[0]?.split(';')[0] ?? before;

  const stores = () =>
    h.content
      .retailerInfo(SITE)
      .locations.filter((l) => !l.hidden && !l.hiddenInHomeSelector)
      .map((l) => l.storeNumber);

  async function choose(cookie: string | null, storeNumber: string) {
    const res = await request('POST', '/home-store', cookie, {
      intent: 'choose-home-store',
      storeNumber,
      redirectTo: '/',
    });
    expect(res.status).toBe(302);
    return cookieAfter(res, cookie);
  }

  it('shows the store just chosen, never a page kept for the store before', async () => {
    const [first, second] = stores();
    let cookie = await choose(null, first);
    // The first page after the choice, then the page as the cache keeps it for this cookie.
    let page = await request('GET', '/', cookie);
    cookie = cookieAfter(page, cookie);
    page = await request('GET', '/', cookie);
    expect(page.body).toContain(`store:${first}`);
    page = await request('GET', '/', cookie);
    expect(page.headers['x-page-cache']).toBe('hit');

    const before = cookie;
    cookie = await choose(cookie, second);
    page = await request('GET', '/', cookie);
    expect(page.body).toContain(`store:${second}`);
    // The session moved to a new id; the old one is ended (a replayed cookie is a new guest).
    expect(cookie).not.toBe(before);
    cookie = cookieAfter(page, cookie);
    const replayed = await request('GET', '/?again', before);
    expect(replayed.body).toContain('store:none');
  });

  it('a page first kept for an http request is not sent to an https one without HSTS', async () => {
    const overHttps = { 'x-forwarded-proto': 'https' };
    const first = await request('GET', '/?scheme', null);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(first.headers['strict-transport-security']).toBeUndefined();
    expect((await request('GET', '/?scheme', null)).headers['x-page-cache']).toBe('hit');

    const secure = await request('GET', '/?scheme', null, undefined, overHttps);
    expect(secure.status).toBe(200);
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const secureAgain = await request('GET', '/?scheme', null, undefined, overHttps);
    expect(secureAgain.headers['x-page-cache']).toBe('hit');
    expect(secureAgain.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
    // And the http entry stays the http one.
    const plain = await request('GET', '/?scheme', null);
    expect(plain.headers['x-page-cache']).toBe('hit');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  const nameOf = (storeNumber: string) =>
    h.content.retailerInfo(SITE).locations.find((l) => l.storeNumber === storeNumber)!.name;

  it('sends the store notice once, with the Set-Cookie that ends it, never kept by a cache', async () => {
    const [first, second] = stores();
    // A document (the page after a form post without JavaScript).
    let cookie = await choose(null, first);
    const page = await request('GET', '/', cookie);
    expect(page.body).toContain(`notice:${nameOf(first)}`);
    expect(page.headers['set-cookie']?.[0]).toMatch(/^__session=/);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['x-page-cache']).toBe('miss');
    cookie = cookieAfter(page, cookie);
    const after = await request('GET', '/', cookie);
    expect(after.body).toContain('notice:none');
    expect(after.headers['set-cookie']).toBeUndefined();

    // A script's data request (single fetch: the root revalidated after a fetcher's post).
    cookie = await choose(cookie, second);
    const data = await request('GET', '/_root.data?_routes=root', cookie);
    expect(data.status).toBe(200);
    // Turbo-stream JSON: the notice's keys appear only when there is one.
    expect(data.body).toContain('"offerSave"');
    expect(data.headers['set-cookie']?.[0]).toMatch(/^__session=/);
    expect(data.headers['cache-control']).toBe('private, no-store');
    cookie = cookieAfter(data, cookie);
    const dataAfter = await request('GET', '/_root.data?_routes=root', cookie);
    expect(dataAfter.body).toContain('"storeNotice"');
    expect(dataAfter.body).not.toContain('"offerSave"');
    // The page shows the store chosen, without the notice.
    const pageAfter = await request('GET', '/', cookie);
    expect(pageAfter.body).toContain(`store:${second}`);
    expect(pageAfter.body).toContain('notice:none');
  });
});
