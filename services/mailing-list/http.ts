/**
 * The HTTP layer of the mailing-list service on node:http. Three GET routes: the subscribe call
 * (JSON, or JSONP for a script-inserted call), a member look-up and the health output. Every
 * failure of the input answers 4xx with `{result: 'error', msg}`; only a real fault (the store
 * down, a bug) answers 5xx, and it is logged. Request bodies are never read: a GET's body is
 * discarded up to a bound, past which the connection is dropped.
 */
import http from 'node:http';
import type { Db } from '../../common/db.server';
import { isStoreDown, sqlState } from '../../common/db.server';
import {
  CALLBACK_NAME,
  EMAIL_PATTERN,
  LIST_NAME,
  MAX_EMAIL_LENGTH,
  MESSAGES,
  alreadySubscribed,
  checkSubscription,
  decode,
  parseQuery,
} from './rules';
import { addMember, findMember, listCounts } from './store';

export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What a request body may hold before the connection is dropped (bodies are ignored). */
export const MAX_BODY_BYTES = 16 * 1024;

interface Reply {
  status: number;
  body: unknown;
  /** A valid callback name: the reply is `callback({...})` as JavaScript. */
  callback?: string;
}

const fail = (status: number, msg: string): Reply => ({
  status,
  body: { result: 'error', msg },
});

export interface HandlerDeps {
  db: Db;
  logger: Logger;
  store: 'pglite' | 'postgres';
  /** Called after each request that used the store: true when it worked, false when down. */
  onStoreState(ok: boolean): void;
}

/** JSON safe inside any script: no `</script>`, no line separators older engines choke on. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function send(req: http.IncomingMessage, res: http.ServerResponse, reply: Reply) {
  if (res.headersSent) return;
  const json = scriptSafeJson(reply.body ?? null);
  // `/**/` keeps the first bytes from ever being read as anything but a comment.
  const payload = reply.callback ? `/**/${reply.callback}(${json});` : json;
  const headers: http.OutgoingHttpHeaders = {
    'content-type': reply.callback
      ? 'application/javascript; charset=utf-8'
      : 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
  if (reply.status === 405) headers.allow = 'GET, HEAD';
  // A body still arriving is discarded; the connection is not reused after it.
  if (!req.complete) headers.connection = 'close';
  res.writeHead(reply.status, headers);
  res.end(req.method === 'HEAD' ? undefined : payload);
}

/** Discards a request body, dropping the connection once it passes the bound. */
function discardBody(req: http.IncomingMessage) {
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) req.destroy();
  });
  req.on('error', () => undefined);
}

export function createRequestHandler(deps: HandlerDeps) {
  const { db, logger } = deps;

  async function subscribe(list: string, query: Record<string, string>): Promise<Reply> {
    const given = query.c ?? query.callback;
    if (given !== undefined && !CALLBACK_NAME.test(given)) {
      return fail(400, 'The callback must be a JavaScript name (letters, digits, _, $ and dots).');
    }
    const reply = (body: unknown): Reply => ({ status: 200, body, callback: given });
    const checked = checkSubscription(list, query);
    // Field errors answer 200, as the provider does: a script-inserted call cannot read a status.
    if (!checked.ok) return reply({ result: 'error', msg: checked.msg });
    const outcome = await addMember(db, list, checked.subscription);
    deps.onStoreState(true);
    if (outcome === 'known') {
      return reply({ result: 'error', msg: alreadySubscribed(checked.subscription.email, list) });
    }
    return reply({ result: 'success', msg: MESSAGES.success });
  }

  async function member(list: string, query: Record<string, string>): Promise<Reply> {
    const email = (query.email ?? '').trim();
    if (email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(email) || /\u0000/.test(email)) {
      return fail(400, MESSAGES.email);
    }
    const found = await findMember(db, list, email);
    deps.onStoreState(true);
    return {
      status: 200,
      body: found
        ? { list, email: found.email, subscribed: true, member: found }
        : { list, email: email.toLowerCase(), subscribed: false },
    };
  }

  async function health(): Promise<Reply> {
    const lists = await listCounts(db);
    deps.onStoreState(true);
    return { status: 200, body: { ok: true, store: deps.store, lists } };
  }

  async function dispatch(req: http.IncomingMessage): Promise<Reply> {
    const target = req.url ?? '/';
    const at = target.indexOf('?');
    const rawPath = at < 0 ? target : target.slice(0, at);
    const query = parseQuery(at < 0 ? '' : target.slice(at + 1));
    if (query === null) return fail(400, 'The query string is not valid percent-encoded UTF-8.');
    const segments = rawPath.replace(/\/+$/, '').split('/').slice(1).map(decode);
    if (segments.some((s) => s === null)) {
      return fail(400, 'The path is not valid percent-encoded UTF-8.');
    }
    const path = segments as string[];
    const route =
      path.length === 1 && path[0] === 'healthz'
        ? 'health'
        : path.length === 2 && path[0] === 'subscribe'
          ? 'subscribe'
          : path.length === 3 && path[0] === 'lists' && path[2] === 'members'
            ? 'members'
            : null;
    if (!route) return fail(404, 'Unknown route.');
    if (req.method !== 'GET' && req.method !== 'HEAD') return fail(405, 'Method not allowed.');
    if (route === 'health') return health();
    const list = path[1];
    if (!LIST_NAME.test(list)) {
      return fail(
        404,
        'Unknown list: list names are 1 to 64 lowercase letters, digits and dashes.',
      );
    }
    return route === 'subscribe' ? subscribe(list, query) : member(list, query);
  }

  return async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const started = performance.now();
    discardBody(req);
    // Paths only in logs: query strings carry e-mail addresses and phone numbers.
    const path = (req.url ?? '').split('?')[0];
    let status = 500;
    try {
      const reply = await dispatch(req);
      status = reply.status;
      send(req, res, reply);
    } catch (error) {
      if (sqlState(error)?.startsWith('22')) {
        // A value the store refused (bad encoding, out of range): the input's fault.
        status = 400;
        logger.warn({ err: error, method: req.method, path }, 'mailing-list input refused');
        send(req, res, fail(400, 'A value in the request is invalid.'));
      } else if (isStoreDown(error)) {
        deps.onStoreState(false);
        status = 503;
        logger.error({ err: error, method: req.method, path }, 'mailing-list store is down');
        send(req, res, fail(503, 'The mailing list is unavailable. Please try again later.'));
      } else {
        status = 500;
        logger.error({ err: error, method: req.method, path }, 'mailing-list request failed');
        send(req, res, fail(500, 'Internal error.'));
      }
    } finally {
      logger.debug(
        { method: req.method, path, status, ms: Math.round(performance.now() - started) },
        'mailing-list request',
      );
    }
  };
}
