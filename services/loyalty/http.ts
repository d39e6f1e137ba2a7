/**
 * The HTTP layer of the loyalty service on node:http: a small ordered route table, constant-time
 * credential checks, a bounded JSON body reader, zod validation of params/query/body, and one
 * guard that turns every failure into the contract's `{Code, Reason}` shape. Only a real fault
 * (the store being down, a bug) answers 500, and it is logged.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { z, type ZodTypeAny } from 'zod';
import type { Db } from '../../common/db.server';
import { isStoreDown, sqlState } from '../../common/db.server';

export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const MAX_BODY_BYTES = 64 * 1024;

/** A failure with the contract's status, code and reason. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly reason: string,
  ) {
    super(reason);
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
  path: string;
  pattern: RegExp;
  keys: string[];
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
  const keys: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        keys.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return {
    method,
    path,
    pattern: new RegExp(`^${source}/?$`, 'i'),
    keys,
    ...schemas,
    handler: handler as Route['handler'],
  };
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

class BodyTooLarge extends Error {}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_BODY_BYTES) {
      reject(new BodyTooLarge());
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        failed = true;
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', (error) => {
      if (!failed) reject(error);
    });
  });
}

function send(res: http.ServerResponse, status: number, body: unknown, close = false) {
  if (res.headersSent) return;
  const payload = JSON.stringify(body ?? null);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...(close ? { connection: 'close' } : {}),
  });
  res.end(payload);
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
  const { routes, logger, credentials } = deps;

  async function dispatch(req: http.IncomingMessage): Promise<Reply> {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://loyalty.invalid');
    } catch {
      throw badRequest('Malformed request URL.');
    }
    const path = url.pathname;
    const method = (req.method ?? 'GET').toUpperCase();
    if (/^\/healthz\/?$/.test(path) && (method === 'GET' || method === 'HEAD')) {
      const health = deps.health();
      return { status: health.status === 'ok' ? 200 : 503, body: health };
    }
    const auth: Auth | null = /^\/appusers\//i.test(path)
      ? 'basic'
      : /^\/loyalty\//i.test(path)
        ? 'bearer'
        : null;
    if (!auth) throw new ApiError(404, 404, 'Unknown route.');
    if (!authorized(req.headers.authorization, auth, credentials)) {
      throw new ApiError(401, 401, 'Unauthorized.');
    }
    let found: Route | undefined;
    let groups: RegExpExecArray | null = null;
    for (const candidate of routes) {
      if (candidate.method !== method) continue;
      groups = candidate.pattern.exec(path);
      if (groups) {
        found = candidate;
        break;
      }
    }
    if (!found || !groups) throw new ApiError(404, 404, 'Unknown route.');

    const rawParams: Record<string, string> = {};
    try {
      found.keys.forEach((key, i) => (rawParams[key] = decodeURIComponent(groups[i + 1])));
    } catch {
      throw badRequest('Malformed path parameter.');
    }
    const rawQuery: Record<string, string> = {};
    for (const [key, value] of url.searchParams) if (!(key in rawQuery)) rawQuery[key] = value;

    let rawBody: unknown = undefined;
    if (method === 'POST' || method === 'PUT') {
      let text: string;
      try {
        text = await readBody(req);
      } catch (error) {
        if (error instanceof BodyTooLarge) {
          throw badRequest(`Request body is larger than ${MAX_BODY_BYTES / 1024} KB.`);
        }
        throw badRequest('The request body could not be read.');
      }
      if (found.body) {
        if (!text.trim()) throw badRequest('body: a JSON body is required.');
        try {
          rawBody = JSON.parse(text);
        } catch {
          throw badRequest('body: malformed JSON.');
        }
      }
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
  }

  return async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const started = performance.now();
    // Paths only in logs: query strings carry e-mail addresses and phone numbers.
    const path = (req.url ?? '').split('?')[0];
    let status = 500;
    try {
      const reply = await dispatch(req);
      status = reply.status ?? 200;
      send(res, status, reply.body);
    } catch (error) {
      if (error instanceof ApiError) {
        status = error.status;
        // A body left unread (too large) would otherwise be read into the next request.
        const close = !req.complete;
        send(res, status, { Code: error.code, Reason: error.reason }, close);
        if (close) req.resume();
      } else if (sqlState(error)?.startsWith('22')) {
        // A value the store refused (out of range, bad encoding): the input's fault, not ours.
        status = 400;
        logger.warn({ err: error, method: req.method, path }, 'loyalty input refused by the store');
        send(res, 400, { Code: 20, Reason: 'A value in the request is out of range or invalid.' });
      } else {
        if (isStoreDown(error)) deps.onStoreState(false);
        logger.error({ err: error, method: req.method, path }, 'loyalty request failed');
        status = 500;
        send(res, 500, { Code: 500, Reason: 'Internal error.' });
      }
    } finally {
      logger.debug(
        { method: req.method, path, status, ms: Math.round(performance.now() - started) },
        'loyalty request',
      );
    }
  };
}
