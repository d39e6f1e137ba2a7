import { setTimeout as sleep } from 'node:timers/promises';
import {
  BrokenCircuitError,
  circuitBreaker,
  CircuitState,
  ConsecutiveBreaker,
  handleWhen,
  type CircuitBreakerPolicy,
} from 'cockatiel';
import { Pool } from 'undici';
import { logger } from '@common/logger.server';
import {
  loyaltyBreakerState,
  loyaltyCallDuration,
  loyaltyCallErrors,
} from '@common/metrics.server';
import { camelCaseKeys } from './case';
import { errorFromResponse, LoyaltyError, LoyaltyUnavailableError } from './errors';

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

export interface BreakerTuning {
  /** Consecutive unavailable attempts that open the breaker. Default BREAKER_FAILURES. */
  failures?: number;
  /** How long it stays open before its trial call. Default BREAKER_HALF_OPEN_MS. */
  halfOpenAfterMs?: number;
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

export const CONNECT_TIMEOUT_MS = 2000;
/** Time all loyalty calls of one request may take together, from the first call on. */
export const LOYALTY_REQUEST_BUDGET_MS = 6000;
/** Consecutive unavailable attempts after which an origin's breaker opens. */
export const BREAKER_FAILURES = 5;
/** How long an open breaker waits before its trial call. */
export const BREAKER_HALF_OPEN_MS = 5000;
/** Deadline of the breaker's trial call. */
const TRIAL_TIMEOUT_MS = 2000;
const DEFAULTS = { timeoutMs: 5000, retries: 2, retryDelayMs: 100, maxResponseBytes: 8 << 20 };
const RETRY_STATUSES = new Set([502, 503, 504]);
/** Error codes of a failed connection or exchange (Node and undici), worth a retry on a GET. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
]);

const pools = new Map<string, Pool>();

/** The shared pool of an origin (created on first use, kept for the life of the process). */
export function poolFor(origin: string): Pool {
  let pool = pools.get(origin);
  if (!pool) {
    pool = new Pool(origin, {
      connections: 64,
      connect: { timeout: CONNECT_TIMEOUT_MS },
      keepAliveTimeout: 10_000,
      headersTimeout: DEFAULTS.timeoutMs,
      bodyTimeout: DEFAULTS.timeoutMs,
    });
    pools.set(origin, pool);
  }
  return pool;
}

/** Closes every pool (process shutdown, tests). Later calls open new pools. */
export async function closeLoyaltyPools(): Promise<void> {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((p) => p.destroy().catch(() => undefined)));
}

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
// Circuit breakers

/** A call refused at once because the origin's breaker is open. */
export class LoyaltyBreakerOpenError extends LoyaltyUnavailableError {
  override name = 'LoyaltyBreakerOpenError';
  constructor(origin: string) {
    super(503, `circuit open for ${origin}`);
  }
}

export type BreakerStateName = 'closed' | 'open' | 'half-open';

interface OriginBreaker {
  origin: string;
  policy: CircuitBreakerPolicy;
  /** The origin's most recent GET (path and headers, kept in memory only): the trial replays it. */
  lastGet: { path: string; headers: Record<string, string> } | null;
  trialTimer: NodeJS.Timeout | null;
}

/**
 * The breakers live on globalThis, keyed by origin: server.ts (outside the app bundle, for
 * /healthz) and the bundle's loyalty client load this module separately, and both must see the
 * process's one breaker per origin.
 */
const BREAKERS = Symbol.for('grocery-site.loyalty-breakers');
type BreakerRegistry = Map<string, OriginBreaker>;

function breakers(): BreakerRegistry {
  const holder = globalThis as typeof globalThis & { [BREAKERS]?: BreakerRegistry };
  return (holder[BREAKERS] ??= new Map());
}

/** An unavailable service (not a business answer, not the caller's own abort). */
function isOutage(error: unknown): boolean {
  return error instanceof LoyaltyUnavailableError && !(error instanceof LoyaltyBreakerOpenError);
}

function stateName(state: CircuitState): BreakerStateName {
  if (state === CircuitState.Closed) return 'closed';
  if (state === CircuitState.HalfOpen) return 'half-open';
  return 'open';
}

const GAUGE_VALUE: Record<BreakerStateName, number> = { closed: 0, 'half-open': 1, open: 2 };

