/**
 * Where the rate limits count (./rate-limit.server.ts): in process memory, or in the site
 * store's shared `rate_limits` table when the site runs on PostgreSQL, falling back to memory
 * (and saying so in the log) while that store cannot be reached.
 */
import pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  type RateLimiterStoreAbstract,
} from 'rate-limiter-flexible';
import { logger } from '@common/logger.server';
import { SITE_SCHEMA } from '~/lib/site-store/schema';

/** Memory limiter used when the shared store fails; says so in the log (at most once a minute). */
class FallbackLimiter extends RateLimiterMemory {
  private static lastWarning = 0;
  private warn() {
    const now = Date.now();
    if (now - FallbackLimiter.lastWarning < 60_000) return;
    FallbackLimiter.lastWarning = now;
    logger.warn('rate-limit store unavailable: counting in process memory for now');
  }
  consume(...args: Parameters<RateLimiterMemory['consume']>) {
    this.warn();
    return super.consume(...args);
  }
  get(...args: Parameters<RateLimiterMemory['get']>) {
    this.warn();
    return super.get(...args);
  }
  delete(...args: Parameters<RateLimiterMemory['delete']>) {
    this.warn();
    return super.delete(...args);
  }
  reward(...args: Parameters<RateLimiterMemory['reward']>) {
    this.warn();
    return super.reward(...args);
  }
  set(...args: Parameters<RateLimiterMemory['set']>) {
    this.warn();
    return super.set(...args);
  }
  block(...args: Parameters<RateLimiterMemory['block']>) {
    this.warn();
    return super.block(...args);
  }
}

/** The limiters' own connections to the shared store. */
export function storePool(databaseUrl: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 4,
    connectionTimeoutMillis: 2000,
    // A slow database must not hold up a login for long: fall back to memory instead.
    query_timeout: 2000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (error) => logger.warn({ err: error }, 'rate-limit store connection lost'));
  return pool;
}

type LimiterOptions = IRateLimiterOptions & { keyPrefix: string };
export type MakeLimiter = (opts: LimiterOptions) => RateLimiterAbstract;

/** Makes limiters: in memory without a pool, else in the shared table with a memory fallback. */
export function limiterFactory(pool: pg.Pool | null): MakeLimiter {
  let first = true;
  return (opts) => {
    if (!pool) return new RateLimiterMemory(opts);
    const store: RateLimiterStoreAbstract = new RateLimiterPostgres({
      ...opts,
      storeClient: pool,
      storeType: 'pool',
      schemaName: SITE_SCHEMA,
      tableName: 'rate_limits',
      tableCreated: true,
      // The limiters share one table: one of them sweeps expired rows (every 5 minutes).
      clearExpiredByTimeout: first,
      insuranceLimiter: new FallbackLimiter(opts),
    });
    first = false;
    return store;
  };
}
