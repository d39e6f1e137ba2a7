/**
 * The reference SSO provider on the shared HTTP layer (services/http) (README "API"):
 *
 *   POST /authenticate/login                 → { customerToken, refreshToken, expiresIn }
 *   POST /authenticate/token                 → { redirectUrl }
 *   POST /token/refresh?refresh_token=…      → { access_token, refresh_token, expires_in }
 *   GET  /api/logout/revoketoken?…           → { post_logout_redirect_uri }
 *   GET  /.well-known/oauth-authorization-server (the provider's OpenID metadata, RFC 8414)
 *   GET  /healthz                            → { ok, brands, clients, entries }
 *   anything else                            → oidc-provider (/auth, /token, /token/revocation,
 *                                              /me, /jwks, /.well-known/openid-configuration)
 *
 * The login front end's calls answer bad input of any shape with a 4xx JSON `{ error }`: bodies
 * are bounded (413), must be JSON objects (400), unknown methods are 405. Only a bug answers 500,
 * and it is logged. oidc-provider answers its own routes (OAuth error JSON or its error page).
 */
import type http from 'node:http';
import { readBody, readJson, type BodyLimits } from '../http/body';
import { createRouter } from '../http/router';
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
}

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
      return { body: await frontEnd.login(req.headers.authorization, body) };
    })
    .on('POST', '/authenticate/token', async ({ req }) => ({
      body: await frontEnd.token(await jsonBody(req)),
    }))
    .on('POST', '/token/refresh', async ({ req, url }) => {
      // No body is needed; one is read (and bounded) so the connection stays usable.
      await readBody(req, LIMITS);
      return { body: await frontEnd.refresh(url.searchParams.get('refresh_token')) };
    })
    .on('GET', '/api/logout/revoketoken', async ({ url }) => ({
      body: await frontEnd.revoke(url.searchParams),
    }));

  return createServiceHandler({
    name: 'sso',
    logger: deps.logger,
    router,
    errorBody: (error) => ({ error: error.message }),
    // Tokens: never stored by a cache on the way (RFC 6749 §5.1).
    headers: { pragma: 'no-cache' },
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
