import type { LoyaltyBudget } from './http.server';
import { agreementCalls } from './client/agreements.server';
import { authCalls } from './client/auth.server';
import { charityCalls } from './client/charities.server';
import { customerCalls } from './client/customers.server';
import { offerCalls } from './client/offers.server';
import { overviewCalls } from './client/overview.server';
import { receiptCalls } from './client/receipts.server';
import { rewardCalls } from './client/rewards.server';
import { createClientContext, withBudget, type LoyaltyClientConfig } from './client/shared.server';
import { subscriptionCalls } from './client/subscriptions.server';

/**
 * The site's loyalty API client: with its resource modules in client/, the only code that knows
 * the API's paths (docs/loyalty-api.md). `/AppUsers/*` calls carry the Basic credential,
 * `/loyalty/{appId}/*` calls the Bearer token. Every answer is camelCased and validated; an
 * answer of the wrong shape is a LoyaltyError (502).
 */

export type { LoyaltyClientConfig } from './client/shared.server';
export { changedFields } from './client/customers.server';
export { isChoosable } from './client/subscriptions.server';

export type LoyaltyClient = ReturnType<typeof createLoyaltyClient>;

/**
 * The client for one request: each method is the shared client's own (looked up at call time, so
 * a test's spy on the shared client still sees the request's calls), run with `budget`, so every
 * call of the request is bounded by what is left of it.
 */
export function clientForRequest(client: LoyaltyClient, budget: LoyaltyBudget): LoyaltyClient {
  const shared = client as unknown as Record<string, unknown>;
  const bound: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(shared)) {
    bound[key] =
      typeof value === 'function'
        ? (...args: unknown[]) =>
            withBudget(budget, () => (shared[key] as (...a: unknown[]) => unknown)(...args))
        : value;
  }
  return bound as LoyaltyClient;
}

/**
 * One client of the API: the calls of each resource (one module per resource, as the reference
 * service has one route module per resource), all made through one transport, so they share its
 * pool, breaker and limits.
 */
export function createLoyaltyClient(config: LoyaltyClientConfig) {
  const context = createClientContext(config);
  return {
    appId: config.appId,
    ...subscriptionCalls(context),
    ...authCalls(context),
    ...customerCalls(context),
    ...offerCalls(context),
    ...agreementCalls(context),
    ...receiptCalls(context),
    ...overviewCalls(context),
    ...charityCalls(context),
    ...rewardCalls(context),
  };
}
