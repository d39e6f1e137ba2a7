import {
  BrokenCircuitError,
  circuitBreaker,
  CircuitState,
  ConsecutiveBreaker,
  handleWhen,
  type CircuitBreakerPolicy,
} from 'cockatiel';
import { logger } from '@common/logger.server';
import { loyaltyBreakerState } from '@common/metrics.server';
import { LoyaltyUnavailableError } from './errors';
import { describeNetworkError, poolFor, UNAVAILABLE_STATUSES } from './pool.server';

/**
 * One circuit breaker per loyalty origin (cockatiel), shared by every transport of the origin;
 * how the transport uses it is described in http.server.ts.
 */

/** Consecutive unavailable attempts after which an origin's breaker opens. */
export const BREAKER_FAILURES = 5;
/** How long an open breaker waits before its trial call. */
export const BREAKER_HALF_OPEN_MS = 5000;
/** Deadline of the breaker's trial call. */
const TRIAL_TIMEOUT_MS = 2000;

export interface BreakerTuning {
  /** Consecutive unavailable attempts that open the breaker. Default BREAKER_FAILURES. */
  failures?: number;
  /** How long it stays open before its trial call. Default BREAKER_HALF_OPEN_MS. */
  halfOpenAfterMs?: number;
}

/** A call refused at once because the origin's breaker is open. */
export class LoyaltyBreakerOpenError extends LoyaltyUnavailableError {
  override name = 'LoyaltyBreakerOpenError';
  constructor(origin: string) {
    super(503, `circuit open for ${origin}`);
  }
}

export type BreakerStateName = 'closed' | 'open' | 'half-open';

export interface OriginBreaker {
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

export function breakerFor(origin: string, tuning: BreakerTuning = {}): OriginBreaker {
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
    if (UNAVAILABLE_STATUSES.has(res.statusCode)) {
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

/** Whether the breaker lets calls through (closed: neither open nor waiting for its trial). */
export function breakerClosed(breaker: OriginBreaker): boolean {
  return breaker.policy.state === CircuitState.Closed;
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}
