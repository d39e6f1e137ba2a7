/**
 * `npm run sso`: the reference SSO provider as its own process. Reads the brands and their partner
 * clients from tenants/*.json, checks passwords with the loyalty API at LOYALTY_API_URL, and
 * serves on SSO_PORT (default 3400). Point a brand's `services.sso.url` at the printed address to
 * use it instead of the one the site starts in-process.
 *
 * Environment: SSO_PORT, SSO_HOST (default 127.0.0.1), SSO_ISSUER (the public address partners
 * use, default the listening address), TENANTS_DIR, SITE_PORT (where the brand sites are, default 3000:
 * `http://{hostnames[0]}:{SITE_PORT}` unless a tenant names its canonicalOrigin),
 * LOYALTY_API_URL (default http://127.0.0.1:3100, `npm run loyalty`), LOYALTY_SERVICE_BASIC (or
 * the variable a tenant names; outside production the reference loyalty service's development
 * value when unset), SSO_API_KEY (the key the site's calls present, X-Api-Key; required when
 * SSO_HOST is not a loopback address, and given to the sites as the variable their tenant's
 * `services.sso.apiKeyEnv` names), DATA_DIR, LOG_LEVEL.
 */
import path from 'node:path';
import { stopOnSignals } from '../../common/http-service.server';
import { logger } from '../../common/logger.server';
import { serviceApiKey, ServiceKeyError } from '../http/caller';
import { LoyaltyCredentialsError, loyaltyServiceCredentials } from '../loyalty/credentials';
import { readBrands, startSsoService } from './index';

function port(name: string, value: string | undefined, fallback: number): number {
  const chosen = Number(value || fallback);
  if (!Number.isInteger(chosen) || chosen < 0 || chosen > 65535) {
    process.stderr.write(`Invalid environment: ${name} must be a port number\n`);
    process.exit(1);
  }
  return chosen;
}

async function main() {
  const env = process.env;
  const ssoPort = port('SSO_PORT', env.SSO_PORT, 3400);
  const sitePort = port('SITE_PORT', env.SITE_PORT, 3000);
  const loyaltyUrl = env.LOYALTY_API_URL || 'http://127.0.0.1:3100';
  let defaultBasic: string;
  try {
    // The same value `npm run loyalty` expects (generated into DATA_DIR in production).
    defaultBasic = loyaltyServiceCredentials(env).basic;
  } catch (error) {
    if (error instanceof LoyaltyCredentialsError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const tenantsDir = path.resolve(env.TENANTS_DIR || 'tenants');
  const brands = readBrands(tenantsDir, {
    sitePort,
    loyaltyBasic: (variable) => (variable && env[variable]) || defaultBasic,
    logger,
  });
  const host = env.SSO_HOST || '127.0.0.1';
  let apiKey: string | null;
  try {
    apiKey = serviceApiKey(env, 'SSO_API_KEY', host);
  } catch (error) {
    if (error instanceof ServiceKeyError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const wildcard = host === '0.0.0.0' || host === '::';
  const service = await startSsoService({
    port: ssoPort,
    host,
    // Partners and browsers need an address they can reach: not the wildcard one.
    issuer: env.SSO_ISSUER || (wildcard ? `http://localhost:${ssoPort}` : undefined),
    brands,
    loyaltyUrl,
    apiKey,
  });
  const clients = brands.flatMap((b) => b.clients.map((c) => c.clientId));
  const lines = [
    `SSO provider on ${service.url} (issuer ${service.issuer})`,
    `  brands: ${brands.map((b) => `${b.sitePath} → ${b.origin}`).join(', ') || 'none'}`,
    `  clients: ${clients.join(', ') || 'none'}`,
    `  loyalty API: ${loyaltyUrl}`,
    `  site calls: ${apiKey ? 'need SSO_API_KEY (X-Api-Key)' : 'from this machine only'}`,
    `  metadata: ${service.issuer}/.well-known/oauth-authorization-server`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  stopOnSignals('sso provider', () => service.close(), logger);
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'sso provider start-up failed');
  process.exit(1);
});
