import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import CachePolicy from 'http-cache-semantics';
import { LRUCache } from 'lru-cache';
import { pageCacheLookups } from '@common/metrics.server';
import type { PageCacheOptions } from '../server/page-cache';

/**
 * The plain, library-based alternative to server/page-cache.ts, written for
 * `npm run bench:page-cache` to measure what the hand-joined gzip hit buys:
 *
 * - `lru-cache` holds the entries, each with its own TTL;
 * - `http-cache-semantics` (CachePolicy, as a shared cache) decides from the response's own
 *   headers whether it may be stored and for how long, as a CDN in front would;
 * - a hit replaces the nonce placeholder in the stored HTML and gzips the result (level 1) for
 *   every request.
 *
 * Everything else is the real cache's: the same key (scheme, host, brand generation, URL,
 * cookie), the same rules (GET documents only, 200, HTML, no Set-Cookie, a no-cache request
 * neither answered nor stored), the same placeholder nonce and headers replayed, the same
 * metrics and `bypass`.
 *
 * Differences left on purpose, as a CDN behaves: a response with `s-maxage` but without
 * `public` is stored (the real cache wants `public`), and `stale-while-revalidate` is not served
 * (neither does the real cache): the entry lives for the fresh lifetime only.
 */
export interface AlternativeOptions extends PageCacheOptions {
  /**
   * How a hit is gzipped: 'async' (zlib.gzip on libuv's thread pool, the event loop free
   * meanwhile, as the compression middleware does) or 'sync' (zlib.gzipSync on the event loop).
   */
  gzip?: 'async' | 'sync';
}

/** The gzip level of a hit: the cheapest, since it is paid for every request. */
export const HIT_GZIP_LEVEL = 1;

interface Entry {
  status: number;
  contentType: string;
  /** The page as rendered with the placeholder nonce. */
  html: string;
  /** As the real cache keeps them: the nonce replaced by the placeholder, `nonce` marking where. */
  headers: { name: string; value: string | string[]; nonce: boolean }[];
  route?: string;
}

/** Headers never replayed from a stored response (the real cache's list). */
const NOT_REPLAYED = new Set([
  'content-length',
  'content-type',
  'content-encoding',
  'transfer-encoding',
  'set-cookie',
  'etag',
  'x-page-cache',
  'vary',
  'connection',
  'date',
  'x-request-id',
]);