function breakerFor(origin: string, tuning: BreakerTuning = {}): OriginBreaker {
  const registry = breakers();
  const existing = registry.get(origin);
  if (existing) return existing;
  const halfOpenAfterMs = positive(tuning.halfOpenAfterMs, BREAKER_HALF_OPEN_MS);
  const policy = circuitBreaker(handleWhen(isOutage), {
    halfOpenAfter: halfOpenAfterMs,
    breaker: new ConsecutiveBreaker(positive(tuning.failures, BREAKER_FAILURES)),
  });
  const breaker: OriginBreaker = { origin, policy, lastGet: null, trialTimer: null };
  policy.onStateChange((state) => {
    const name = stateName(state);
    loyaltyBreakerState.set({ origin }, GAUGE_VALUE[name]);
    if (name === 'open') {
      logger.warn({ origin }, 'loyalty service unavailable: circuit breaker open');
      scheduleTrial(breaker, halfOpenAfterMs);
    } else if (name === 'closed') {
      logger.info({ origin }, 'loyalty service answers again: circuit breaker closed');
      if (breaker.trialTimer) clearTimeout(breaker.trialTimer);
      breaker.trialTimer = null;
    }
  });
  loyaltyBreakerState.set({ origin }, GAUGE_VALUE.closed);
  registry.set(origin, breaker);
  return breaker;
}

function scheduleTrial(breaker: OriginBreaker, delayMs: number): void {
  if (breaker.trialTimer) clearTimeout(breaker.trialTimer);
  breaker.trialTimer = setTimeout(() => void trial(breaker), delayMs);
  // An open breaker never keeps the process alive.
  breaker.trialTimer.unref();
}

/** The half-open trial: one call of our own through the breaker; its outcome decides. */
async function trial(breaker: OriginBreaker): Promise<void> {
  breaker.trialTimer = null;
  try {
    await breaker.policy.execute(() => trialCall(breaker));
  } catch (error) {
    // Not due yet by the wall clock (a timer may fire a little early): try again shortly. A
    // failed trial reopens the breaker, which schedules the next one itself.
    if (error instanceof BrokenCircuitError) scheduleTrial(breaker, 50);
  }
}

/** Any answer but 502/503/504 means the service is back; every failure is an outage. */
async function trialCall(breaker: OriginBreaker): Promise<void> {
  const replay = breaker.lastGet;
  try {
    const res = await poolFor(breaker.origin).request({
      method: replay ? 'GET' : 'HEAD',
      path: replay?.path ?? '/',
      headers: replay?.headers,
      signal: AbortSignal.timeout(TRIAL_TIMEOUT_MS),
      headersTimeout: TRIAL_TIMEOUT_MS,
      bodyTimeout: TRIAL_TIMEOUT_MS,
    });
    await res.body.dump();
    if (RETRY_STATUSES.has(res.statusCode)) {
      throw new LoyaltyUnavailableError(res.statusCode, `status ${res.statusCode}`);
    }
  } catch (error) {
    if (error instanceof LoyaltyUnavailableError) throw error;
    throw new LoyaltyUnavailableError(503, describeNetworkError(error), { cause: error });
  }
}

/** Every loyalty origin's breaker state (for /healthz); an origin not called yet has none. */
export function loyaltyBreakerStates(): { origin: string; state: BreakerStateName }[] {
  return [...breakers().values()].map((b) => ({
    origin: b.origin,
    state: stateName(b.policy.state),
  }));
}

