/**
 * The brand's Google Maps key (docs/reference/stores.md "Map", decision 0014). The tenant names the
 * environment variable that holds it (`services.maps.apiKeyEnv`); without one, or with the
 * variable unset, the site draws its own map (store-map.server.ts) and loads nothing from Google.
 *
 * A Maps JavaScript key is a browser key: it reaches the page by design and is restricted to the
 * brand's addresses at Google (HTTP referrers). It is still never logged.
 */
import type { AppLoadContext } from '@remix-run/node';
import { logger } from '@common/logger.server';
import type { Tenant } from '~/lib/tenant/schema';

export const MAPS_KEY_NOT_CONFIGURED = 'Google Maps key not configured.';

type MapsTenant = Pick<Tenant, 'sitePath' | 'services'>;
type Env = Record<string, string | undefined>;

/** Brands already warned about a named but unset key (once per brand and process). */
const warned = new Set<string>();

/** The key, or null; never logs (the CSP asks on every request). */
export function mapsKeyFor(tenant: MapsTenant, env: Env = process.env): string | null {
  const name = tenant.services.maps?.apiKeyEnv;
  const value = name ? env[name]?.trim() : undefined;
  return value ? value : null;
}

/**
 * The key of the request's brand, or null. A brand that names a variable which is unset is
 * logged once ('Google Maps key not configured.': a configuration error, never shown).
 */
export function mapsApiKey(
  context: Pick<AppLoadContext, 'tenant'>,
  env: Env = process.env,
): string | null {
  const { tenant } = context;
  const key = mapsKeyFor(tenant, env);
  const name = tenant.services.maps?.apiKeyEnv;
  if (!key && name && !warned.has(tenant.sitePath)) {
    warned.add(tenant.sitePath);
    logger.warn({ brand: tenant.sitePath, variable: name }, MAPS_KEY_NOT_CONFIGURED);
  }
  return key;
}

/** Forgets which brands were warned about (tests). */
export function resetMapsKeyWarnings(): void {
  warned.clear();
}
