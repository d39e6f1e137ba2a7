import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';
import { pageCacheLookups } from '@common/metrics.server';

/**
 * A short shared cache of guest HTML pages (DESIGN.md "Scale": the lever for speed), behaving as
 * a CDN in front would: a page is stored only when its own headers allow a shared cache to keep
 * it (`Cache-Control: public, …, s-maxage=N`, set by the page's loader through
 * app/lib/http/cache.server.ts), for N seconds. Only GETs of documents (not data requests) with
 * a 200, HTML and no Set-Cookie are considered; the request's cookie is part of the key, so a
 * visitor only ever gets a page rendered for the same cookie (a guest's home store).
 *
 * The CSP nonce stays unique per response: a cacheable page is rendered with a placeholder of
 * the same length, stored, and the placeholder is replaced by the request's own nonce each time
 * it is sent.
 */
export interface PageCacheOptions {
  maxEntries: number;
  /** Part of the key that changes when the brand's content or tenant file changes. */
  generation: (req: Request, res: Response) => string;
  /** The nonce this response must carry. */
  nonceOf: (res: Response) => string;
}

/**
 * How long a shared cache may keep a response, from its Cache-Control: s-maxage (or max-age)
 * seconds of a `public` response; 0 when it must not be shared (private, no-store, no-cache,
 * nothing said).
 */
export function sharedMaxAgeSeconds(cacheControl: string | number | string[] | undefined): number {
  const value = String(cacheControl ?? '').toLowerCase();
  if (!/(^|[\s,])public([\s,]|$)/.test(value)) return 0;
  if (/(^|[\s,])(private|no-store|no-cache)([\s,=]|$)/.test(value)) return 0;
  const shared = /(?:^|[\s,])s-maxage=(\d+)/.exec(value) ?? /(?:^|[\s,])max-age=(\d+)/.exec(value);
  return shared ? Number(shared[1]) : 0;
}

interface Entry {
  expires: number;
  status: number;
  contentType: string;
  /** The body cut at each nonce placeholder (UTF-8 bytes): the nonce goes between the parts. */
  parts: Buffer[];
  /** Each part compressed on its own as raw deflate ending on a byte boundary (sync flush). */
  deflated: Buffer[];
  /**
   * The response's other headers (security headers, cache control), with the nonce of the
   * request that rendered it replaced by the placeholder (the CSP names it).
   */
  headers: [string, string | string[]][];
  /** The Remix route that rendered it (res.locals.route), for the hit's log line and metrics. */
  route?: string;
}

/** Headers never replayed from a stored response. */
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
  // Each request has its own (server/request-log.ts).
  'x-request-id',
]);

