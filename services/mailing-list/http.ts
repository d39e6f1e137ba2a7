/**
 * The mailing-list service on the shared HTTP layer (services/http). Three GET routes: the
 * subscribe call (JSON, or JSONP for a script-inserted call), a member look-up and the health
 * output. Every failure of the input answers 4xx with `{result: 'error', msg}`; only a real fault
 * (the store down, a bug) answers 5xx, and it is logged. Request bodies are never read: a GET's
 * body is discarded up to a bound, past which the connection is dropped.
 */
import type http from 'node:http';
import type { Db } from '../../common/db.server';
import { isStoreDown, sqlState } from '../../common/db.server';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { callerOf, presentsKey } from '../http/caller';
import { createRouter } from '../http/router';
import {
  createServiceHandler,
  HttpError,
  type Refusal,
  type RefusalDetail,
  type Reply,
  type RequestContext,
  type RouteHandler,
} from '../http/service';
import {
  CALLBACK_NAME,
  EMAIL_PATTERN,
  LIST_NAME,
  MAX_EMAIL_LENGTH,
  MESSAGES,
  alreadySubscribed,
  checkSubscription,
  notSubscribed,
  parseQuery,
} from './rules';
import { addMember, findMember, listCounts, removeMember } from './store';

export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What a request body may hold before the connection is dropped (bodies are ignored). */
export const MAX_BODY_BYTES = 16 * 1024;

const fail = (status: number, msg: string) => new HttpError(status, msg);

export interface HandlerDeps {
  db: Db;
  logger: Logger;
  store: 'pglite' | 'postgres';
  /** Called after each request that used the store: true when it worked, false when down. */
  onStoreState(ok: boolean): void;
  /**
   * The key callers present (X-Api-Key) on every route but /healthz; null: callers on this
   * machine only (../http/caller.ts).
   */
  apiKey: string | null;
  /** The lists that may be signed up to (the brands' lists); any other answers 404. */
  lists(): ReadonlySet<string>;
}

/** Sign-ups per shopper address a minute (the site forwards the shopper's address). */
export const SIGNUPS_PER_ADDRESS_PER_MINUTE = 20;
const UNAUTHORIZED = 'This call needs the service key (X-Api-Key).';
const TOO_MANY = 'Too many sign-ups from this address. Please try again in a minute.';

/** JSON safe inside any script: no `</script>`, no line separators older engines choke on. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The reply as JSON, or as `callback({...})` JavaScript for a valid callback name. */
function reply(body: unknown, callback: string | undefined): Reply {
  if (!callback) return { body };
  // `/**/` keeps the first bytes from ever being read as anything but a comment.
  return {
    text: `/**/${callback}(${scriptSafeJson(body)});`,
    type: 'application/javascript; charset=utf-8',
  };
}

/** The query's fields; the guard has refused a query that does not decode. */
const fields = (url: URL) => parseQuery(url.search) ?? {};

function refuse(refusal: Refusal, detail: RefusalDetail): HttpError | undefined {
  if (refusal === 'bad-path') return fail(400, 'The path is not valid percent-encoded UTF-8.');
  if (refusal === 'method') {
    return new HttpError(405, 'Method not allowed.', { allow: detail.allowed.join(', ') });
  }
  return undefined;
}

