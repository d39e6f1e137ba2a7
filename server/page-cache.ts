import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/**
 * A short shared cache of guest HTML pages (DESIGN.md "Scale": the lever for speed). A page is
 * cached only when it is the same for every shopper who sends the same request: a GET of a
 * document (not a data request), by a visitor whose session holds nothing personal (no cookie,
 * or only the chosen home store, which is part of the key), answered 200 with no Set-Cookie.
 *
 * The CSP nonce stays unique per response: a cacheable page is rendered with a placeholder of
 * the same length, stored, and the placeholder is replaced by the request's own nonce each time
 * it is sent.
 */
export interface PageCacheOptions {
  ttlMs: number;
  maxEntries: number;
  /** Part of the key that changes when the brand's content or tenant file changes. */
  generation: (req: Request, res: Response) => string;
  /** The nonce this response must carry. */
  nonceOf: (res: Response) => string;
  /** Session fields a guest page may depend on (they are part of the cookie, so of the key). */
  guestSessionKeys: readonly string[];
  sessionCookie: string;
}

interface Entry {
  expires: number;
  status: number;
  contentType: string;
  body: string;
}

export function createPageCache(opts: PageCacheOptions) {
  // Same length and alphabet as a base64 nonce of 16 bytes, never produced by the site.
  const placeholder = `Z${crypto.randomBytes(17).toString('hex')}`.slice(0, 22) + '==';
  const entries = new Map<string, Entry>();
  let hits = 0;
  let misses = 0;

  function sessionIsGuest(raw: string | undefined): boolean {
    if (!raw) return true;
    // Remix cookie sessions are base64 JSON plus a signature. Decoding without verifying is
    // enough here: the raw value is in the key, and Remix verifies it when it renders.
    try {
      const value = decodeURIComponent(raw);
      const payload = value.slice(0, value.lastIndexOf('.'));
      const data = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as unknown;
      if (!data || typeof data !== 'object') return false;
      return Object.keys(data).every((k) => opts.guestSessionKeys.includes(k));
    } catch {
      return false;
    }
  }

  function cookieValue(req: Request): string | undefined {
    const header = req.headers.cookie;
    if (!header) return undefined;
    for (const part of header.split(';')) {
      const eq = part.indexOf('=');
      if (eq !== -1 && part.slice(0, eq).trim() === opts.sessionCookie)
        return part.slice(eq + 1).trim();
    }
    return undefined;
  }

  function keyFor(req: Request, res: Response): string | null {
    if (req.method !== 'GET' && req.method !== 'HEAD') return null;
    if (req.path.endsWith('.data') || req.path.startsWith('/__manifest')) return null;
    if (req.headers.authorization) return null;
    const cookie = cookieValue(req);
    if (!sessionIsGuest(cookie)) return null;
    return `${req.hostname}|${opts.generation(req, res)}|${req.originalUrl}|${cookie ?? ''}`;
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

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    if (opts.ttlMs <= 0) return next();
    const key = keyFor(req, res);
    if (!key) return next();
    const nonce = opts.nonceOf(res);
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) {
      hits++;
      res.status(hit.status).type(hit.contentType).set('X-Page-Cache', 'hit');
      res.send(hit.body.replaceAll(placeholder, nonce));
      return;
    }
    misses++;
    res.locals.renderNonce = placeholder;
    const chunks: Buffer[] = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
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
      const body = Buffer.concat(chunks).toString('utf8');
      const contentType = String(res.getHeader('content-type') ?? '');
      if (
        res.statusCode === 200 &&
        !res.getHeader('set-cookie') &&
        contentType.startsWith('text/html')
      ) {
        remember(key, { expires: Date.now() + opts.ttlMs, status: 200, contentType, body });
      }
      res.removeHeader('content-length');
      res.set('X-Page-Cache', 'miss');
      write(body.replaceAll(placeholder, nonce), 'utf8');
      return end(typeof cb === 'function' ? (cb as () => void) : undefined);
    }) as typeof res.end;
    next();
  };

  return {
    middleware,
    stats: () => ({ entries: entries.size, hits, misses }),
    clear: () => entries.clear(),
  };
}
