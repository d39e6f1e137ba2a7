/**
 * The HTTP layer of the reference ad viewer on node:http. Routes (README "API"):
 *
 *   POST /{page}/api/account/authenticate      → { authToken }
 *   GET  /{page}/api/content?itemView=true     → { adPages } (Bearer authToken)
 *   GET  /{page}?token=… | ?chooseStore        → the viewer page (HTML, for a frame)
 *   GET  /images/afs/products/{value}.png|.jpg → a product image
 *   PUT  /websites/posts/{id}/view | /click    → 204 (ad studio counts)
 *   GET  /healthz                              → { ok, pages, adStudio }
 *
 * Bad input of any shape is a 4xx: bodies are bounded (413), paths must decode (400), unknown
 * routes are 404 and known ones with another method 405. Only a bug answers 500, and it is logged.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { adBlocks, adWeeks, weekAds } from './ads';
import type { AdPage } from './pages';
import type { TokenIssuer } from './tokens';
import { renderViewer } from './viewer';

export interface Logger {
  debug(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const MAX_BODY_BYTES = 16 * 1024;
/** Distinct ad-studio ids kept per counter: a flood of made-up ids cannot grow memory forever. */
export const MAX_COUNTED_IDS = 10_000;
const POST_ID = /^[A-Za-z0-9_-]{1,100}$/;

export interface AdStudioCounts {
  views: Record<string, number>;
  clicks: Record<string, number>;
}

export interface HandlerDeps {
  pages: Map<string, AdPage>;
  images: Map<string, { body: Buffer; etag: string }>;
  tokens: TokenIssuer;
  now(): Date;
  logger: Logger;
  adStudio: { views: Map<string, number>; clicks: Map<string, number> };
  health(): unknown;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

class BodyTooLarge extends Error {}

/** Reads (and discards) a request body of at most MAX_BODY_BYTES. */
function readBody(req: http.IncomingMessage): Promise<void> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.off('data', onData);
        reject(new BodyTooLarge());
      }
    };
    req.on('data', onData);
    req.once('end', () => resolve());
    req.once('error', reject);
  });
}

const COMMON_HEADERS = { 'X-Content-Type-Options': 'nosniff' };

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...COMMON_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function allow(method: string, allowed: string[]): void {
  const list = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
  if (!list.includes(method)) {
    throw new HttpError(405, `Method ${method} is not allowed here.`, { Allow: list.join(', ') });
  }
}

function bearer(header: string | undefined): string | null {
  const match = /^\s*Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match ? match[1] : null;
}

function count(counter: Map<string, number>, id: string, logger: Logger): void {
  const known = counter.get(id);
  if (known === undefined && counter.size >= MAX_COUNTED_IDS) {
    logger.warn({ id }, 'ad studio: too many distinct posts, count dropped');
    return;
  }
  counter.set(id, (known ?? 0) + 1);
}