/** Header values as strings, the shape CachePolicy reads (it parses Cache-Control as text). */
function textHeaders(headers: Record<string, unknown>): Record<string, string> {
  const text: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    text[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return text;
}

export function createAlternativePageCache(opts: AlternativeOptions) {
  // Same length and alphabet as a base64 nonce of 16 bytes, never produced by the site.
  const placeholder = `Z${crypto.randomBytes(17).toString('hex')}`.slice(0, 22) + '==';
  const entries = new LRUCache<string, Entry>({ max: opts.maxEntries });
  const gzipMode = opts.gzip ?? 'async';
  let hits = 0;
  let misses = 0;

  function keyFor(req: Request, res: Response): string | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    if (req.path.endsWith('.data') || req.path.startsWith('/__manifest')) return null;
    if (req.headers.authorization) return null;
    if (/\bno-cache\b/.test(String(req.headers['cache-control'] ?? req.headers.pragma ?? ''))) {
      return null;
    }
    return `${req.protocol}|${req.hostname}|${opts.generation(req, res)}|${req.originalUrl}|${req.headers.cookie ?? ''}`;
  }

  /** How long a shared cache may keep this response, in ms (0: not at all), by CachePolicy. */
  function freshFor(req: Request, res: Response): number {
    const policy = new CachePolicy(
      {
        method: req.method,
        url: req.originalUrl,
        headers: textHeaders(req.headers as IncomingHttpHeaders),
      },
      { status: res.statusCode, headers: textHeaders(res.getHeaders()) },
      { shared: true },
    );
    if (!policy.storable()) return 0;
    // The fresh lifetime: timeToLive() would add stale-while-revalidate, a grace period this
    // cache does not serve.
    return Math.max(0, Math.round((policy.maxAge() - policy.age()) * 1000));
  }

  const serveHit = (req: Request, res: Response, next: NextFunction) => {
    const key = keyFor(req, res);
    if (!key) return next();
    const hit = entries.get(key);
    if (!hit) return next();
    hits++;
    pageCacheLookups.inc({ result: 'hit' });
    if (hit.route) res.locals.route = hit.route;
    const nonce = opts.nonceOf(res);
    for (const { name, value, nonce: withNonce } of hit.headers) {
      if (!withNonce) res.setHeader(name, value);
      else
        res.setHeader(
          name,
          Array.isArray(value)
            ? value.map((v) => v.replaceAll(placeholder, nonce))
            : value.replaceAll(placeholder, nonce),
        );
    }
    res.statusCode = hit.status;
    res.setHeader('Content-Type', hit.contentType);
    res.setHeader('X-Page-Cache', 'hit');
    if (req.method === 'HEAD') return void res.end();
    res.setHeader('Vary', 'Accept-Encoding');
    const html = hit.html.replaceAll(placeholder, nonce);
    if (!/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      res.end(html, 'utf8');
      return;
    }
    // The compression middleware leaves a body that is already encoded alone.
    res.setHeader('Content-Encoding', 'gzip');
    if (gzipMode === 'sync') {
      res.end(zlib.gzipSync(html, { level: HIT_GZIP_LEVEL }));
      return;
    }
    zlib.gzip(html, { level: HIT_GZIP_LEVEL }, (error, body) => {
      if (error) return next(error);
      res.end(body);
    });
  };

  const capture = (req: Request, res: Response, next: NextFunction) => {
    const key = req.method === 'GET' ? keyFor(req, res) : null;
    if (!key) return next();
    const nonce = opts.nonceOf(res);
    if (entries.has(key)) return serveHit(req, res, next);
    misses++;
    res.locals.renderNonce = placeholder;
    const chunks: Buffer[] = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    const originalWrite = res.write;
    const originalEnd = res.end;
    res.locals.pageCacheRelease = () => {
      res.write = originalWrite;
      res.end = originalEnd;
      delete res.locals.renderNonce;
    };
    const toBuffer = (chunk: unknown, encoding?: unknown) =>
      Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(
            chunk as string,
            typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
          );
    res.write = ((chunk: unknown, encoding?: unknown, cb?: unknown) => {
      chunks.push(toBuffer(chunk, encoding));
      if (typeof encoding === 'function') encoding();
      else if (typeof cb === 'function') cb();
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, encoding?: unknown, cb?: unknown) => {
      if (typeof chunk === 'function') cb = chunk;
      else if (chunk !== undefined && chunk !== null) chunks.push(toBuffer(chunk, encoding));
      if (typeof encoding === 'function') cb = encoding;
      pageCacheLookups.inc({ result: 'miss' });
      const body = Buffer.concat(chunks).toString('utf8');
      const contentType = String(res.getHeader('content-type') ?? '');
      if (
        res.statusCode === 200 &&
        !res.getHeader('set-cookie') &&
        contentType.startsWith('text/html')
      ) {
        const ttl = freshFor(req, res);
        if (ttl > 0) {
          const headers: Entry['headers'] = [];
          for (const [name, value] of Object.entries(res.getHeaders())) {
            if (NOT_REPLAYED.has(name) || value === undefined) continue;
            const text = Array.isArray(value) ? value : String(value);
            const stored = Array.isArray(text)
              ? text.map((v) => v.replaceAll(nonce, placeholder))
              : text.replaceAll(nonce, placeholder);
            headers.push({
              name,
              value: stored,
              nonce: [stored].flat().some((v) => v.includes(placeholder)),
            });
          }
          const route = typeof res.locals.route === 'string' ? res.locals.route : undefined;
          entries.set(key, { status: 200, contentType, html: body, headers, route }, { ttl });
        }
      }
      res.removeHeader('content-length');
      res.set('X-Page-Cache', 'miss');
      write(body.replaceAll(placeholder, nonce), 'utf8');
      return end(typeof cb === 'function' ? (cb as () => void) : undefined);
    }) as typeof res.end;
    next();
  };

  const bypass = (res: Response) => {
    const release = res.locals.pageCacheRelease as (() => void) | undefined;
    if (release) {
      release();
      pageCacheLookups.inc({ result: 'bypass' });
    }
    delete res.locals.pageCacheRelease;
  };

  return {
    middleware: capture,
    serveHit,
    capture,
    bypass,
    stats: () => ({ entries: entries.size, hits, misses }),
    clear: () => entries.clear(),
  };
}
