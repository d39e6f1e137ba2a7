/**
 * The process's Prometheus metrics (prom-client). One registry, defined here so the HTTP layer
 * (server/), the app bundle (the loyalty client) and the reference services record into the same
 * place.
 *
 * server.ts runs outside the Remix bundle and the bundle carries its own copy of this module:
 * the metrics are made once per process and kept on globalThis, so both copies record into
 * (and /metrics reads) the same registry.
 *
 * Served as text by server/metrics.ts (`/metrics`, not on a brand's public host unless
 * configured). Labels are bounded: routes are Remix route ids or a fixed name, never a raw path.
 */
import client from 'prom-client';

function createMetrics() {
  const registry = new client.Registry();

  client.collectDefaultMetrics({ register: registry });

  /** Every answered request: route id (or a fixed name such as 'static'), method, status. */
  const httpRequestDuration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to the end of the answer',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  /** Every loyalty API call: the call's method and path template, the outcome ('ok' or an error kind). */
  const loyaltyCallDuration = new client.Histogram({
    name: 'loyalty_call_duration_seconds',
    help: 'Time of one loyalty API call, retries included',
    labelNames: ['origin', 'method', 'outcome'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  const loyaltyCallErrors = new client.Counter({
    name: 'loyalty_call_errors_total',
    help: 'Loyalty API calls that failed, by kind (unavailable, timeout, breaker_open, status_4xx, invalid)',
    labelNames: ['origin', 'kind'] as const,
    registers: [registry],
  });

  /** 0 closed, 1 half-open, 2 open: one series per loyalty origin. */
  const loyaltyBreakerState = new client.Gauge({
    name: 'loyalty_breaker_state',
    help: 'Circuit breaker of a loyalty origin: 0 closed, 1 half-open, 2 open',
    labelNames: ['origin'] as const,
    registers: [registry],
  });

  const pageCacheLookups = new client.Counter({
    name: 'page_cache_lookups_total',
    help: 'Guest page cache lookups by result (hit, miss, bypass)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  return {
    registry,
    httpRequestDuration,
    loyaltyCallDuration,
    loyaltyCallErrors,
    loyaltyBreakerState,
    pageCacheLookups,
  };
}

const holder = globalThis as typeof globalThis & {
  __siteMetrics?: ReturnType<typeof createMetrics>;
};
holder.__siteMetrics ??= createMetrics();

export const {
  registry,
  httpRequestDuration,
  loyaltyCallDuration,
  loyaltyCallErrors,
  loyaltyBreakerState,
  pageCacheLookups,
} = holder.__siteMetrics;
