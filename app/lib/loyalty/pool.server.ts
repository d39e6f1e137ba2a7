import { Pool } from 'undici';

/**
 * The loyalty client's connections: one undici Pool per origin, kept for the life of the
 * process, and what counts as the service being unreachable (used by the transport's retries
 * and by the circuit breaker's trial calls).
 */

export const CONNECT_TIMEOUT_MS = 2000;
/** Hard deadline of one call when the caller sets none (http.server.ts). */
export const DEFAULT_CALL_TIMEOUT_MS = 5000;
/** Answers that mean the service is unavailable, not that it refused the request. */
export const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);
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
      headersTimeout: DEFAULT_CALL_TIMEOUT_MS,
      bodyTimeout: DEFAULT_CALL_TIMEOUT_MS,
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

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function isNetworkError(error: unknown): boolean {
  const code = errorCode(error);
  if (code && NETWORK_CODES.has(code)) return true;
  // undici wraps some connection failures ("fetch failed"-style) with the system error as cause.
  const cause = (error as { cause?: unknown } | null)?.cause;
  const causeCode = errorCode(cause);
  return Boolean(causeCode && NETWORK_CODES.has(causeCode));
}

export function describeNetworkError(error: unknown): string {
  const e = error as { cause?: unknown; name?: unknown } | null;
  if (e?.name === 'TimeoutError') return 'timeout';
  return errorCode(error) ?? errorCode(e?.cause) ?? 'network error';
}
