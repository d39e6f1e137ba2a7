/**
 * `npm run loyalty`: the reference loyalty service as its own process. Reads the brands from
 * tenants/*.json (appId, reward tiers) and their stores from content/<sitePath>/retailer-info.json,
 * then serves on LOYALTY_PORT (default 3100). A site started with
 * LOYALTY_API_URL=http://127.0.0.1:3100 uses it.
 *
 * Environment: LOYALTY_PORT, LOYALTY_HOST (default 127.0.0.1), DATA_DIR (default .data; the
 * database is in DATA_DIR/loyalty), DATABASE_URL (PostgreSQL instead of PGlite), TENANTS_DIR,
 * CONTENT_DIR, LOYALTY_SERVICE_BASIC, LOYALTY_SERVICE_BEARER, LOYALTY_SERVICE_JWT_SECRET (with
 * NODE_ENV=production the development values are refused and unset ones are generated into
 * DATA_DIR/loyalty-credentials.json, as for the embedded service).
 */
import path from 'node:path';
import { stopOnSignals } from '../../common/http-service.server';
import { logger } from '../../common/logger.server';
import { readApps } from './apps';
import { LoyaltyCredentialsError, loyaltyServiceCredentials } from './credentials';
import { loyaltyDataDir, startLoyaltyService } from './index';

async function main() {
  const env = process.env;
  const port = Number(env.LOYALTY_PORT || 3100);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write('Invalid environment: LOYALTY_PORT must be a port number\n');
    process.exit(1);
  }
  const dataDir = env.DATA_DIR || '.data';
  const databaseUrl = env.DATABASE_URL || undefined;
  const apps = readApps(
    path.resolve(env.TENANTS_DIR || 'tenants'),
    path.resolve(env.CONTENT_DIR || 'content'),
  );
  // In production: never the published development values (credentials.ts).
  let creds;
  try {
    creds = loyaltyServiceCredentials(env, { dataDir });
  } catch (error) {
    if (error instanceof LoyaltyCredentialsError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const started = performance.now();
  const service = await startLoyaltyService({
    dataDir,
    databaseUrl,
    port,
    host: env.LOYALTY_HOST || '127.0.0.1',
    apps,
    credentials: creds,
  });
  const shown = (value: string, isDefault: boolean, generated: boolean, name: string) =>
    isDefault
      ? `${value} (development default; set ${name})`
      : generated
        ? `(generated into ${creds.file}; give the site the same value)`
        : `(from ${name})`;
  const seeded = service.seeded.filter((s) => s.seeded);
  const lines = [
    `Loyalty service on ${service.url}  (store: ${
      databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${loyaltyDataDir(dataDir)}`
    })`,
    `  apps: ${apps.map((a) => a.appId).join(', ') || '(none: no tenant files found)'}`,
    ...seeded.map((s) => `  seeded ${s.appId} in ${s.ms} ms`),
    ...(seeded.length ? [`  seeding total: ${seeded.reduce((t, s) => t + s.ms, 0)} ms`] : []),
    `  ready in ${Math.round(performance.now() - started)} ms`,
    `  Basic  (/AppUsers/*):        ${shown(creds.basic, creds.defaults.basic, creds.generated.basic, 'LOYALTY_SERVICE_BASIC')}`,
    `  Bearer (/loyalty/{appId}/*): ${shown(creds.bearer, creds.defaults.bearer, creds.generated.bearer, 'LOYALTY_SERVICE_BEARER')}`,
    `  Site: LOYALTY_API_URL=${service.url}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  stopOnSignals('loyalty service', () => service.close(), logger);
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'loyalty service start-up failed');
  process.exit(1);
});
