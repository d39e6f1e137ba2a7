import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';
import { pageCacheLookups } from '@common/metrics.server';

/**
 * A short shared cache of guest HTML pages (the lever for speed, see
 * docs/decisions/0004-guest-page-cache.md), behaving as a CDN in front would: a page is stored only
 * when its own headers allow a shared cache to keep it (`Cache-Control: public, …, s-maxage=N`, set
 * by the page's loader through app/lib/http/cache.server.ts), for N seconds. Only GETs of documents
 * (not data requests) with a 200, HTML and no Set-Cookie are considered; the request's cookie is
 * part of the key, so a visitor only ever gets a page rendered for the same cookie (a guest's home
 * store), and so is the scheme, so an https request never gets the headers of an http render
 * (no HSTS) nor the reverse.
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
  /** The parts' checksums, for the gzip trailer of each hit. */
  sums: PartSums;
  /**
   * The response's other headers (security headers, cache control), with the nonce of the
   * request that rendered it replaced by the placeholder (the CSP names it); `nonce` marks the
   * ones holding it, the only ones a hit rewrites.
   */
  headers: { name: string; value: string | string[]; nonce: boolean }[];
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
 * CRC-32 arithmetic (zlib's crc32_combine, as operators): the checksum of a text from its
 * pieces' checksums. `zerosOperator(n)` is the 32x32 bit matrix (one word per column) that takes
 * the CRC of A to the CRC of A followed by n zero bytes; then crc(A + B) = op(|B|)·crc(A) ^ crc(B).
 */
function gf2Times(matrix: Uint32Array, vector: number): number {
  let sum = 0;
  for (let i = 0, v = vector >>> 0; v !== 0; i++, v >>>= 1) if (v & 1) sum ^= matrix[i];
  return sum >>> 0;
}

function gf2Square(matrix: Uint32Array): Uint32Array {
  const square = new Uint32Array(32);
  for (let n = 0; n < 32; n++) square[n] = gf2Times(matrix, matrix[n]);
  return square;
}

export function zerosOperator(length: number): Uint32Array {
  // The operator for one zero bit (the CRC-32 polynomial, reflected), squared up to one byte.
  let op: Uint32Array = new Uint32Array(32);
  op[0] = 0xedb88320;
  for (let n = 1; n < 32; n++) op[n] = (1 << (n - 1)) >>> 0;
  for (let i = 0; i < 3; i++) op = gf2Square(op);
  // The identity, times op^(2^k) for each bit k of length.
  let result: Uint32Array = new Uint32Array(32);
  for (let n = 0; n < 32; n++) result[n] = (1 << n) >>> 0;
  for (let left = length; left > 0; left = Math.floor(left / 2)) {
    if (left % 2) {
      const product = new Uint32Array(32);
      for (let n = 0; n < 32; n++) product[n] = gf2Times(op, result[n]);
      result = product;
    }
    op = gf2Square(op);
  }
  return result;
}

/** A page's pieces' checksums and lengths, worked out once when it is stored. */
export interface PartSums {
  crcs: number[];
  /** zerosOperator of each part's length. */
  ops: Uint32Array[];
  size: number;
}

export function partSums(parts: Buffer[]): PartSums {
  return {
    // zlib.crc32 of an empty buffer answers 0, the CRC of an empty text.
    crcs: parts.map((part) => zlib.crc32(part)),
    ops: parts.map((part) => zerosOperator(part.length)),
    size: parts.reduce((sum, part) => sum + part.length, 0),
  };
}

/** Every nonce has the same length (base64 of 16 bytes): its operator is made once. */
const nonceOps = new Map<number, Uint32Array>();

/**
 * A gzip body from parts compressed ahead of time and the nonce added now: the parts were each
 * deflated on their own (no back-reference crosses a joint) and flushed to a byte boundary, so
 * with the nonce as a stored block between them their concatenation is one valid deflate stream.
 * The CRC-32 of the whole text comes from the parts' stored checksums and the nonce's own (a hit
 * reads none of the page's bytes again).
 */
export function gzipJoined(
  deflated: Buffer[],
  parts: Buffer[],
  nonce: Buffer,
  sums: PartSums = partSums(parts),
): Buffer {
  const nonceDeflated = storedBlock(nonce);
  let nonceOp = nonceOps.get(nonce.length);
  if (!nonceOp) nonceOps.set(nonce.length, (nonceOp = zerosOperator(nonce.length)));
  const nonceCrc = zlib.crc32(nonce);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  deflated.forEach((piece, i) => {
    if (i > 0) {
      pieces.push(nonceDeflated);
      crc = (gf2Times(nonceOp, crc) ^ nonceCrc) >>> 0;
    }
    pieces.push(piece);
    crc = (gf2Times(sums.ops[i], crc) ^ sums.crcs[i]) >>> 0;
  });
  const size = sums.size + nonce.length * (deflated.length - 1);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
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
    const key = pageKey(opts, req, res);
    if (!key) return next();
    const hit = entries.get(key);
    if (!hit || hit.expires <= Date.now()) return next();
    hits++;
    pageCacheLookups.inc({ result: 'hit' });
    sendEntry(hit, req, res, placeholder, opts.nonceOf(res));
  };

  /** Renders a miss with the placeholder nonce and keeps the answer when it may be shared. */
  const capture = (req: Request, res: Response, next: NextFunction) => {
    // Only a GET's body is stored (a HEAD is answered from an entry, never makes one).
    const key = req.method === 'GET' ? pageKey(opts, req, res) : null;
    if (!key) return next();
    const nonce = opts.nonceOf(res);
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) {
      // Reached only when serveHit is not installed before.
      return serveHit(req, res, next);
    }
    misses++;
    res.locals.renderNonce = placeholder;
    holdBody(res, (body) => {
      pageCacheLookups.inc({ result: 'miss' });
      const entry = entryOf(res, body, nonce, placeholder);
      if (entry) remember(key, entry);
      res.removeHeader('content-length');
      res.set('X-Page-Cache', 'miss');
      return body.replaceAll(placeholder, nonce);
    });
    next();
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

/**
 * Lets a response the cache can never keep (the app knows: a signed-in shopper's page is
 * private) stream straight out, rendered with the request's own nonce, instead of being held
 * and rewritten. Call before anything is written (Remix's load context is built first).
 */
function bypass(res: Response) {
  const release = res.locals.pageCacheRelease as (() => void) | undefined;
  if (release) {
    release();
    pageCacheLookups.inc({ result: 'bypass' });
  }
  delete res.locals.pageCacheRelease;
}

/** The entry a request may be answered from, or null when it is never answered from the cache. */
function pageKey(opts: PageCacheOptions, req: Request, res: Response): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (req.path.endsWith('.data') || req.path.startsWith('/__manifest')) return null;
  if (req.headers.authorization) return null;
  // A client asking for a fresh page (a hard reload) gets one rendered, as from a CDN.
  if (/\bno-cache\b/.test(String(req.headers['cache-control'] ?? req.headers.pragma ?? ''))) {
    return null;
  }
  // The scheme (`req.protocol`: X-Forwarded-Proto from a trusted proxy) as a CDN keys on the
  // whole address: an entry's headers are those of its scheme's render (HSTS only over https).
  return `${req.protocol}|${req.hostname}|${opts.generation(req, res)}|${req.originalUrl}|${req.headers.cookie ?? ''}`;
}

