/**
 * HTTP entry: validates the environment, loads the brands, builds the process-wide services and
 * serves every brand from one Express app. Run with `npm start` (builds first when needed).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { createContentService } from '~/lib/content/content.server';
import type { AppServices } from '~/lib/context.server';
import { EnvError, parseEnv, type Env } from '~/lib/env.server';
import { loyaltyBreakerStates } from '~/lib/loyalty/breaker.server';
import { openSharedPglite } from '@common/db.server';
import { logger } from '@common/logger.server';
import { createAccountServices } from '~/lib/services.server';
import {
  assertBotCheckConfigured,
  BotCheckConfigError,
  botCheckProblem,
} from '~/lib/security/bot-check.server';
import { createSessionStorages } from '~/lib/session/session.server';
import { TenantRegistry } from '~/lib/tenant/registry.server';
import type { Tenant } from '~/lib/tenant/schema';
import { createServerApp } from './server/app';
import { compactHeapAfterStartup } from './server/compact-heap';
import { hardenServer } from './server/http-server';
import { createReachabilityProbe } from './server/reachability';
import { installShutdown, loyaltyPoolsCloser } from './server/shutdown';
import { ssoBrands } from './server/sso-brands';
import { startAdviewerService } from './services/adviewer/index';
import { startMailingListService } from './services/mailing-list/index';
import { startSsoService, type SsoService } from './services/sso/index';
import {
  LoyaltyCredentialsError,
  loyaltyServiceCredentials,
  startLoyaltyService,
  type LoyaltyApp,
  type LoyaltyService,
  type LoyaltyServiceCredentials,
} from './services/loyalty/index';

const root = path.dirname(fileURLToPath(import.meta.url));

function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** SESSION_SECRET, or one generated once into DATA_DIR (fine for one process; set it for more). */
function sessionSecret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.resolve(env.DATA_DIR, 'session-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: generate below
  }
  const secret = crypto.randomBytes(32).toString('hex');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  logger.warn(`SESSION_SECRET is not set: using a generated secret kept in ${file}`);
  return secret;
}

/**
 * The embedded loyalty service's credentials (the site's client uses the same, through
 * `loyalty.credentials`): in production never the published development values, and unset ones
 * generated into DATA_DIR. A refused value stops the start with one line.
 */