/** Forgets every breaker (tests): the next call starts closed. */
export function resetLoyaltyBreakers(): void {
  const registry = breakers();
  for (const b of registry.values()) if (b.trialTimer) clearTimeout(b.trialTimer);
  registry.clear();
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
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`loyalty base URL must be http(s): ${url.origin}`);
  }
  const prefix = url.pathname.replace(/\/+$/, '');
  const timeoutMs = positive(options.timeoutMs, DEFAULTS.timeoutMs);
  const attemptTimeoutMs = positive(options.attemptTimeoutMs, Math.ceil(timeoutMs * 0.6));
  const retries = Math.min(2, Math.max(0, Math.floor(options.retries ?? DEFAULTS.retries)));
  const retryDelayMs = Math.max(0, options.retryDelayMs ?? DEFAULTS.retryDelayMs);
  const maxResponseBytes = positive(options.maxResponseBytes, DEFAULTS.maxResponseBytes);
  const origin = url.origin;

  async function send(request: LoyaltyRequest): Promise<LoyaltyResponse> {
    const breaker = breakerFor(origin, options.breaker);
    const caller = request.signal;
    caller?.throwIfAborted();
    const left = request.budget ? request.budget.remainingMs() : Infinity;
    if (left <= 0) {
      throw new LoyaltyUnavailableError(
        504,
        `the request's ${request.budget?.totalMs} ms for loyalty calls are spent`,
      );
    }
    const callMs = Math.max(1, Math.min(timeoutMs, Math.ceil(left)));
    const deadline = AbortSignal.timeout(callMs);
    const signal = caller ? AbortSignal.any([caller, deadline]) : deadline;
    const path = prefix + request.path + queryString(request.query);
    const idempotent = request.method === 'GET';
    const perAttempt = idempotent ? Math.min(attemptTimeoutMs, callMs) : callMs;
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    let body: string | undefined;
    if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers['content-type'] = 'application/json';
    }
    if (idempotent) breaker.lastGet = { path, headers };

    /** One exchange: an HTTP answer other than 502/503/504, or a LoyaltyUnavailableError. */
    const exchange = async () => {
      try {
        const res = await poolFor(origin).request({
          method: request.method,
          path,
          headers,
          body,
          signal,
          headersTimeout: perAttempt,
          bodyTimeout: perAttempt,
        });
        const text = await readCapped(res.body, res.headers['content-length'], maxResponseBytes);
        if (RETRY_STATUSES.has(res.statusCode)) {
          throw new LoyaltyUnavailableError(res.statusCode, `status ${res.statusCode}`);
        }
        return { statusCode: res.statusCode, text };
      } catch (error) {
        if (caller?.aborted) throw caller.reason ?? error;
        if (deadline.aborted) throw timedOut(callMs, error);
        if (error instanceof LoyaltyError) throw error;
        if (!isNetworkError(error)) throw error;
        throw new LoyaltyUnavailableError(503, describeNetworkError(error), { cause: error });
      }
    };

    for (let attempt = 0; ; attempt++) {
      // An open breaker answers at once: no connection, no wait for a deadline.
      if (breaker.policy.state !== CircuitState.Closed) throw new LoyaltyBreakerOpenError(origin);
      let failure: LoyaltyUnavailableError;
      try {
        const answer = await breaker.policy.execute(exchange);
        const parsed = parseJson(answer.text);
        if (answer.statusCode >= 200 && answer.statusCode < 300) {
          if (parsed === INVALID) {
            throw new LoyaltyInvalidAnswerError(
              `Unexpected response from the loyalty service: not JSON (${request.method} ${request.path}).`,
            );
          }
          return { status: answer.statusCode, body: camelCaseKeys(parsed) };
        }
        throw errorFromResponse(
          answer.statusCode,
          parsed === INVALID ? null : camelCaseKeys(parsed),
        );
      } catch (error) {
        // The caller's abort and the call's deadline end the call; so does any answer.
        if (caller?.aborted || deadline.aborted) throw error;
        if (!(error instanceof LoyaltyUnavailableError)) throw error;
        failure = error;
      }
      // A retry against a breaker that has just opened would only wait to be refused.
      if (!idempotent || attempt >= retries || breaker.policy.state !== CircuitState.Closed) {
        throw failure;
      }
      logger.warn(
        {
          method: request.method,
          path: request.path,
          attempt: attempt + 1,
          reason: failure.message,
        },
        'loyalty call failed; retrying',
      );
      const delay = retryDelayMs * 2 ** attempt * (1 + Math.random() / 2);
      try {
        await sleep(delay, undefined, { signal });
      } catch (error) {
        if (caller?.aborted) throw caller.reason ?? error;
        throw timedOut(callMs, error);
      }
    }
  }

  return async function measured(request: LoyaltyRequest): Promise<LoyaltyResponse> {
    const started = performance.now();
    let outcome = 'ok';
    try {
      return await send(request);
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
  };
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

async function readCapped(
  body: AsyncIterable<Buffer> & { destroy(error?: Error): unknown },
  contentLength: string | string[] | undefined,
  max: number,
): Promise<string> {
  const tooLarge = () =>
    new LoyaltyInvalidAnswerError(
      `Unexpected response from the loyalty service: larger than ${max} bytes.`,
    );
  if (typeof contentLength === 'string' && Number(contentLength) > max) {
    body.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > max) {
      body.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString('utf8');
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

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function isNetworkError(error: unknown): boolean {
  const code = errorCode(error);
  if (code && NETWORK_CODES.has(code)) return true;
  // undici wraps some connection failures ("fetch failed"-style) with the system error as cause.
  const cause = (error as { cause?: unknown } | null)?.cause;
  const causeCode = errorCode(cause);
  return Boolean(causeCode && NETWORK_CODES.has(causeCode));
}

function describeNetworkError(error: unknown): string {
  const e = error as { cause?: unknown; name?: unknown } | null;
  if (e?.name === 'TimeoutError') return 'timeout';
  return errorCode(error) ?? errorCode(e?.cause) ?? 'network error';
}

function timedOut(timeoutMs: number, cause: unknown): LoyaltyUnavailableError {
  return new LoyaltyUnavailableError(504, `no answer within ${timeoutMs} ms`, { cause });
}
