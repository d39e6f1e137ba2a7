import { setTimeout as sleep } from 'node:timers/promises';
import { logger } from '@common/logger.server';
import { loyaltyCallDuration, loyaltyCallErrors } from '@common/metrics.server';
import {
  breakerClosed,
  breakerFor,
  LoyaltyBreakerOpenError,
  type BreakerTuning,
} from './breaker.server';
import { readLimited, ReplyTooLong } from '~/lib/http/read-limited.server';
import { camelCaseKeys } from './case';
import { errorFromResponse, LoyaltyError, LoyaltyUnavailableError } from './errors';
import {
  DEFAULT_CALL_TIMEOUT_MS,
  describeNetworkError,
  isNetworkError,
  poolFor,
  UNAVAILABLE_STATUSES,
} from './pool.server';

/**
 * The loyalty client's transport: one undici Pool per origin, JSON in and out, camelCased
 * response keys, a hard deadline per call and per request, retries for idempotent GETs only, and
 * a circuit breaker per origin.
 *
 * Timeouts, from the outside in:
 * - the request's budget (`LOYALTY_REQUEST_BUDGET_MS`, when the caller passes one): every call
 *   of one page request or form post shares it, from its first call on, so a registration's
 *   several calls cannot add up to several full deadlines.
 * - `timeoutMs` (default 5 s): the whole call, retries and backoff included, cut to what is left
 *   of the budget (AbortSignal.timeout, combined with the caller's signal through AbortSignal.any).
 * - `attemptTimeoutMs` (default 60% of the deadline): headers and body (idle) timeout of one GET
 *   attempt, so a hung first attempt still leaves time for a retry. Other methods get the deadline.
 * - connect timeout (2 s), per pool.
 *
 * The breaker (cockatiel) counts attempts that found the service unavailable (network errors,
 * timeouts, 502/503/504); any other answer, a 4xx business error included, proves the service is
 * up and resets the count. After BREAKER_FAILURES in a row it opens: every call to the origin
 * fails at once with LoyaltyBreakerOpenError (a LoyaltyUnavailableError, so pages degrade as they
 * do for an outage) instead of waiting for its deadline. Half-open after BREAKER_HALF_OPEN_MS,
 * the breaker sends its own trial call (the origin's last GET again, else HEAD /), never a
 * shopper's: against a hanging service a shopper's trial would cost that page the full deadline,
 * and cockatiel 3 makes concurrent callers wait for the trial. The trial's answer closes the
 * breaker; its failure keeps it open for another round.
 */