/** Sends a stored page with the request's nonce: its headers, then the body, gzipped if asked. */
function sendEntry(hit: Entry, req: Request, res: Response, placeholder: string, nonce: string) {
  if (hit.route) res.locals.route = hit.route;
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
  const nonceBytes = Buffer.from(nonce, 'utf8');
  res.setHeader('Vary', 'Accept-Encoding');
  if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
    // Compressed ahead of time; the compression middleware leaves an encoded body alone.
    res.setHeader('Content-Encoding', 'gzip');
    res.end(gzipJoined(hit.deflated, hit.parts, nonceBytes, hit.sums));
    return;
  }
  const pieces: Buffer[] = [];
  hit.parts.forEach((part, i) => {
    if (i > 0) pieces.push(nonceBytes);
    pieces.push(part);
  });
  res.end(Buffer.concat(pieces));
}

/**
 * Holds what the app writes until the response ends, then sends what `finish` makes of the whole
 * body. `res.locals.pageCacheRelease` undoes the hold (see bypass()): the response then goes out
 * as it is rendered, with the request's own nonce.
 */
function holdBody(res: Response, finish: (body: string) => string) {
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
    write(finish(Buffer.concat(chunks).toString('utf8')), 'utf8');
    return end(typeof cb === 'function' ? (cb as () => void) : undefined);
  }) as typeof res.end;
}

function toBuffer(chunk: unknown, encoding?: unknown): Buffer {
  return Buffer.isBuffer(chunk)
    ? chunk
    : Buffer.from(
        chunk as string,
        typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
      );
}

/**
 * The entry to keep for a rendered page, or null when a shared cache may not keep it: a 200 HTML
 * page, no Set-Cookie, public with a max age. The request's nonce becomes the placeholder.
 */
function entryOf(res: Response, body: string, nonce: string, placeholder: string): Entry | null {
  const contentType = String(res.getHeader('content-type') ?? '');
  const maxAge = sharedMaxAgeSeconds(res.getHeader('cache-control'));
  if (
    maxAge <= 0 ||
    res.statusCode !== 200 ||
    res.getHeader('set-cookie') ||
    !contentType.startsWith('text/html')
  ) {
    return null;
  }
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
  const parts = body.split(placeholder).map((part) => Buffer.from(part, 'utf8'));
  return {
    expires: Date.now() + maxAge * 1000,
    status: 200,
    contentType,
    parts,
    deflated: parts.map(deflatePiece),
    sums: partSums(parts),
    headers,
    route: typeof res.locals.route === 'string' ? res.locals.route : undefined,
  };
}
