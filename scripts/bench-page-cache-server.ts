// One process of `npm run bench:page-cache` (scripts/bench-page-cache.ts forks one per cache): an
// Express app with the site's own per-request work in front of a hit (the request log, the
// compression middleware, a fresh CSP nonce) and one page cache, serving pages captured from the
// built site. A miss "renders" the captured HTML and headers with the placeholder nonce, as the
// site's Remix handler does; the cache then keeps it for the page's own s-maxage, so nearly every
// request is a hit, as for a guest page under load.
//
// BENCH_CACHE: 'hand' (server/page-cache.ts), 'plain' or 'plain-sync'
// (scripts/page-cache-alternative.ts); BENCH_PAGES_FILE: the captured pages (JSON,
// CapturedPage[]). It answers the parent's 'usage' messages with its CPU time and the cache's
// counters.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { responseCompression } from '../server/compress';
import { createNonceSource } from '../server/nonce';
import { createPageCache } from '../server/page-cache';
import { createRequestLog } from '../server/request-log';
import { createAlternativePageCache } from './page-cache-alternative';

export interface CapturedPage {
  name: string;
  path: string;
  /** The page's HTML as the site sent it, with its response's nonce in it. */
  html: string;
  /** That response's nonce. */
  nonce: string;
  /** That response's headers a renderer sets (CSP with the nonce, Cache-Control, helmet's). */
  headers: Record<string, string | string[]>;
}

export type CacheKind = 'hand' | 'plain' | 'plain-sync';

export interface Usage {
  cpu: NodeJS.CpuUsage;
  hits: number;
  misses: number;
}

const kind = process.env.BENCH_CACHE as CacheKind;
const pages = JSON.parse(
  fs.readFileSync(String(process.env.BENCH_PAGES_FILE), 'utf8'),
) as CapturedPage[];
const byPath = new Map(pages.map((p) => [p.path, p]));

const options = {
  maxEntries: 1000,
  nonceOf: (res: express.Response) => res.locals.nonce as string,
  generation: () => 'g1',
};
const cache =
  kind === 'hand'
    ? createPageCache(options)
    : createAlternativePageCache({ ...options, gzip: kind === 'plain-sync' ? 'sync' : 'async' });

const app = express();
app.use(createRequestLog());
app.disable('x-powered-by');
app.use(responseCompression());
const nonces = createNonceSource();
app.use((_req, res, next) => {
  res.locals.nonce = nonces();
  next();
});
app.use(cache.serveHit);
// What the security headers middleware and the route's loader set, with this request's nonce.
app.use((req, res, next) => {
  const page = byPath.get(req.path);
  if (!page) return next();
  for (const [name, value] of Object.entries(page.headers)) {
    const nonce = res.locals.nonce as string;
    res.setHeader(
      name,
      Array.isArray(value)
        ? value.map((v) => v.replaceAll(page.nonce, nonce))
        : value.replaceAll(page.nonce, nonce),
    );
  }
  res.locals.route = `bench:${page.name}`;
  next();
});
app.use(cache.capture);
app.get('*', (req, res) => {
  const page = byPath.get(req.path);
  if (!page) return void res.status(404).type('text/plain').end('not a captured page\n');
  const nonce = (res.locals.renderNonce as string | undefined) ?? (res.locals.nonce as string);
  res.status(200);
  res.end(page.html.replaceAll(page.nonce, nonce), 'utf8');
});

const server = app.listen(0, '127.0.0.1', () => {
  process.send?.({ port: (server.address() as AddressInfo).port });
});
process.on('message', (message) => {
  if (message !== 'usage') return;
  const { hits, misses } = cache.stats();
  process.send?.({ cpu: process.cpuUsage(), hits, misses } satisfies Usage);
});
process.on('disconnect', () => process.exit(0));