export interface LoyaltyHttpOptions {
  /** Hard deadline of one call, retries included. Default 5000 ms. */
  timeoutMs?: number;
  /** Headers/body timeout of one GET attempt. Default 60% of timeoutMs. */
  attemptTimeoutMs?: number;
  /** Retries of a GET after a network error, a timeout or 502/503/504 (0..2). Default 2. */
  retries?: number;
  /** First backoff delay; doubled each retry, plus up to 50% jitter. Default 100 ms. */
  retryDelayMs?: number;
  /** Largest response body accepted. Default 8 MiB. */
  maxResponseBytes?: number;
  /**
   * Tuning of the origin's breaker (tests). The breaker is shared by every transport of the
   * origin: the first one to reach it sets its tuning.
   */
  breaker?: BreakerTuning;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface LoyaltyRequest {
  method: HttpMethod;
  /** Path below the base URL, starting with '/', segments already encoded. */
  path: string;
  query?: Record<string, string | number | undefined | null>;
  headers?: Record<string, string>;
  /** Serialised as JSON. */
  body?: unknown;
  /** The caller's signal: aborting it rejects the call with the signal's reason (AbortError). */
  signal?: AbortSignal;
  /** The budget of the request this call belongs to (shared by all of its calls). */
  budget?: LoyaltyBudget;
}

export interface LoyaltyResponse {
  status: number;
  /** Parsed JSON with every key camelCased; null for an empty body. */
  body: unknown;
}

export type LoyaltyTransport = (request: LoyaltyRequest) => Promise<LoyaltyResponse>;

/** Time all loyalty calls of one request may take together, from the first call on. */
export const LOYALTY_REQUEST_BUDGET_MS = 6000;
const DEFAULTS = {
  timeoutMs: DEFAULT_CALL_TIMEOUT_MS,
  retries: 2,
  retryDelayMs: 100,
  maxResponseBytes: 8 << 20,
};
// ---------------------------------------------------------------------------------------------
// Request budget

/** The time left to the loyalty calls of one request; the clock starts at the first call. */
export interface LoyaltyBudget {
  readonly totalMs: number;
  /** Milliseconds left (starts the clock when first asked). */
  remainingMs(): number;
}

export function createLoyaltyBudget(
  totalMs = LOYALTY_REQUEST_BUDGET_MS,
  now: () => number = () => performance.now(),
): LoyaltyBudget {
  let startedAt: number | null = null;
  return {
    totalMs,
    remainingMs() {
      startedAt ??= now();
      return totalMs - (now() - startedAt);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Transport

/** A 2xx answer the client cannot use (not JSON, too large). */
class LoyaltyInvalidAnswerError extends LoyaltyError {
  constructor(message: string) {
    super(502, null, null, { message });
  }
}

/** A transport bound to a base URL (origin plus an optional path prefix). */
export function createTransport(
  baseUrl: string,
  options: LoyaltyHttpOptions = {},
): LoyaltyTransport {
  const settings = transportSettings(baseUrl, options);
  return (request) => measured(settings.origin, request, () => send(settings, request));
}

/** A transport's settings: the base URL split into origin and prefix, the options defaulted. */
interface TransportSettings {
  origin: string;
  /** The base URL's path, without a trailing slash. */
  prefix: string;
  timeoutMs: number;
  attemptTimeoutMs: number;
  retries: number;
  retryDelayMs: number;
  maxResponseBytes: number;
  breaker: BreakerTuning | undefined;
}

function transportSettings(baseUrl: string, options: LoyaltyHttpOptions): TransportSettings {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`loyalty base URL must be http(s): ${url.origin}`);
  }
  const timeoutMs = positive(options.timeoutMs, DEFAULTS.timeoutMs);
  return {
    origin: url.origin,
    prefix: url.pathname.replace(/\/+$/, ''),
    timeoutMs,
    attemptTimeoutMs: positive(options.attemptTimeoutMs, Math.ceil(timeoutMs * 0.6)),
    retries: Math.min(2, Math.max(0, Math.floor(options.retries ?? DEFAULTS.retries))),
    retryDelayMs: Math.max(0, options.retryDelayMs ?? DEFAULTS.retryDelayMs),
    maxResponseBytes: positive(options.maxResponseBytes, DEFAULTS.maxResponseBytes),
    breaker: options.breaker,
  };
}

/** Counts and times every call: its duration by outcome, and its failures by kind. */
async function measured(
  origin: string,
  request: LoyaltyRequest,
  send: () => Promise<LoyaltyResponse>,
): Promise<LoyaltyResponse> {
  const started = performance.now();
  let outcome = 'ok';
  try {
    return await send();
  } catch (error) {
    outcome = request.signal?.aborted ? 'aborted' : errorKind(error);
    if (outcome !== 'aborted') loyaltyCallErrors.inc({ origin, kind: outcome });
    throw error;
  } finally {
    loyaltyCallDuration.observe(
      { origin, method: request.method, outcome },
      (performance.now() - started) / 1000,
    );
  }
}

/** One call under way: its deadline, its wire form and how long one attempt may take. */
interface CallState {
  request: LoyaltyRequest;
  /** The call's whole time (its timeout cut to what is left of the request's budget). */
  callMs: number;
  deadline: AbortSignal;
  /** The caller's signal and the deadline together. */
  signal: AbortSignal;
  idempotent: boolean;
  perAttempt: number;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** The call, its budget checked: refused at once when the request's budget is spent. */
function startCall(settings: TransportSettings, request: LoyaltyRequest): CallState {
  const left = request.budget ? request.budget.remainingMs() : Infinity;
  if (left <= 0) {
    throw new LoyaltyUnavailableError(
      504,
      `the request's ${request.budget?.totalMs} ms for loyalty calls are spent`,
    );
  }
  const callMs = Math.max(1, Math.min(settings.timeoutMs, Math.ceil(left)));
  const deadline = AbortSignal.timeout(callMs);
  const caller = request.signal;
  const idempotent = request.method === 'GET';
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  let body: string | undefined;
  if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers['content-type'] = 'application/json';
  }
  return {
    request,
    callMs,
    deadline,
    signal: caller ? AbortSignal.any([caller, deadline]) : deadline,
    idempotent,
    perAttempt: idempotent ? Math.min(settings.attemptTimeoutMs, callMs) : callMs,
    path: settings.prefix + request.path + queryString(request.query),
    headers,
    body,
  };
}

/** The call with its retries: GETs only, while the breaker stays closed and time is left. */
async function send(
  settings: TransportSettings,
  request: LoyaltyRequest,
): Promise<LoyaltyResponse> {
  const breaker = breakerFor(settings.origin, settings.breaker);
  const caller = request.signal;
  caller?.throwIfAborted();
  const call = startCall(settings, request);
  if (call.idempotent) breaker.lastGet = { path: call.path, headers: call.headers };

  for (let attempt = 0; ; attempt++) {
    // An open breaker answers at once: no connection, no wait for a deadline.
    if (!breakerClosed(breaker)) throw new LoyaltyBreakerOpenError(settings.origin);
    let failure: LoyaltyUnavailableError;
    try {
      const answer = await breaker.policy.execute(() => exchange(settings, call));
      return responseOf(request, answer);
    } catch (error) {
      // The caller's abort and the call's deadline end the call; so does any answer.
      if (caller?.aborted || call.deadline.aborted) throw error;
      if (!(error instanceof LoyaltyUnavailableError)) throw error;
      failure = error;
    }
    // A retry against a breaker that has just opened would only wait to be refused.
    if (!call.idempotent || attempt >= settings.retries || !breakerClosed(breaker)) {
      throw failure;
    }
    await backOff(settings, call, attempt, failure);
  }
}

/** One exchange: an HTTP answer other than 502/503/504, or a LoyaltyUnavailableError. */
async function exchange(
  settings: TransportSettings,
  call: CallState,
): Promise<{ statusCode: number; text: string }> {
  const caller = call.request.signal;
  try {
    const res = await poolFor(settings.origin).request({
      method: call.request.method,
      path: call.path,
      headers: call.headers,
      body: call.body,
      signal: call.signal,
      headersTimeout: call.perAttempt,
      bodyTimeout: call.perAttempt,
    });
    const text = await readCapped(
      res.body,
      res.headers['content-length'],
      settings.maxResponseBytes,
    );
    if (UNAVAILABLE_STATUSES.has(res.statusCode)) {
      throw new LoyaltyUnavailableError(res.statusCode, `status ${res.statusCode}`);
    }
    return { statusCode: res.statusCode, text };
  } catch (error) {
    if (caller?.aborted) throw caller.reason ?? error;
    if (call.deadline.aborted) throw timedOut(call.callMs, error);
    if (error instanceof LoyaltyError) throw error;
    if (!isNetworkError(error)) throw error;
    throw new LoyaltyUnavailableError(503, describeNetworkError(error), { cause: error });
  }
}

/** A 2xx answer's camelCased JSON; any other answer is the API's error it carries. */
function responseOf(
  request: LoyaltyRequest,
  answer: { statusCode: number; text: string },
): LoyaltyResponse {
  const parsed = parseJson(answer.text);
  if (answer.statusCode >= 200 && answer.statusCode < 300) {
    if (parsed === INVALID) {
      throw new LoyaltyInvalidAnswerError(
        `Unexpected response from the loyalty service: not JSON (${request.method} ${request.path}).`,
      );
    }
    return { status: answer.statusCode, body: camelCaseKeys(parsed) };
  }
  throw errorFromResponse(answer.statusCode, parsed === INVALID ? null : camelCaseKeys(parsed));
}

/** Waits before the next attempt: doubled each retry, plus up to 50% jitter, within the call. */
async function backOff(
  settings: TransportSettings,
  call: CallState,
  attempt: number,
  failure: LoyaltyUnavailableError,
): Promise<void> {
  const { request } = call;
  logger.warn(
    {
      method: request.method,
      path: request.path,
      attempt: attempt + 1,
      reason: failure.message,
    },
    'loyalty call failed; retrying',
  );
  const delay = settings.retryDelayMs * 2 ** attempt * (1 + Math.random() / 2);
  try {
    await sleep(delay, undefined, { signal: call.signal });
  } catch (error) {
    if (request.signal?.aborted) throw request.signal.reason ?? error;
    throw timedOut(call.callMs, error);
  }
}

/** The metrics' name for how a call failed. */
function errorKind(error: unknown): string {
  if (error instanceof LoyaltyBreakerOpenError) return 'breaker_open';
  if (error instanceof LoyaltyUnavailableError)
    return error.status === 504 ? 'timeout' : 'unavailable';
  if (error instanceof LoyaltyInvalidAnswerError) return 'invalid';
  if (error instanceof LoyaltyError) return error.status < 500 ? 'status_4xx' : 'status_5xx';
  return 'error';
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}

function queryString(query: LoyaltyRequest['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The reply's text, at most `max` bytes (the shared bounded reader), in the client's own error. */
async function readCapped(
  body: AsyncIterable<Buffer> & { destroy(error?: Error): unknown },
  contentLength: string | string[] | undefined,
  max: number,
): Promise<string> {
  try {
    return await readLimited(body, max, contentLength);
  } catch (error) {
    if (!(error instanceof ReplyTooLong)) throw error;
    throw new LoyaltyInvalidAnswerError(
      `Unexpected response from the loyalty service: larger than ${max} bytes.`,
    );
  }
}

const INVALID = Symbol('invalid JSON');

function parseJson(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return INVALID;
  }
}

function timedOut(timeoutMs: number, cause: unknown): LoyaltyUnavailableError {
  return new LoyaltyUnavailableError(504, `no answer within ${timeoutMs} ms`, { cause });
}