export function createRequestHandler(deps: HandlerDeps) {
  const { pages, logger } = deps;

  function page(name: string): AdPage {
    const found = pages.get(name);
    if (!found) throw new HttpError(404, `Unknown ad page '${name}'.`);
    return found;
  }

  async function dispatch(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://adviewer.invalid');
    } catch {
      throw new HttpError(400, 'Malformed request URL.');
    }
    let segments: string[];
    try {
      segments = url.pathname.split('/').slice(1).map(decodeURIComponent);
    } catch {
      throw new HttpError(400, 'Malformed percent-encoding in the path.');
    }
    if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
    if (segments.some((s) => s.includes('\0'))) throw new HttpError(400, 'NUL in the path.');
    // Every body is read (and bounded) before answering, whatever the route.
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding']) {
      await readBody(req);
    }
    const [first = '', ...rest] = segments;
    const route = rest.join('/');

    if (first === 'healthz' && rest.length === 0) {
      allow(method, ['GET']);
      return sendJson(res, 200, deps.health());
    }
    if (first === 'images' && rest.length === 3 && rest[0] === 'afs' && rest[1] === 'products') {
      allow(method, ['GET']);
      const image = deps.images.get(rest[2]);
      if (!image) throw new HttpError(404, 'Unknown image.');
      const headers = {
        ...COMMON_HEADERS,
        'Cache-Control': 'public, max-age=2592000',
        ETag: image.etag,
        'Cross-Origin-Resource-Policy': 'cross-origin',
      };
      if (req.headers['if-none-match'] === image.etag) {
        res.writeHead(304, headers);
        res.end();
        return;
      }
      res.writeHead(200, {
        ...headers,
        'Content-Type': rest[2].endsWith('.png') ? 'image/png' : 'image/jpeg',
        'Content-Length': image.body.length,
      });
      res.end(image.body);
      return;
    }
    if (first === 'websites' && rest.length === 3 && rest[0] === 'posts') {
      const kind = rest[2];
      if (kind !== 'view' && kind !== 'click') throw new HttpError(404, 'Unknown route.');
      allow(method, ['PUT']);
      if (!POST_ID.test(rest[1]))
        throw new HttpError(400, 'A post id is 1-100 letters, digits, - or _.');
      count(kind === 'view' ? deps.adStudio.views : deps.adStudio.clicks, rest[1], logger);
      res.writeHead(204, { ...COMMON_HEADERS, 'Cache-Control': 'no-store' });
      res.end();
      return;
    }
    if (route === 'api/account/authenticate') {
      allow(method, ['POST']);
      const adPage = page(first);
      return sendJson(res, 200, { authToken: deps.tokens.issue(adPage.page, deps.now()) });
    }
    if (route === 'api/content') {
      allow(method, ['GET']);
      const adPage = page(first);
      const token = bearer(req.headers.authorization);
      if (!token || !deps.tokens.verify(token, adPage.page, deps.now())) {
        throw new HttpError(401, 'A valid authToken of this page is required.', {
          'WWW-Authenticate': 'Bearer',
        });
      }
      if (url.searchParams.get('itemView') !== 'true') {
        throw new HttpError(400, 'itemView=true is required.');
      }
      const { current, next } = adWeeks(deps.now());
      return sendJson(res, 200, {
        adPages: [...weekAds(adPage.page, current), ...weekAds(adPage.page, next)],
      });
    }
    if (rest.length === 0 && first) {
      allow(method, ['GET']);
      return viewer(url, page(first), res);
    }
    throw new HttpError(404, 'Unknown route.');
  }

  function viewer(url: URL, framePage: AdPage, res: http.ServerResponse) {
    const query = url.searchParams;
    const chosen = query.get('store');
    let shown: AdPage | null = framePage;
    if (chosen !== null) {
      const store = pages.get(chosen);
      if (!store || store.brand !== framePage.brand) {
        throw new HttpError(404, `Unknown store '${chosen}'.`);
      }
      shown = store;
    } else if (query.has('chooseStore')) {
      shown = null;
    }
    const weeks = adWeeks(deps.now());
    const nextWeek = query.get('week') === 'next';
    const week = nextWeek ? weeks.next : weeks.current;
    const nonce = crypto.randomBytes(16).toString('base64');
    const html = renderViewer({
      framePage,
      shown,
      week,
      nextWeek,
      blocks: shown ? adBlocks(shown.page, week.start) : [],
      token: query.get('token') || null,
      changedTo: chosen,
      nonce,
    });
    res.writeHead(200, {
      ...COMMON_HEADERS,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(html),
      'Cache-Control': 'no-store',
      // The token travels in the address: never to another site.
      'Referrer-Policy': 'no-referrer',
      'Content-Security-Policy': [
        "default-src 'none'",
        "img-src 'self'",
        `style-src 'nonce-${nonce}'`,
        `script-src 'nonce-${nonce}'`,
        "form-action 'self'",
        "base-uri 'none'",
        // Meant for any site's frame (a reference; a provider would list its customers).
        'frame-ancestors *',
      ].join('; '),
    });
    res.end(html);
  }

  return async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const started = performance.now();
    // Paths only in logs: the viewer's query carries the shopper's token.
    const path = (req.url ?? '').split('?')[0];
    let status = 500;
    try {
      await dispatch(req, res);
      status = res.statusCode;
    } catch (error) {
      const known =
        error instanceof HttpError
          ? error
          : error instanceof BodyTooLarge
            ? new HttpError(413, `Request body is larger than ${MAX_BODY_BYTES / 1024} KB.`)
            : null;
      if (!known)
        logger.error({ err: error, method: req.method, path }, 'ad viewer request failed');
      const failure = known ?? new HttpError(500, 'Internal error.');
      status = failure.status;
      if (res.headersSent) {
        res.destroy();
        return;
      }
      // A body left unread (too large) would otherwise be read as the next request.
      const close = !req.complete;
      sendJson(
        res,
        status,
        { error: failure.message },
        {
          ...failure.headers,
          ...(close ? { Connection: 'close' } : {}),
        },
      );
      if (close) req.resume();
    } finally {
      logger.debug(
        { method: req.method, path, status, ms: Math.round(performance.now() - started) },
        'ad viewer request',
      );
    }
  };
}
