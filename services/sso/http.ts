/**
 * The reference SSO provider on the shared HTTP layer (services/http) (README "API"):
 *
 *   POST /authenticate/login                 → { customerToken, refreshToken, expiresIn }
 *   POST /authenticate/token                 → { redirectUrl }
 *   POST /token/refresh { refresh_token }    → { access_token, refresh_token, expires_in }
 *        (or ?refresh_token=…, the documented first form)
 *   POST /api/logout/revoketoken { … }       → { post_logout_redirect_uri }
 *   GET  /api/logout/revoketoken?…           (the same, the documented first form)
 *   POST /api/logout/revokeall { brand, shopper } → { revoked }
 *   GET  /.well-known/oauth-authorization-server (the provider's OpenID metadata, RFC 8414)
 *   GET  /healthz                            → { ok, brands, clients, entries }
 *   anything else                            → oidc-provider (/auth, /token, /token/revocation,
 *                                              /me, /jwks, /.well-known/openid-configuration)
 *
 * The login front end's calls answer bad input of any shape with a 4xx JSON `{ error }`: bodies
 * are bounded (413), must be JSON objects (400), unknown methods are 405. Only a bug answers 500,
 * and it is logged. oidc-provider answers its own routes (OAuth error JSON or its error page).
 * The front end's calls are the site's: with a key configured they need it (401 without), and
 * the shopper's address the site forwards counts for the per-address limit (../http/caller.ts).
 * The partner-facing routes (oidc-provider's) stay public, as OAuth has them.
 */
import type http from 'node:http';
import { readJson, type BodyLimits } from '../http/body';
import { createRouter } from '../http/router';
import { callerOf, presentsKey } from '../http/caller';
import { createServiceHandler, type RouteHandler } from '../http/service';
import { FrontEndError, MESSAGES, type FrontEnd } from './front-end';

export interface Logger {
  debug(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const MAX_BODY_BYTES = 16 * 1024;
const LIMITS: BodyLimits = { maxBytes: MAX_BODY_BYTES };

/** A JSON object body; an empty body is an empty object, anything else is refused. */
async function jsonBody(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const value = await readJson(req, LIMITS);
  if (value === undefined) return {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new FrontEndError(400, MESSAGES.badRequest);
  }
  return value as Record<string, unknown>;
}

export interface HandlerDeps {
  frontEnd: FrontEnd;
  /** oidc-provider's request listener. */
  provider: (req: http.IncomingMessage, res: http.ServerResponse) => unknown;
  health(): unknown;
  logger: Logger;
  /** The key the site presents (X-Api-Key); null: callers on this machine only. */
  apiKey: string | null;
}

/** The front end's calls (the site's), which the key guards. */
const FRONT_END_PATHS = new Set([
  '/authenticate/login',
  '/authenticate/token',
  '/token/refresh',
  '/api/logout/revoketoken',
  '/api/logout/revokeall',
]);
const UNAUTHORIZED = 'This call needs the service key of the site (X-Api-Key).';

export function createRequestHandler(deps: HandlerDeps) {
  const { frontEnd } = deps;

  // Exact paths, in their case, no trailing slash: anything else is the provider's.
  const router = createRouter<RouteHandler>({
    caseSensitive: true,
    ignoreTrailingSlash: false,
    headWithGet: false,
  })
    .on('GET', '/healthz', () => ({ body: deps.health() }))
    .on('POST', '/authenticate/login', async ({ req }) => {
      const body = await jsonBody(req);
      const { address } = callerOf(req, deps.apiKey);
      return { body: await frontEnd.login(req.headers.authorization, body, address) };
    })
    .on('POST', '/authenticate/token', async ({ req }) => ({
      body: await frontEnd.token(await jsonBody(req)),
    }))
    .on('POST', '/token/refresh', async ({ req, url }) => ({
      body: await frontEnd.refresh(await jsonBody(req), url.searchParams),
    }))
    .on('POST', '/api/logout/revoketoken', async ({ req, url }) => ({
      body: await frontEnd.revoke(await jsonBody(req), url.searchParams),
    }))
    .on('GET', '/api/logout/revoketoken', async ({ url }) => ({
      body: await frontEnd.revoke({}, url.searchParams),
    }))
    .on('POST', '/api/logout/revokeall', async ({ req }) => ({
      body: frontEnd.revokeAll(await jsonBody(req)),
    }));

  return createServiceHandler({
    name: 'sso',
    logger: deps.logger,
    router,
    errorBody: (error) => ({ error: error.message }),
    // Tokens: never stored by a cache on the way (RFC 6749 §5.1).
    headers: { pragma: 'no-cache' },
    guard(req, url) {
      if (!FRONT_END_PATHS.has(url.pathname)) return;
      const allowed = deps.apiKey ? presentsKey(req, deps.apiKey) : callerOf(req, null).trusted;
      if (!allowed) throw new FrontEndError(401, UNAUTHORIZED);
    },
    refuse: (refusal) =>
      refusal === 'malformed' ? new FrontEndError(400, MESSAGES.badRequest) : undefined,
    async fallback(req, res) {
      const target = req.url ?? '/';
      if (target.split('?', 1)[0] === '/.well-known/oauth-authorization-server') {
        // RFC 8414 metadata: the same document as OpenID discovery, under its OAuth name.
        const mark = target.indexOf('?');
        req.url = `/.well-known/openid-configuration${mark === -1 ? '' : target.slice(mark)}`;
      }
      await deps.provider(req, res);
    },
  });
}
