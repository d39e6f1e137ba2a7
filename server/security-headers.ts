/**
 * The security headers of every brand request (Content-Security-Policy and helmet's others),
 * worked out once per brand and kind of path instead of by helmet's eleven middlewares on every
 * request (each CSP directive's sources were computed per request, for values that change only
 * with the tenant object). The set is what helmet itself answers, with a placeholder for the
 * nonce: a request copies it and puts its own nonce in, so the headers are helmet's exactly.
 */
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import type { Tenant } from '~/lib/tenant/schema';

/** Never a nonce (those are base64 of 16 bytes); accepted by helmet's directive checks. */
const NONCE_PLACEHOLDER = 'securityHeadersNoncePlaceholder';

type Middleware = (req: Request, res: Response, next: (error?: unknown) => void) => void;

/** One header of the set: its value cut at each nonce (one part when it names none). */
interface PrecomputedHeader {
  name: string;
  parts: string[];
}

export interface SecurityHeadersOptions {
  /** helmet's options (the CSP's sources read `res.locals.tenant` and `res.locals.nonce`). */
  helmetOptions: Parameters<typeof helmet>[0];
  /**
   * The request facts the policy depends on besides its brand, as a short key (e.g. whether the
   * path is an /sso page) and a representative path for that key: the set is kept per key.
   */
  variant: (path: string) => { key: string; path: string };
}

/**
 * Express middleware setting the brand's security headers (`res.locals.tenant`) with the
 * request's nonce (`res.locals.nonce`). Sets are kept per tenant object (a reloaded tenant file
 * is a new object, so a changed brand gets new headers) and per variant.
 */
export function securityHeaders(opts: SecurityHeadersOptions) {
  const middleware = helmet(opts.helmetOptions) as unknown as Middleware;
  const sets = new WeakMap<Tenant, Map<string, PrecomputedHeader[]>>();

  /** helmet's answer for a brand and path, with the placeholder as its nonce. */
  function compute(tenant: Tenant, path: string): PrecomputedHeader[] {
    const headers: PrecomputedHeader[] = [];
    const res = {
      locals: { tenant, nonce: NONCE_PLACEHOLDER },
      setHeader(name: string, value: unknown) {
        headers.push({ name, parts: String(value).split(NONCE_PLACEHOLDER) });
      },
      // helmet removes X-Powered-By, which the app never sends (app.disable('x-powered-by')).
      removeHeader() {},
    };
    let failed: unknown;
    middleware({ path, method: 'GET', headers: {} } as Request, res as unknown as Response, (e) => {
      failed = e;
    });
    if (failed) throw failed;
    return headers;
  }

  return function setSecurityHeaders(req: Request, res: Response, next: NextFunction) {
    const { tenant, nonce } = res.locals as { tenant: Tenant; nonce: string };
    const { key, path } = opts.variant(req.path);
    let byVariant = sets.get(tenant);
    if (!byVariant) sets.set(tenant, (byVariant = new Map()));
    let headers = byVariant.get(key);
    if (!headers) {
      try {
        headers = compute(tenant, path);
      } catch (error) {
        return next(error);
      }
      byVariant.set(key, headers);
    }
    for (const { name, parts } of headers) {
      res.setHeader(name, parts.length === 1 ? parts[0]! : parts.join(nonce));
    }
    next();
  };
}
