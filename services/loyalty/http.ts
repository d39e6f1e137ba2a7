/**
 * The loyalty service on the shared HTTP layer (services/http): its route table, constant-time
 * credential checks, zod validation of params/query/body, and the contract's `{Code, Reason}`
 * shape for every failure. Only a real fault (the store being down, a bug) answers 500, and it
 * is logged.
 */
import crypto from 'node:crypto';
import type http from 'node:http';
import { z, type ZodTypeAny } from 'zod';
import type { Db } from '../../common/db.server';
import { isStoreDown, sqlState } from '../../common/db.server';
import { readBody, readJson, type BodyLimits } from '../http/body';
import { createRouter } from '../http/router';
import {
  createServiceHandler,
  HttpError,
  kilobytes,
  type Refusal,
  type RouteHandler,
} from '../http/service';

export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const MAX_BODY_BYTES = 64 * 1024;
const LIMITS: BodyLimits = { maxBytes: MAX_BODY_BYTES };

/** A failure with the contract's status, code and reason. */
export class ApiError extends HttpError {
  constructor(
    status: number,
    readonly code: number,
    readonly reason: string,
  ) {
    super(status, reason);
    this.name = 'ApiError';
  }
}

export const badRequest = (reason: string, code = 20) => new ApiError(400, code, reason);
export const notFound = (code: number, reason: string) => new ApiError(404, code, reason);

export type Auth = 'basic' | 'bearer';

export interface HandlerContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The appId of the call (path `{appId}` or query `a`), known to exist. */
  appId: string;
}

export interface Reply {
  status?: number;
  body: unknown;
}

export interface Route {
  method: 'GET' | 'POST' | 'PUT';
  /** `:name` segments, as the router reads them. */
  path: string;
  params?: ZodTypeAny;
  query?: ZodTypeAny;
  body?: ZodTypeAny;
  handler(ctx: HandlerContext<unknown, unknown, unknown>): Promise<Reply>;
}

/** Declares a route; `path` uses `:name` segments. Schemas type the handler's context. */
export function route<
  P extends ZodTypeAny = z.ZodUnknown,
  Q extends ZodTypeAny = z.ZodUnknown,
  B extends ZodTypeAny = z.ZodUnknown,
>(
  method: Route['method'],
  path: string,
  schemas: { params?: P; query?: Q; body?: B },
  handler: (ctx: HandlerContext<z.output<P>, z.output<Q>, z.output<B>>) => Promise<Reply>,
): Route {
  return { method, path, ...schemas, handler: handler as Route['handler'] };
}

/** Constant-time comparison that does not leak the expected value's length. */
export function safeEqual(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

function authorized(header: string | undefined, auth: Auth, creds: Credentials): boolean {
  if (!header) return false;
  const [scheme, value = ''] = header.trim().split(/\s+/, 2);
  if (auth === 'basic') {
    if (scheme.toLowerCase() !== 'basic') return false;
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    return safeEqual(decoded, creds.basic);
  }
  return scheme.toLowerCase() === 'bearer' && safeEqual(value, creds.bearer);
}

export interface Credentials {
  basic: string;
  bearer: string;
}

/** A sentence naming the first invalid field: `email: Invalid email.` */
export function describeIssue(error: z.ZodError, where: string): string {
  const issue = error.issues[0];
  const field = issue.path.length ? issue.path.join('.') : where;
  let message = issue.message;
  if (issue.code === 'invalid_type' && issue.received === 'undefined') message = 'is required';
  const text = `${field}: ${message}`;
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function parse(schema: ZodTypeAny | undefined, value: unknown, where: string): unknown {
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describeIssue(result.error, where));
  return result.data;
}

/** The path of the first string (key or value) holding a NUL character, if any. */
function findNul(value: unknown, where: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? where : undefined;
  if (!value || typeof value !== 'object' || depth > 20) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const path =
      where === 'body' || where === 'query' || where === 'path' ? key : `${where}.${key}`;
    if (key.includes('\u0000')) return path;
    const hit = findNul(item, path, depth + 1);
    if (hit) return hit;
  }
  return undefined;
}

const UNKNOWN_ROUTE = new ApiError(404, 404, 'Unknown route.');
const UNAUTHORIZED = new ApiError(401, 401, 'Unauthorized.');

