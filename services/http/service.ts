/**
 * The HTTP layer the reference services (loyalty, adviewer, mailing-list, sso) share on
 * node:http: the request target read once, an optional guard (credentials by path prefix, a
 * query that must decode), the router (router.ts), bodies bounded (body.ts), and one tail that
 * turns every failure into the service's own error body:
 *
 *   - the layer's refusals (malformed target or path, unknown route, wrong method, a body too
 *     large, too slow, cut off or not JSON) answer 4xx, worded by the service (`refuse`);
 *   - an HttpError thrown by a route answers its status;
 *   - what the service explains (the store refusing a value, the store down) answers what it says;
 *   - anything else is a fault: logged, 500.
 *
 * A service stands alone: this folder never imports app/, and app/ never imports it.
 */
import type http from 'node:http';
import { BodyError, discardBody, readBody, type BodyFailure, type BodyLimits } from './body';
import type { Params, Router } from './router';

export interface ServiceLogger {
  debug(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** A failure with the status (and headers) to answer; the service words its body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: http.OutgoingHttpHeaders = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface RequestContext {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  url: URL;
  params: Params;
}

/** What a route answers: JSON (the service's serialiser), or a text of the given type. */
export type Reply = { status?: number; headers?: http.OutgoingHttpHeaders } & (
  | { body: unknown }
  | { text: string; type: string }
);

/** Returns the reply, or nothing when it wrote the response itself (an image, a 204). */
export type RouteHandler = (ctx: RequestContext) => Promise<Reply | void> | Reply | void;

export type Refusal = 'bad-target' | 'bad-path' | 'not-found' | 'method' | BodyFailure;

export interface RefusalDetail {
  method: string;
  /** For 'method': the methods the path has routes for. */
  allowed: readonly string[];
  /** For the body's refusals. */
  limits?: BodyLimits;
}

/** A failure that is not a fault of the service: answered as `error`, logged at `level`. */
export interface Explained {
  error: HttpError;
  level: 'warn' | 'error';
  message: string;
}

export interface ServiceOptions {
  /** Names the log lines: `<name> request` (debug), `<name> request failed` (a fault). */
  name: string;
  logger: ServiceLogger;
  router: Router<RouteHandler>;
  /** The service's error body for a failure (`{Code, Reason}`, `{error}`, `{result, msg}`). */
  errorBody(error: HttpError): unknown;
  /** The service's answer to one of the layer's refusals; undefined keeps the default. */
  refuse?(refusal: Refusal, detail: RefusalDetail): HttpError | undefined;
  /** An error that is not an HttpError but not a fault either; undefined: a fault (500). */
  explain?(error: unknown): Explained | undefined;
  /** Runs before routing; throws an HttpError to refuse (e.g. credentials by path prefix). */
  guard?(req: http.IncomingMessage, url: URL): void;
  /**
   * Answers what no route matches (an unknown route, a target or path that does not decode)
   * instead of the 404: the SSO provider's own endpoints. A wrong method stays a 405.
   */
  fallback?(req: http.IncomingMessage, res: http.ServerResponse): unknown;
  /** Headers of every reply and error, besides the common ones (e.g. `pragma: no-cache`). */
  headers?: http.OutgoingHttpHeaders;
  /** Default JSON.stringify. */
  stringify?(value: unknown): string;
  /**
   * Bodies before routing: 'read' reads every body (bounded) and drops it, so one too large is
   * refused on any route; 'discard' throws it away as it comes and drops the connection past the
   * limit, without waiting. Default: bodies are the routes' business (readBody / readJson).
   */
  bodies?: { before: 'read' | 'discard'; limits: BodyLimits };
}

const JSON_TYPE = 'application/json; charset=utf-8';
const NO_METHODS: readonly string[] = [];
const INTERNAL = new HttpError(500, 'Internal error.');
/** Only resolves relative targets: a service never answers for another host. */
const BASE = 'http://service.invalid';

function defaultRefusal(refusal: Refusal, detail: RefusalDetail): HttpError {
  switch (refusal) {
    case 'bad-target':
      return new HttpError(400, 'Malformed request URL.');
    case 'bad-path':
      return new HttpError(400, 'Malformed percent-encoding in the path.');
    case 'not-found':
      return new HttpError(404, 'Unknown route.');
    case 'method':
      return new HttpError(405, `Method ${detail.method} is not allowed here.`, {
        allow: detail.allowed.join(', '),
      });
    case 'too-large':
      return new HttpError(413, `Request body is larger than ${kilobytes(detail.limits)} KB.`);
    case 'timeout':
      return new HttpError(408, 'The request body took too long to arrive.');
    case 'aborted':
      return new HttpError(400, 'The request body could not be read.');
    case 'malformed':
      return new HttpError(400, 'The request body is not valid JSON.');
  }
}

export function kilobytes(limits: BodyLimits | undefined): number {
  return Math.floor((limits?.maxBytes ?? 0) / 1024);
}

/** The path of a request target, for logs: queries carry addresses, phone numbers and tokens. */
function pathOf(target: string | undefined): string {
  if (!target) return '';
  const mark = target.indexOf('?');
  return mark === -1 ? target : target.slice(0, mark);
}

export function createServiceHandler(options: ServiceOptions) {
  const { logger, router } = options;
  const stringify = options.stringify ?? JSON.stringify;
  const requestLine = `${options.name} request`;
  const failedLine = `${options.name} request failed`;

  function send(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    status: number,
    type: string,
    payload: string,
    headers: http.OutgoingHttpHeaders | undefined,
  ) {
    // A body still arriving (too large, or one no route reads) is not kept for the next request.
    const close = !req.complete;
    res.writeHead(status, {
      'content-type': type,
      'content-length': Buffer.byteLength(payload),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...options.headers,
      ...headers,
      ...(close ? { connection: 'close' } : undefined),
    });
    res.end(payload);
    if (close) req.resume();
  }

  function refusal(
    kind: Refusal,
    method: string,
    allowed: readonly string[] = NO_METHODS,
    limits?: BodyLimits,
  ): HttpError {
    const detail = { method, allowed, limits };
    return options.refuse?.(kind, detail) ?? defaultRefusal(kind, detail);
  }

  async function dispatch(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    let url: URL;
    try {
      url = new URL(req.url ?? '/', BASE);
    } catch {
      if (options.fallback) return void (await options.fallback(req, res));
      throw refusal('bad-target', method);
    }
    options.guard?.(req, url);
    const match = router.match(method, url.pathname);
    if (match.kind === 'bad-path' || match.kind === 'not-found') {
      if (options.fallback) return void (await options.fallback(req, res));
    }
    if (match.kind === 'bad-path') throw refusal('bad-path', method);
    if (options.bodies?.before === 'read') await readBody(req, options.bodies.limits);
    if (match.kind === 'not-found') throw refusal('not-found', method);
    if (match.kind === 'method') throw refusal('method', method, match.allowed);
    const reply = await match.handler({ req, res, url, params: match.params });
    if (!reply) return;
    if ('text' in reply) send(req, res, reply.status ?? 200, reply.type, reply.text, reply.headers);
    else
      send(req, res, reply.status ?? 200, JSON_TYPE, stringify(reply.body ?? null), reply.headers);
  }

  /** Answers a failure in the service's shape; returns the status answered. */
  function fail(
    error: unknown,
    req: http.IncomingMessage,
    res: http.ServerResponse,
    path: string,
  ): number {
    const method = req.method ?? 'GET';
    let failure: HttpError;
    if (error instanceof HttpError) {
      failure = error;
    } else if (error instanceof BodyError) {
      failure = refusal(error.reason, method, NO_METHODS, error.limits);
    } else {
      const explained = options.explain?.(error);
      if (explained) {
        logger[explained.level]({ err: error, method, path }, explained.message);
        failure = explained.error;
      } else {
        logger.error({ err: error, method, path }, failedLine);
        failure = INTERNAL;
      }
    }
    if (res.headersSent) {
      // Part of another answer is out: only cutting the connection tells the client.
      res.destroy();
    } else {
      const body = stringify(options.errorBody(failure) ?? null);
      send(req, res, failure.status, JSON_TYPE, body, failure.headers);
    }
    return failure.status;
  }

  return async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const started = performance.now();
    const path = pathOf(req.url);
    if (options.bodies?.before === 'discard') discardBody(req, options.bodies.limits.maxBytes);
    let status = 500;
    try {
      await dispatch(req, res);
      status = res.statusCode;
    } catch (error) {
      try {
        status = fail(error, req, res, path);
      } catch (failed) {
        // The tail itself failed (a service's errorBody threw): never an unhandled rejection.
        logger.error({ err: failed, method: req.method, path }, failedLine);
        res.destroy();
      }
    } finally {
      logger.debug(
        { method: req.method, path, status, ms: Math.round(performance.now() - started) },
        requestLine,
      );
    }
  };
}
