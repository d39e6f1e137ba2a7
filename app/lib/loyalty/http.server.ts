import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { logger } from '@common/logger.server';
import { camelCaseKeys } from './case';
import { errorFromResponse, LoyaltyError, LoyaltyUnavailableError } from './errors';

/**
 * The loyalty client's transport: one undici Pool per origin, JSON in and out, camelCased
 * response keys, a hard deadline per call, and retries for idempotent GETs only.
 *
 * Timeouts, from the outside in:
 * - `timeoutMs` (default 5 s): the whole call, retries and backoff included
 *   (AbortSignal.timeout, combined with the caller's signal through AbortSignal.any).
 * - `attemptTimeoutMs` (default 60% of the deadline): headers and body (idle) timeout of one GET
 *   attempt, so a hung first attempt still leaves time for a retry. Other methods get the deadline.
 * - connect timeout (2 s), per pool.
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
}

export interface LoyaltyResponse {
  status: number;
  /** Parsed JSON with every key camelCased; null for an empty body. */
  body: unknown;
}

export type LoyaltyTransport = (request: LoyaltyRequest) => Promise<LoyaltyResponse>;

export const CONNECT_TIMEOUT_MS = 2000;
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

  return async function send(request: LoyaltyRequest): Promise<LoyaltyResponse> {
    const caller = request.signal;
    caller?.throwIfAborted();
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = caller ? AbortSignal.any([caller, deadline]) : deadline;
    const path = prefix + request.path + queryString(request.query);
    const idempotent = request.method === 'GET';
    const perAttempt = idempotent ? Math.min(attemptTimeoutMs, timeoutMs) : timeoutMs;
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    let body: string | undefined;
    if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers['content-type'] = 'application/json';
    }

    for (let attempt = 0; ; attempt++) {
      let failure: LoyaltyError;
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
        const parsed = parseJson(text);
        if (res.statusCode >= 200 && res.statusCode < 300) {
          if (parsed === INVALID) {
            throw new LoyaltyError(502, null, null, {
              message: `Unexpected response from the loyalty service: not JSON (${request.method} ${request.path}).`,
            });
          }
          return { status: res.statusCode, body: camelCaseKeys(parsed) };
        }
        if (!RETRY_STATUSES.has(res.statusCode)) {
          throw errorFromResponse(
            res.statusCode,
            parsed === INVALID ? null : camelCaseKeys(parsed),
          );
        }
        failure = new LoyaltyUnavailableError(res.statusCode, `status ${res.statusCode}`);
      } catch (error) {
        if (caller?.aborted) throw caller.reason ?? error;
        if (deadline.aborted) throw timedOut(timeoutMs, error);
        if (error instanceof LoyaltyError) throw error;
        if (!isNetworkError(error)) throw error;
        failure = new LoyaltyUnavailableError(503, describeNetworkError(error), { cause: error });
      }
      if (!idempotent || attempt >= retries) throw failure;
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
        throw timedOut(timeoutMs, error);
      }
    }
  };
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
    new LoyaltyError(502, null, null, {
      message: `Unexpected response from the loyalty service: larger than ${max} bytes.`,
    });
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
  return errorCode(error) ?? errorCode((error as { cause?: unknown }).cause) ?? 'network error';
}

function timedOut(timeoutMs: number, cause: unknown): LoyaltyUnavailableError {
  return new LoyaltyUnavailableError(504, `no answer within ${timeoutMs} ms`, { cause });
}