export function createRequestHandler(deps: HandlerDeps) {
  const { db, logger } = deps;

  const signups = new RateLimiterMemory({ points: SIGNUPS_PER_ADDRESS_PER_MINUTE, duration: 60 });

  /** The list named in the path, refused (404) when out of shape or not one of the brands'. */
  function listOf(params: RequestContext['params']): string {
    if (!LIST_NAME.test(params.list)) {
      throw fail(404, 'Unknown list: list names are 1 to 64 lowercase letters, digits and dashes.');
    }
    if (!deps.lists().has(params.list)) throw fail(404, 'Unknown list.');
    return params.list;
  }

  async function subscribe({ req, url, params }: RequestContext): Promise<Reply> {
    const list = listOf(params);
    try {
      await signups.consume(callerOf(req, deps.apiKey).address);
    } catch {
      throw new HttpError(429, TOO_MANY, { 'retry-after': '60' });
    }
    const query = fields(url);
    const given = query.c ?? query.callback;
    if (given !== undefined && !CALLBACK_NAME.test(given)) {
      throw fail(400, 'The callback must be a JavaScript name (letters, digits, _, $ and dots).');
    }
    const checked = checkSubscription(list, query);
    // Field errors answer 200, as the provider does: a script-inserted call cannot read a status.
    if (!checked.ok) return reply({ result: 'error', msg: checked.msg }, given);
    const outcome = await addMember(db, list, checked.subscription);
    deps.onStoreState(true);
    if (outcome === 'known') {
      const msg = alreadySubscribed(checked.subscription.email, list);
      return reply({ result: 'error', msg }, given);
    }
    return reply({ result: 'success', msg: MESSAGES.success }, given);
  }

  /**
   * Takes an address off a list (a site's manage page, after the shopper asked): the subscribe
   * call's shape and replies, `success` or `error` with `… is not subscribed to list …`.
   */
  async function unsubscribe({ url, params }: RequestContext): Promise<Reply> {
    const list = listOf(params);
    const query = fields(url);
    const given = query.c ?? query.callback;
    if (given !== undefined && !CALLBACK_NAME.test(given)) {
      throw fail(400, 'The callback must be a JavaScript name (letters, digits, _, $ and dots).');
    }
    const email = (query.EMAIL ?? '').trim();
    if (email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(email) || /\u0000/.test(email)) {
      return reply({ result: 'error', msg: MESSAGES.email }, given);
    }
    const outcome = await removeMember(db, list, email);
    deps.onStoreState(true);
    if (outcome === 'unknown') {
      return reply({ result: 'error', msg: notSubscribed(email.toLowerCase(), list) }, given);
    }
    return reply({ result: 'success', msg: MESSAGES.unsubscribed }, given);
  }

  async function member({ url, params }: RequestContext): Promise<Reply> {
    const list = listOf(params);
    const email = (fields(url).email ?? '').trim();
    if (email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(email) || /\u0000/.test(email)) {
      throw fail(400, MESSAGES.email);
    }
    const found = await findMember(db, list, email);
    deps.onStoreState(true);
    return {
      body: found
        ? { list, email: found.email, subscribed: true, member: found }
        : { list, email: email.toLowerCase(), subscribed: false },
    };
  }

  async function health({ req }: RequestContext): Promise<Reply> {
    const lists = await listCounts(db);
    deps.onStoreState(true);
    // The lists' sizes only to a caller with the key (or on this machine without one).
    const trusted = callerOf(req, deps.apiKey).trusted;
    return { body: { ok: true, store: deps.store, ...(trusted ? { lists } : {}) } };
  }

  const router = createRouter<RouteHandler>()
    .on('GET', '/healthz', health)
    .on('GET', '/subscribe/:list', subscribe)
    .on('GET', '/unsubscribe/:list', unsubscribe)
    .on('GET', '/lists/:list/members', member);

  return createServiceHandler({
    name: 'mailing-list',
    logger,
    router,
    errorBody: (error) => ({ result: 'error', msg: error.message }),
    stringify: scriptSafeJson,
    bodies: { before: 'discard', limits: { maxBytes: MAX_BODY_BYTES } },
    refuse,
    // The caller, then the query, are checked before the route, as the path is.
    guard(req: http.IncomingMessage, url: URL) {
      if (url.pathname !== '/healthz') {
        const allowed = deps.apiKey ? presentsKey(req, deps.apiKey) : callerOf(req, null).trusted;
        if (!allowed) throw fail(401, UNAUTHORIZED);
      }
      if (parseQuery(url.search) === null) {
        throw fail(400, 'The query string is not valid percent-encoded UTF-8.');
      }
    },
    explain(error) {
      if (sqlState(error)?.startsWith('22')) {
        // A value the store refused (bad encoding, out of range): the input's fault.
        return {
          error: fail(400, 'A value in the request is invalid.'),
          level: 'warn',
          message: 'mailing-list input refused',
        };
      }
      if (isStoreDown(error)) {
        deps.onStoreState(false);
        return {
          error: fail(503, 'The mailing list is unavailable. Please try again later.'),
          level: 'error',
          message: 'mailing-list store is down',
        };
      }
      return undefined;
    },
  });
}