/** Raw deflate of one piece, flushed to a byte boundary, not final: pieces can be joined. */
function deflatePiece(data: Buffer): Buffer {
  return zlib.deflateRawSync(data, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
}

/**
 * A piece as one stored (uncompressed) deflate block, not final, byte-aligned: what a hit adds
 * for its nonce (24 bytes, which compression would not shrink) without a zlib stream per request.
 * Header bits 0 (not final) and 00 (stored) padded to a byte, then LEN and its complement.
 */
export function storedBlock(data: Buffer): Buffer {
  if (data.length > 0xffff) throw new RangeError('a stored block holds at most 65535 bytes');
  const block = Buffer.alloc(5 + data.length);
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final block with fixed Huffman codes: ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * A gzip body from parts compressed ahead of time and the nonce compressed now: the parts were
 * each deflated on their own (no back-reference crosses a joint) and flushed to a byte boundary,
 * so their concatenation is one valid deflate stream. CRC-32 and length cover the whole text.
 */
export function gzipJoined(deflated: Buffer[], parts: Buffer[], nonce: Buffer): Buffer {
  const nonceDeflated = storedBlock(nonce);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      pieces.push(nonceDeflated);
      crc = zlib.crc32(nonce, crc);
      size += nonce.length;
    }
    pieces.push(deflated[i]);
    // zlib.crc32 of an empty buffer answers 0, not the running value.
    if (part.length) crc = zlib.crc32(part, crc);
    size += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(FINAL_BLOCK, trailer);
  return Buffer.concat(pieces);
}

export function createPageCache(opts: PageCacheOptions) {
  // Same length and alphabet as a base64 nonce of 16 bytes, never produced by the site.
  const placeholder = `Z${crypto.randomBytes(17).toString('hex')}`.slice(0, 22) + '==';
  const entries = new Map<string, Entry>();
  let hits = 0;
  let misses = 0;

  function keyFor(req: Request, res: Response): string | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    if (req.path.endsWith('.data') || req.path.startsWith('/__manifest')) return null;
    if (req.headers.authorization) return null;
    // A client asking for a fresh page (a hard reload) gets one rendered, as from a CDN.
    if (/\bno-cache\b/.test(String(req.headers['cache-control'] ?? req.headers.pragma ?? ''))) {
      return null;
    }
    return `${req.hostname}|${opts.generation(req, res)}|${req.originalUrl}|${req.headers.cookie ?? ''}`;
  }

  function remember(key: string, entry: Entry) {
    if (entries.size >= opts.maxEntries) {
      // Drop expired entries first, then the oldest.
      const now = Date.now();
      for (const [k, e] of entries) if (e.expires <= now) entries.delete(k);
      while (entries.size >= opts.maxEntries) entries.delete(entries.keys().next().value as string);
    }
    entries.set(key, entry);
  }

  /**
   * Answers from the cache when it can, before the rest of the stack (security headers, static
   * files, the origin check, Remix): the stored response already carries its headers, so a hit
   * costs a lookup and one nonce substitution. Put it right after the brand is known.
   */
  const serveHit = (req: Request, res: Response, next: NextFunction) => {
    const key = keyFor(req, res);
    if (!key) return next();
    const hit = entries.get(key);
    if (!hit || hit.expires <= Date.now()) return next();
    hits++;
    pageCacheLookups.inc({ result: 'hit' });
    if (hit.route) res.locals.route = hit.route;
    const nonce = opts.nonceOf(res);
    for (const [name, value] of hit.headers) {
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
    const nonceBytes = Buffer.from(nonce, 'utf8');
    res.setHeader('Vary', 'Accept-Encoding');
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      // Compressed ahead of time; the compression middleware leaves an encoded body alone.
      res.setHeader('Content-Encoding', 'gzip');
      res.end(gzipJoined(hit.deflated, hit.parts, nonceBytes));
      return;
    }
    const pieces: Buffer[] = [];
    hit.parts.forEach((part, i) => {
      if (i > 0) pieces.push(nonceBytes);
      pieces.push(part);
    });
    res.end(Buffer.concat(pieces));
  };

  /** Renders a miss with the placeholder nonce and keeps the answer when it may be shared. */
  const capture = (req: Request, res: Response, next: NextFunction) => {
    // Only a GET's body is stored (a HEAD is answered from an entry, never makes one).
    const key = req.method === 'GET' ? keyFor(req, res) : null;
    if (!key) return next();
    const nonce = opts.nonceOf(res);
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) {
      // Reached only when serveHit is not installed before.
      return serveHit(req, res, next);
    }
    misses++;
    res.locals.renderNonce = placeholder;
    const chunks: Buffer[] = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    const originalWrite = res.write;
    const originalEnd = res.end;
    // See bypass(): the response goes out as it is rendered, with the request's own nonce.
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
      const maxAge = sharedMaxAgeSeconds(res.getHeader('cache-control'));
      if (
        maxAge > 0 &&
        res.statusCode === 200 &&
        !res.getHeader('set-cookie') &&
        contentType.startsWith('text/html')
      ) {
        const headers: Entry['headers'] = [];
        for (const [name, value] of Object.entries(res.getHeaders())) {
          if (NOT_REPLAYED.has(name) || value === undefined) continue;
          const text = Array.isArray(value) ? value : String(value);
          headers.push([
            name,
            Array.isArray(text)
              ? text.map((v) => v.replaceAll(nonce, placeholder))
              : text.replaceAll(nonce, placeholder),
          ]);
        }
        remember(key, {
          expires: Date.now() + maxAge * 1000,
          status: 200,
          contentType,
          ...(() => {
            const parts = body.split(placeholder).map((part) => Buffer.from(part, 'utf8'));
            return { parts, deflated: parts.map(deflatePiece) };
          })(),
          headers,
          route: typeof res.locals.route === 'string' ? res.locals.route : undefined,
        });
      }
      res.removeHeader('content-length');
      res.set('X-Page-Cache', 'miss');
      write(body.replaceAll(placeholder, nonce), 'utf8');
      return end(typeof cb === 'function' ? (cb as () => void) : undefined);
    }) as typeof res.end;
    next();
  };

  /**
   * Lets a response the cache can never keep (the app knows: a signed-in shopper's page is
   * private) stream straight out, rendered with the request's own nonce, instead of being held
   * and rewritten. Call before anything is written (Remix's load context is built first).
   */
  const bypass = (res: Response) => {
    const release = res.locals.pageCacheRelease as (() => void) | undefined;
    if (release) {
      release();
      pageCacheLookups.inc({ result: 'bypass' });
    }
    delete res.locals.pageCacheRelease;
  };

  /** Both in one place (the hit answered where the miss is rendered). */
  const middleware = capture;

  return {
    middleware,
    serveHit,
    capture,
    bypass,
    stats: () => ({ entries: entries.size, hits, misses }),
    clear: () => entries.clear(),
  };
}