/** The layer's refusals in the contract's words: it has no 405 nor 413 (a wrong method is 404). */
function refuse(refusal: Refusal): ApiError {
  switch (refusal) {
    case 'not-found':
    case 'method':
      return UNKNOWN_ROUTE;
    case 'bad-target':
      return badRequest('Malformed request URL.');
    case 'bad-path':
      return badRequest('Malformed path parameter.');
    case 'too-large':
      return badRequest(`Request body is larger than ${kilobytes(LIMITS)} KB.`);
    case 'malformed':
      return badRequest('body: malformed JSON.');
    case 'timeout':
    case 'aborted':
      return badRequest('The request body could not be read.');
  }
}

export interface ServerDeps {
  routes: Route[];
  db: Db;
  logger: Logger;
  credentials: Credentials;
  /** Resolves whether an appId has been seeded (cached by the caller). */
  appExists(appId: string): Promise<boolean>;
  /** Called after each request that touched the store: true when it worked, false when down. */
  onStoreState(ok: boolean): void;
  health(): { status: 'ok' | 'down'; store: 'pglite' | 'postgres' };
}

export function createRequestHandler(deps: ServerDeps) {
  const { credentials } = deps;

  /** Body → NUL check → validation → appId exists → the route's handler. */
  const call =
    (found: Route): RouteHandler =>
    async ({ req, url, params: rawParams }) => {
      const rawQuery: Record<string, string> = {};
      for (const [key, value] of url.searchParams) if (!(key in rawQuery)) rawQuery[key] = value;
      let rawBody: unknown = undefined;
      if (found.body) {
        rawBody = await readJson(req, LIMITS);
        if (rawBody === undefined) throw badRequest('body: a JSON body is required.');
      } else if (found.method !== 'GET') {
        // Read (and bounded) even when unused, so the connection stays usable.
        await readBody(req, LIMITS);
      }
      // PostgreSQL text cannot hold NUL: refuse it here rather than fail in the store.
      const nul =
        findNul(rawParams, 'path') ?? findNul(rawQuery, 'query') ?? findNul(rawBody, 'body');
      if (nul) throw badRequest(`${nul}: must not contain NUL characters.`);
      const params = parse(found.params, rawParams, 'path') as Record<string, unknown>;
      const query = parse(found.query, rawQuery, 'query') as Record<string, unknown>;
      const body = parse(found.body, rawBody, 'body');
      const appId = (params?.appId ?? query?.a) as string;
      if (!(await deps.appExists(appId))) throw notFound(404, `Unknown appId '${appId}'.`);
      const reply = await found.handler({ params, query, body, appId });
      deps.onStoreState(true);
      return reply;
    };

  // Paths match in any case, with or without a trailing slash. A static segment wins over a
  // parameter (`customer/changepassword` before `customer/:id`), whatever the table's order.
  const router = createRouter<RouteHandler>({ caseSensitive: false, headWithGet: false });
  router.on(['GET', 'HEAD'], '/healthz', () => {
    const health = deps.health();
    return { status: health.status === 'ok' ? 200 : 503, body: health };
  });
  for (const found of deps.routes) router.on(found.method, found.path, call(found));

  return createServiceHandler({
    name: 'loyalty',
    logger: deps.logger,
    router,
    errorBody: (error) => ({
      Code: error instanceof ApiError ? error.code : error.status,
      Reason: error.message,
    }),
    refuse,
    // The credential goes by path prefix, before routing: an unknown path under `/loyalty/` or
    // `/AppUsers/` is a 401 without it, like a known one.
    guard(req: http.IncomingMessage, url: URL) {
      const auth: Auth | null = /^\/appusers\//i.test(url.pathname)
        ? 'basic'
        : /^\/loyalty\//i.test(url.pathname)
          ? 'bearer'
          : null;
      if (auth && !authorized(req.headers.authorization, auth, credentials)) throw UNAUTHORIZED;
    },
    explain(error) {
      // A value the store refused (out of range, bad encoding): the input's fault, not ours.
      if (sqlState(error)?.startsWith('22')) {
        return {
          error: badRequest('A value in the request is out of range or invalid.'),
          level: 'warn',
          message: 'loyalty input refused by the store',
        };
      }
      if (isStoreDown(error)) deps.onStoreState(false);
      return undefined;
    },
  });
}
