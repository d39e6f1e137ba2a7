import { createHash } from 'node:crypto';
import type { Env } from '~/lib/env.server';
import type { Tenant } from '~/lib/tenant/schema';
import { clientForRequest, createLoyaltyClient, type LoyaltyClient } from './client.server';
import { LoyaltyConfigError } from './errors';
import { createLoyaltyBudget, type LoyaltyHttpOptions } from './http.server';

/**
 * Which loyalty API a tenant talks to, with which credentials.
 *
 * - Base URL: `LOYALTY_API_URL` (a retailer's own backend), else the embedded reference service
 *   that server.ts started in-process.
 * - Credentials: the environment variables the tenant names (`services.loyalty.basicCredentialEnv`,
 *   `bearerTokenEnv`). When one is unset (or the tenant names none) and the embedded service is in
 *   use, its development default; with a real backend, a LoyaltyConfigError naming the variable.
 *   Values are never logged or put in an error message.
 */

/** The in-process reference service: its address and the credentials it expects. */
export interface EmbeddedLoyalty {
  url: string;
  /** `user:password` */
  basic: string;
  bearer: string;
}

const cache = new Map<string, LoyaltyClient>();

export function loyaltyClientFor(
  tenant: Pick<Tenant, 'sitePath' | 'services'>,
  env: Pick<Env, 'LOYALTY_API_URL'>,
  embedded: EmbeddedLoyalty | null,
  options: LoyaltyHttpOptions & { source?: Record<string, string | undefined> } = {},
): LoyaltyClient {
  const { source = process.env, ...http } = options;
  const loyalty = tenant.services.loyalty;
  if (!loyalty) {
    throw new LoyaltyConfigError(
      `Tenant "${tenant.sitePath}" has no services.loyalty.appId: it cannot reach the loyalty API.`,
    );
  }
  const external = env.LOYALTY_API_URL;
  const baseUrl = external ?? embedded?.url;
  if (!baseUrl) {
    throw new LoyaltyConfigError(
      'LOYALTY_API_URL is not set and the embedded loyalty service is not running.',
    );
  }
  const fallback = external ? null : embedded;
  const basic = credential(
    tenant.sitePath,
    'basicCredentialEnv',
    loyalty.basicCredentialEnv,
    source,
    fallback?.basic,
  );
  const bearer = credential(
    tenant.sitePath,
    'bearerTokenEnv',
    loyalty.bearerTokenEnv,
    source,
    fallback?.bearer,
  );

  const key = createHash('sha256')
    .update(JSON.stringify([tenant.sitePath, loyalty.appId, baseUrl, basic, bearer, http]))
    .digest('hex');
  let client = cache.get(key);
  if (!client) {
    client = createLoyaltyClient({ ...http, baseUrl, appId: loyalty.appId, basic, bearer });
    cache.set(key, client);
  }
  return client;
}

/**
 * The tenant's client for one request (the request context's `loyalty`): all of the request's
 * loyalty calls share one budget, LOYALTY_REQUEST_BUDGET_MS from its first call on.
 */
export function loyaltyClientForRequest(
  tenant: Pick<Tenant, 'sitePath' | 'services'>,
  env: Pick<Env, 'LOYALTY_API_URL'>,
  embedded: EmbeddedLoyalty | null,
): LoyaltyClient {
  return clientForRequest(loyaltyClientFor(tenant, env, embedded), createLoyaltyBudget());
}

function credential(
  sitePath: string,
  field: 'basicCredentialEnv' | 'bearerTokenEnv',
  name: string | undefined,
  source: Record<string, string | undefined>,
  fallback: string | undefined,
): string {
  const value = name ? source[name] : undefined;
  if (value) {
    if (field === 'basicCredentialEnv' && !value.includes(':')) {
      throw new LoyaltyConfigError(
        `Environment variable ${name} must have the form user:password.`,
      );
    }
    return value;
  }
  if (fallback) return fallback;
  throw new LoyaltyConfigError(
    name
      ? `Environment variable ${name} (services.loyalty.${field} of tenant "${sitePath}") is not set; it is required with LOYALTY_API_URL.`
      : `Tenant "${sitePath}" names no services.loyalty.${field}; it is required with LOYALTY_API_URL.`,
  );
}

/** Forgets cached clients (tests; a tenant reload builds new keys anyway). */
export function clearLoyaltyClients(): void {
  cache.clear();
}
