/**
 * The reference loyalty service (docs/loyalty-api.md): opens the store (PGlite in
 * `<dataDir>/loyalty`, or PostgreSQL when a database URL is given), applies the migrations, seeds
 * every listed app that has no data yet, and serves the API over HTTP.
 */
import path from 'node:path';
import { listenService, type ListeningService } from '../../common/http-service.server';
import { logger as appLogger } from '../../common/logger.server';
import { loyaltyServiceCredentials } from './credentials';
import { openDb, type Db } from '../../common/db.server';
import { createRequestHandler, type Logger } from './http';
import { migrateLoyalty } from './migrations';
import { createRoutes } from './routes';
import { seed, type SeedResult, type SeedStore } from './seed';

export { DEMO_SHOPPERS, DEMO_UNREGISTERED_PHONE } from './credentials';
export { DEV_LOYALTY_BASIC, DEV_LOYALTY_BEARER } from './credentials';
export {
  LoyaltyCredentialsError,
  loyaltyServiceCredentials,
  type LoyaltyServiceCredentials,
} from './credentials';
export { readApps } from './apps';
export type { Db } from '../../common/db.server';
export type { SeedResult } from './seed';

export interface LoyaltyApp {
  appId: string;
  /** The brand's store numbers (4 digits): home stores and receipts of the demo shoppers. */
  storeNumbers: string[];
  /** Reward tiers (points); the demo shoppers' totals sit around them. */
  tiers: number[];
  /** Optional: the receipts' header line. */
  retailerName?: string;
  /** Optional: store names and addresses for the receipts' store block. */
  stores?: SeedStore[];
}

export interface StartLoyaltyServiceOptions {
  /**
   * The site's data folder (`DATA_DIR`, default `.data`): the PGlite database lives in its
   * `loyalty/` subfolder. `memory://` keeps the database in memory (tests).
   */
  dataDir?: string;
  /** `postgres://…`: use this PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  /**
   * An open store to use instead (schema `public` of a database the caller shares, e.g. the
   * site's one embedded PGlite); `dataDir` and `databaseUrl` are then ignored. Its `close` is the
   * caller's business: a shared store's close does nothing.
   */
  db?: Db;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Apps to seed when they have no data yet. */
  apps?: LoyaltyApp[];
  logger?: Logger;
  /**
   * Overrides of LOYALTY_SERVICE_BASIC / _BEARER / _JWT_SECRET. Unset ones default to the
   * development values, or in production to values generated into the data folder
   * (credentials.ts); in production the development values are refused.
   */
  credentials?: { basic?: string; bearer?: string; jwtSecret?: string };
  /** Interval of the store health probe (ms, default 15 000). */
  healthIntervalMs?: number;
}

export interface LoyaltyHealth {
  status: 'ok' | 'down';
  store: 'pglite' | 'postgres';
}

export interface LoyaltyService {
  /** `http://host:port` without a trailing slash. */
  url: string;
  port: number;
  health(): LoyaltyHealth;
  /** What callers must send (the site's own client of the embedded service uses these). */
  credentials: { basic: string; bearer: string };
  close(): Promise<void>;
  /** Seeding done at start (one entry per app; `seeded` false when it already had data). */
  seeded: SeedResult[];
  /** Seeds apps added after start (a new tenant file); apps with data are left alone. */
  addApps(apps: LoyaltyApp[]): Promise<SeedResult[]>;
  /** The store, for tests and tools. */
  db: Db;
}

/**
 * Applies the migrations and seeds the listed apps that have no data yet, without serving: the
 * first part of startLoyaltyService, for a caller that prepares the store ahead of the service
 * (the site's first start, docs/decisions/0013-memory-footprint.md).
 */
export async function prepareLoyaltyStore(db: Db, apps: LoyaltyApp[]): Promise<SeedResult[]> {
  await migrateLoyalty(db);
  const results: SeedResult[] = [];
  for (const app of apps) results.push(await seed(db, app));
  return results;
}

/** The PGlite folder for a data folder (`<dataDir>/loyalty`). */
export function loyaltyDataDir(dataDir: string | undefined): string {
  const base = dataDir ?? process.env.DATA_DIR ?? '.data';
  return base.startsWith('memory://') ? base : path.resolve(base, 'loyalty');
}

export async function startLoyaltyService(
  options: StartLoyaltyServiceOptions = {},
): Promise<LoyaltyService> {
  const logger: Logger = options.logger ?? appLogger.child({ service: 'loyalty' });
  // Values given here count as the variables would: in production never the published ones.
  const given = options.credentials ?? {};
  const { basic, bearer, jwtSecret } = loyaltyServiceCredentials(
    {
      ...process.env,
      ...(given.basic ? { LOYALTY_SERVICE_BASIC: given.basic } : {}),
      ...(given.bearer ? { LOYALTY_SERVICE_BEARER: given.bearer } : {}),
      ...(given.jwtSecret ? { LOYALTY_SERVICE_JWT_SECRET: given.jwtSecret } : {}),
    },
    { dataDir: options.dataDir },
  );
  const credentials = { basic, bearer, jwtSecret };
  const db =
    options.db ??
    (await openDb({
      dir: options.databaseUrl ? undefined : loyaltyDataDir(options.dataDir),
      databaseUrl: options.databaseUrl,
      onPoolError: (error) => logger.warn({ err: error }, 'loyalty store connection lost'),
    }));
  const store: LoyaltyHealth['store'] = db.kind;
  let status: LoyaltyHealth['status'] = 'ok';
  let closed = false;

  const knownApps = new Set<string>();
  const seedApps = async (apps: LoyaltyApp[]) => {
    const results: SeedResult[] = [];
    for (const app of apps) {
      const result = await seed(db, app);
      knownApps.add(app.appId);
      if (result.seeded) {
        logger.info({ appId: app.appId, ms: result.ms }, 'loyalty demo data seeded');
      }
      results.push(result);
    }
    return results;
  };

  let server: ListeningService | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    const applied = await migrateLoyalty(db);
    if (applied.length) logger.info({ applied }, 'loyalty migrations applied');
    const seeded = await seedApps(options.apps ?? []);

    const handler = createRequestHandler({
      routes: createRoutes({ db, jwtSecret: credentials.jwtSecret }),
      db,
      logger,
      credentials,
      async appExists(appId) {
        if (knownApps.has(appId)) return true;
        const rows = await db.query('select 1 from apps where app_id = $1', [appId]);
        if (rows.length) knownApps.add(appId);
        return rows.length > 0;
      },
      onStoreState(ok) {
        if (!closed) status = ok ? 'ok' : 'down';
      },
      health: () => ({ status, store }),
    });
    server = await listenService(handler, options);
    const listening = server;

    timer = setInterval(() => {
      db.query('select 1').then(
        () => {
          if (!closed) status = 'ok';
        },
        (error: unknown) => {
          if (!closed && status === 'ok') {
            logger.warn({ err: error }, 'loyalty store is down');
          }
          if (!closed) status = 'down';
        },
      );
    }, options.healthIntervalMs ?? 15_000);
    timer.unref();

    return {
      url: listening.url,
      port: listening.port,
      health: () => ({ status, store }),
      credentials: { basic, bearer },
      seeded,
      addApps: seedApps,
      db,
      async close() {
        if (closed) return;
        closed = true;
        status = 'down';
        clearInterval(timer);
        await listening.close();
        await db.close();
      },
    };
  } catch (error) {
    clearInterval(timer);
    await server?.close();
    await db.close().catch(() => undefined);
    throw error;
  }
}
