import type { NextFunction, Request, Response } from 'express';
import { logger } from '@common/logger.server';

/**
 * CSRF guard for every state-changing request: the Origin header (or, when a browser sends none,
 * the Referer) must be the brand's own origin, scheme included: the canonical one, or the one the
 * request came to (its scheme as Express reads it, through trusted proxies only, and its Host).
 * A page served over http (a captive portal, a downgraded link) cannot post to the https site.
 */
export function isAllowedOrigin(opts: {
  method: string;
  origin: string | undefined;
  referer: string | undefined;
  host: string | undefined;
  /** The request's scheme: Express's `req.protocol` ('http' or 'https'). */
  protocol: string;
  canonicalOrigin: string;
}): boolean {
  const method = opts.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return true;
  let source = opts.origin && opts.origin !== 'null' ? opts.origin : undefined;
  if (!source && opts.referer) {
    try {
      source = new URL(opts.referer).origin;
    } catch {
      return false;
    }
  }
  if (!source) return false;
  let parsed: URL;
  try {
    parsed = new URL(source);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(opts.canonicalOrigin).origin) return true;
  const own = requestOrigin(opts.protocol, opts.host);
  return own !== null && parsed.origin === own;
}

/** `scheme://host[:port]` of the request, normalised like an Origin; null when malformed. */
function requestOrigin(protocol: string, host: string | undefined): string | null {
  if (!host || (protocol !== 'http' && protocol !== 'https')) return null;
  // host[:port] only: a Host with user info or a path is no origin.
  if (!/^(?:[\w.-]+|\[[\da-f:.]+\])(?::\d{1,5})?$/i.test(host)) return null;
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return null;
  }
}

/**
 * The routes whose posts come from anywhere: the one-click unsubscribe addresses of the site's
 * e-mails (RFC 8058), which mail providers post with no cookie and no Origin of ours. Their signed
 * token is the authority, and all they can do is stop mail to the address it names
 * (app/reminders/unsubscribe.server.ts, app/newsletter/link-pages.server.ts).
 */
export const CROSS_ORIGIN_POST_PATHS: ReadonlySet<string> = new Set([
  '/email/unsubscribe',
  '/newsletter/manage',
]);

/**
 * CSRF: the middleware refusing state-changing requests from other origins (403), but for the
 * posts of CROSS_ORIGIN_POST_PATHS. `brandOrigin` gives the canonical origin of the request's
 * brand (resolved before this runs).
 */
export function refuseCrossOrigin(brandOrigin: (res: Response) => string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'POST' && CROSS_ORIGIN_POST_PATHS.has(req.path)) {
      // Remix refuses a document post whose Origin is not the Host; the route needs no origin.
      delete req.headers.origin;
      return next();
    }
    const ok = isAllowedOrigin({
      method: req.method,
      origin: req.get('origin'),
      referer: req.get('referer'),
      host: req.get('host'),
      protocol: req.protocol,
      canonicalOrigin: brandOrigin(res),
    });
    if (ok) return next();
    logger.warn({ path: req.path, origin: req.get('origin') }, 'cross-origin post refused');
    res
      .status(403)
      .type('text/plain')
      .send('This request came from another site and was refused.\n');
  };
}
