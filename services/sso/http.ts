/**
 * The HTTP layer of the reference SSO provider on node:http (README "API"):
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
import { FrontEndError, MESSAGES, type FrontEnd } from './front-end';

export interface Logger {
  debug(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const MAX_BODY_BYTES = 16 * 1024;

class BodyTooLarge extends Error {}

const COMMON_HEADERS = { 'X-Content-Type-Options': 'nosniff' };

function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...COMMON_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    // Tokens: never stored by a cache on the way (RFC 6749 §5.1).
    'Cache-Control': 'no-store',
    Pragma: 'no-cache',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Reads a body of at most MAX_BODY_BYTES as text. */
function readBody(req: http.IncomingMessage): Promise<string> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) return Promise.reject(new BodyTooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        req.off('data', onData);
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
}

/** A JSON object body; an empty body is an empty object, anything else is refused. */
async function jsonBody(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new FrontEndError(400, MESSAGES.badRequest);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new FrontEndError(400, MESSAGES.badRequest);
  }
  return value as Record<string, unknown>;
}

function allow(method: string, allowed: string): void {
  if (method !== allowed) {
    throw new FrontEndError(405, `Method ${method} is not allowed here.`, { Allow: allowed });
  }
}

export interface HandlerDeps {
  frontEnd: FrontEnd;
  /** oidc-provider's request listener. */
  provider: (req: http.IncomingMessage, res: http.ServerResponse) => unknown;
  health(): unknown;
  logger: Logger;
}

export function createRequestHandler(deps: HandlerDeps) {
  const { frontEnd, logger } = deps;

  /** Answers the service's own routes; false for a route that belongs to oidc-provider. */
  async function own(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    path: string,
    query: URLSearchParams,
  ): Promise<boolean> {
    const method = (req.method ?? 'GET').toUpperCase();
    switch (path) {
      case '/healthz':
        allow(method, 'GET');
        sendJson(res, 200, deps.health());
        return true;
      case '/authenticate/login': {
        allow(method, 'POST');
        const body = await jsonBody(req);
        sendJson(res, 200, await frontEnd.login(req.headers.authorization, body));
        return true;
      }
      case '/authenticate/token': {
        allow(method, 'POST');
        sendJson(res, 200, await frontEnd.token(await jsonBody(req)));
        return true;
      }
      case '/token/refresh':
        allow(method, 'POST');
        // No body is needed; one is read (and bounded) so the connection stays usable.
        await readBody(req);
        sendJson(res, 200, await frontEnd.refresh(query.get('refresh_token')));
        return true;
      case '/api/logout/revoketoken':
        allow(method, 'GET');
        sendJson(res, 200, await frontEnd.revoke(query));
        return true;
      default:
        return false;
    }
  }

  return async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const started = performance.now();
    const target = req.url ?? '/';
    const mark = target.indexOf('?');
    // Paths only in logs: queries carry tokens.
    const path = mark === -1 ? target : target.slice(0, mark);
    const query = new URLSearchParams(mark === -1 ? '' : target.slice(mark + 1));
    let status = 500;
    try {
      if (!(await own(req, res, path, query))) {
        if (path === '/.well-known/oauth-authorization-server') {
          // RFC 8414 metadata: the same document as OpenID discovery, under its OAuth name.
          req.url = `/.well-known/openid-configuration${mark === -1 ? '' : target.slice(mark)}`;
        }
        await deps.provider(req, res);
      }
      status = res.statusCode;
    } catch (error) {
      const known =
        error instanceof FrontEndError
          ? error
          : error instanceof BodyTooLarge
            ? new FrontEndError(413, `Request body is larger than ${MAX_BODY_BYTES / 1024} KB.`)
            : null;
      if (!known) logger.error({ err: error, method: req.method, path }, 'sso request failed');
      status = known?.status ?? 500;
      if (res.headersSent) {
        res.destroy();
        return;
      }
      // A body left unread (too large, or a refused method) would be read as the next request.
      const close = !req.complete;
      sendJson(
        res,
        status,
        { error: known?.message ?? 'Internal error.' },
        { ...known?.headers, ...(close ? { Connection: 'close' } : {}) },
      );
      if (close) req.resume();
    } finally {
      logger.debug(
        { method: req.method, path, status, ms: Math.round(performance.now() - started) },
        'sso request',
      );
    }
  };
}
