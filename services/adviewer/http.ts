/**
 * The reference ad viewer on the shared HTTP layer (services/http). Routes (README "API"):
 *
 *   POST /{page}/api/account/authenticate      → { authToken }
 *   GET  /{page}/api/content?itemView=true     → { adPages } (Bearer authToken)
 *   GET  /{page}?token=… | ?chooseStore        → the viewer page (HTML, for a frame)
 *   GET  /images/afs/products/{value}.png|.jpg → a product image
 *   PUT  /websites/posts/{id}/view | /click    → 204 (ad studio counts)
 *   GET  /healthz                              → { ok, pages, adStudio }
 *
 * Bad input of any shape is a 4xx `{ error }`: bodies are bounded (413, on any route: every body
 * is read before routing), paths must decode (400), unknown routes are 404 and known ones with
 * another method 405. Only a bug answers 500, and it is logged.
 */
import crypto from 'node:crypto';
import type http from 'node:http';
import { createRouter } from '../http/router';
import {
  createServiceHandler,
  HttpError,
  type RequestContext,
  type RouteHandler,
} from '../http/service';
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

const NOSNIFF = { 'x-content-type-options': 'nosniff' };

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

  function image({ req, res, params }: RequestContext) {
    const found = deps.images.get(params.file);
    if (!found) throw new HttpError(404, 'Unknown image.');
    const headers = {
      ...NOSNIFF,
      'cache-control': 'public, max-age=2592000',
      etag: found.etag,
      'cross-origin-resource-policy': 'cross-origin',
    };
    if (req.headers['if-none-match'] === found.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.writeHead(200, {
      ...headers,
      'content-type': params.file.endsWith('.png') ? 'image/png' : 'image/jpeg',
      'content-length': found.body.length,
    });
    res.end(found.body);
  }

  function countPost(counter: Map<string, number>): RouteHandler {
    return ({ res, params }) => {
      if (!POST_ID.test(params.id)) {
        throw new HttpError(400, 'A post id is 1-100 letters, digits, - or _.');
      }
      count(counter, params.id, logger);
      res.writeHead(204, { ...NOSNIFF, 'cache-control': 'no-store' });
      res.end();
    };
  }

  function content({ req, url, params }: RequestContext) {
    const adPage = page(params.page);
    const token = bearer(req.headers.authorization);
    if (!token || !deps.tokens.verify(token, adPage.page, deps.now())) {
      throw new HttpError(401, 'A valid authToken of this page is required.', {
        'www-authenticate': 'Bearer',
      });
    }
    if (url.searchParams.get('itemView') !== 'true') {
      throw new HttpError(400, 'itemView=true is required.');
    }
    const { current, next } = adWeeks(deps.now());
    return { body: { adPages: [...weekAds(adPage.page, current), ...weekAds(adPage.page, next)] } };
  }

  function viewer({ url, params }: RequestContext) {
    const framePage = page(params.page);
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
    return {
      text: html,
      type: 'text/html; charset=utf-8',
      headers: {
        // The token travels in the address: never to another site.
        'referrer-policy': 'no-referrer',
        'content-security-policy': [
          "default-src 'none'",
          "img-src 'self'",
          `style-src 'nonce-${nonce}'`,
          `script-src 'nonce-${nonce}'`,
          "form-action 'self'",
          "base-uri 'none'",
          // Meant for any site's frame (a reference; a provider would list its customers).
          'frame-ancestors *',
        ].join('; '),
      },
    };
  }

  // A static segment wins over `:page`, so `/healthz` and `/images/…` are never ad pages.
  const router = createRouter<RouteHandler>()
    .on('GET', '/healthz', () => ({ body: deps.health() }))
    .on('GET', '/images/afs/products/:file', image)
    .on('PUT', '/websites/posts/:id/view', countPost(deps.adStudio.views))
    .on('PUT', '/websites/posts/:id/click', countPost(deps.adStudio.clicks))
    .on('POST', '/:page/api/account/authenticate', ({ params }) => ({
      body: { authToken: deps.tokens.issue(page(params.page).page, deps.now()) },
    }))
    .on('GET', '/:page/api/content', content)
    .on('GET', '/:page', viewer);

  return createServiceHandler({
    name: 'ad viewer',
    logger,
    router,
    errorBody: (error) => ({ error: error.message }),
    bodies: { before: 'read', limits: { maxBytes: MAX_BODY_BYTES } },
    // A NUL can only come percent-encoded; no page, image or post has one.
    guard(_req: http.IncomingMessage, url: URL) {
      if (/%00/.test(url.pathname)) throw new HttpError(400, 'NUL in the path.');
    },
  });
}