function embeddedLoyaltyCredentials(env: Env): LoyaltyServiceCredentials {
  try {
    return loyaltyServiceCredentials(process.env, {
      dataDir: env.DATA_DIR,
      production: env.NODE_ENV === 'production',
    });
  } catch (error) {
    if (error instanceof LoyaltyCredentialsError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const env = loadEnv();
  const buildFile = path.join(root, 'build', 'index.js');
  if (!fs.existsSync(buildFile)) {
    process.stderr.write('No build found: run `npm run build` (npm start does it for you).\n');
    process.exit(1);
  }
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;

  const registry = new TenantRegistry(path.resolve(env.TENANTS_DIR), env.PORT).start(
    env.TENANTS_RESCAN_MS,
  );
  const content = createContentService({ dir: path.resolve(env.CONTENT_DIR), watch: true });

  // The loyalty API: the retailer's backend when LOYALTY_API_URL is set, else the reference
  // service started here on a loopback port and used through the same client and HTTP path.
  const loyaltyApps = (tenants: Tenant[]): LoyaltyApp[] =>
    tenants.flatMap((t) => {
      if (!t.services.loyalty) return [];
      const locations = content.retailerInfo(t.sitePath).locations;
      return [
        {
          appId: t.services.loyalty.appId,
          storeNumbers: locations.map((l) => l.storeNumber),
          tiers: t.rewards.tiers,
          retailerName: t.retailerName,
          stores: locations.map((l) => ({
            storeNumber: l.storeNumber,
            name: l.name,
            address: l.address,
            city: l.city,
            state: l.state,
            zip: l.zip,
          })),
        },
      ];
    });
  // Without DATABASE_URL: one embedded PGlite database for the reference loyalty service (schema
  // public) and the site store (schema site), as they share one PostgreSQL database otherwise.
  const embeddedDb = env.DATABASE_URL
    ? null
    : await openSharedPglite(path.resolve(env.DATA_DIR, 'db'));
  let loyalty: LoyaltyService | null = null;
  if (!env.LOYALTY_API_URL) {
    loyalty = await startLoyaltyService({
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
      db: embeddedDb?.schema('public'),
      port: 0,
      apps: loyaltyApps(registry.all()),
      credentials: embeddedLoyaltyCredentials(env),
    });
    // A brand added while running gets its demo data too.
    registry.onChange(
      (tenants) => void loyalty?.addApps(loyaltyApps(tenants)).catch(() => undefined),
    );
  }
  // The reference ad viewer (with its ad studio) and mailing-list service, reached over HTTP like
  // the retailer's own: a brand whose tenant file names an address of its own uses that instead.
  const adviewer = await startAdviewerService({
    port: 0,
    tenantsDir: path.resolve(env.TENANTS_DIR),
    contentDir: path.resolve(env.CONTENT_DIR),
  });
  // A brand added (or its stores changed with it) while running gets its ad pages too.
  registry.onChange(() => adviewer.reload());
  const mailingList = await startMailingListService({
    port: 0,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    db: embeddedDb?.schema('mailing'),
  });
  // The reference SSO provider for partner sites, when some brand lists partner clients and names
  // no provider of its own; it checks passwords with the same loyalty API as the site.
  const ssoFor = (tenants: Tenant[]) =>
    ssoBrands(tenants, loyalty ? loyalty.credentials.basic : null, process.env, (obj, msg) =>
      logger.warn(obj, msg),
    );
  const initialSsoBrands = ssoFor(registry.all());
  let sso: SsoService | null = null;
  if (initialSsoBrands.length > 0) {
    sso = await startSsoService({
      port: 0,
      brands: initialSsoBrands,
      loyaltyUrl: env.LOYALTY_API_URL ?? loyalty?.url ?? null,
    });
    // A partner client added or changed while running is served from then on.
    registry.onChange((tenants) => sso?.setBrands(ssoFor(tenants)));
  }
  const secret = sessionSecret(env);
  // Sign-up forms need a bot check: reCAPTCHA keys, or a honeypot chosen explicitly.
  try {
    assertBotCheckConfigured(registry.all(), env.NODE_ENV);
  } catch (error) {
    if (error instanceof BotCheckConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  registry.onChange((tenants) => {
    for (const t of tenants) {
      const problem = botCheckProblem(t);
      if (problem) logger.error({ tenant: t.sitePath }, problem);
    }
  });
  const accounts = await createAccountServices(env, secret, embeddedDb?.schema('site'));
  const services: AppServices = {
    env,
    content,
    accounts,
    sessions: createSessionStorages(accounts.siteStore, secret, env.NODE_ENV === 'production'),
    references: { adviewer: adviewer.url, mailingList: mailingList.url, sso: sso?.url ?? null },
    loyalty: {
      embedded: loyalty
        ? {
            url: loyalty.url,
            basic: loyalty.credentials.basic,
            bearer: loyalty.credentials.bearer,
          }
        : null,
    },
  };

  // The loyalty API is reached over HTTP in both modes: /healthz asks whether it answers.
  const loyaltyReachable = createReachabilityProbe(loyalty ? loyalty.url : env.LOYALTY_API_URL!);
  const loyaltyOrigin = new URL(loyalty ? loyalty.url : env.LOYALTY_API_URL!).origin;
  const app = createServerApp({
    registry,
    services,
    build,
    publicDir: path.join(root, 'public'),
    health: async () => {
      const reach = await loyaltyReachable();
      // Open while the loyalty service failed too often: pages answer without calling it.
      const breaker =
        loyaltyBreakerStates().find((b) => b.origin === loyaltyOrigin)?.state ?? 'closed';
      return {
        degraded: reach.reachable && breaker === 'closed' ? [] : ['loyalty'],
        store: accounts.siteStore.kind,
        mail: accounts.mailer.kind,
        adviewer: { pages: adviewer.health().pages },
        mailingList: { store: mailingList.health().store },
        // The address partners discover the reference provider at (its metadata's issuer).
        sso: sso ? { mode: 'embedded', url: sso.issuer, ...sso.health() } : { mode: 'external' },
        loyalty: {
          ...(loyalty
            ? { mode: 'embedded', ...loyalty.health() }
            : { mode: 'external', url: new URL(env.LOYALTY_API_URL!).origin }),
          reachable: reach.reachable,
          ...(reach.problem ? { problem: reach.problem } : {}),
          breaker,
        },
      };
    },
  });

  const server = app.listen(env.PORT, env.HOST, () => {
    const port = (server.address() as { port: number }).port;
    const lines = registry
      .all()
      .map((t) => `  ${t.retailerName.padEnd(28)} http://${t.hostnames[0]}:${port}`);
    process.stdout.write(`Serving ${lines.length} brands:\n${lines.join('\n')}\n`);
    compactHeapAfterStartup();
  });
  hardenServer(server);

  // SIGTERM / SIGINT: answer what was asked, then close in this order (server/shutdown.ts).
  installShutdown({
    server,
    steps: [
      { name: 'tenant watcher', run: () => registry.stop() },
      { name: 'content watcher', run: () => content.close() },
      { name: 'loyalty client pools', run: loyaltyPoolsCloser(build) },
      { name: 'loyalty service', run: () => loyalty?.close() },
      { name: 'ad viewer', run: () => adviewer.close() },
      { name: 'mailing list', run: () => mailingList.close() },
      { name: 'sso provider', run: () => sso?.close() },
      { name: 'site store and mail', run: () => accounts.close() },
      { name: 'embedded database', run: () => embeddedDb?.close() },
    ],
  });
}

main().catch((error) => {
  logger.fatal({ err: error }, 'start-up failed');
  process.exit(1);
});
