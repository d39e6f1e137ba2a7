/**
 * Abuse limits for the account forms (issue 4 item 7), with rate-limiter-flexible:
 *
 * - per client IP and brand: 10 posts a minute each for login, password-reset request and
 *   registration (`consume('login-ip' | 'reset-ip' | 'register-ip', brand, ip)`); IPv6 clients
 *   count per /64, the block one subscriber usually holds;
 * - per account and brand: 5 failed logins in 15 minutes (`loginAllowed` before trying,
 *   `recordLoginFailure` after a wrong password, `clearLoginFailures` after a success). The window
 *   starts at the first failure; once 5 are recorded, attempts are refused until it ends.
 *
 * Counters live in process memory by default. With DATABASE_URL they live in PostgreSQL
 * (`site.rate_limits`, created by the site store's migrations: open the site store first), so
 * every web process counts together; if that database fails, each process falls back to its own
 * memory counters (logged) rather than refusing or waving through every shopper.
 *
 * Keys are stored hashed: the table never holds e-mail addresses or IP addresses.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type IRateLimiterOptions,
  type RateLimiterAbstract,
  type RateLimiterStoreAbstract,
} from 'rate-limiter-flexible';
import { logger } from '@common/logger.server';
import { SITE_SCHEMA } from '~/lib/site-store/schema';

/**
 * What a shopper reads on a 429 answer: how long to wait, in whole minutes from a minute up
 * ('Too many attempts. Please wait 15 minutes and try again.'), else in seconds.
 */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait =
    seconds >= 60 ? plural(Math.ceil(seconds / 60), 'minute') : plural(seconds, 'second');
  return `Too many attempts. Please wait ${wait} and try again.`;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

export type IpLimit = 'login-ip' | 'reset-ip' | 'register-ip';
export type LimitResult = { ok: true } | LimitRefused;
export type LimitRefused = { ok: false; retryAfterSeconds: number };

export interface RateLimitSettings {
  /** Posts per IP, brand and form in `ipWindowSeconds`. Default 10. */
  ipPoints: number;
  /** Default 60. */
  ipWindowSeconds: number;
  /** Failed logins per account and brand in `accountWindowSeconds`. Default 5. */
  accountFailures: number;
  /** Default 900 (15 minutes). */
  accountWindowSeconds: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  ipPoints: 10,
  ipWindowSeconds: 60,
  accountFailures: 5,
  accountWindowSeconds: 15 * 60,
};

export interface RateLimitsOptions {
  /** PostgreSQL for shared counters (the site store's database, schema `site`). */
  databaseUrl?: string;
  /** …or a pool to use (not closed by `close()`). */
  pool?: pg.Pool;
  settings?: Partial<RateLimitSettings>;
}

export interface RateLimits {
  readonly store: 'memory' | 'postgres';
  /** Counts one post; `ok: false` when over the limit (answer 429 with the message). */
  consume(kind: IpLimit, brand: string, ip: string): Promise<LimitResult>;
  /** Whether a login for this account may be tried now (counts nothing). */
  loginAllowed(brand: string, account: string): Promise<LimitResult>;
  /** Counts a failed login; `ok: false` once no further attempt is allowed in the window. */
  recordLoginFailure(brand: string, account: string): Promise<LimitResult>;
  /** Forgets the failures after a successful login (or a password reset). */
  clearLoginFailures(brand: string, account: string): Promise<void>;
  close(): Promise<void>;
}

/** `Retry-After` for a refused attempt (use with status 429). */
export function retryAfterHeaders(result: LimitResult): Record<string, string> {
  return result.ok ? {} : { 'Retry-After': String(result.retryAfterSeconds) };
}

/**
 * The address a client is counted under: IPv4 as is (also when IPv4-mapped), IPv6 as its /64
 * prefix. Anything else (no address known) is counted as given.
 */
export function ipKey(ip: string): string {
  const value = ip
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .split('%')[0];
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  if (mapped) return mapped[1];
  if (!net.isIPv6(value)) return value;
  const [head, tail] = value.split('::');
  const words = (part: string | undefined) => (part ? part.split(':') : []);
  const left = words(head);
  const right = words(tail);
  // An embedded IPv4 tail takes two groups; only the first four groups matter here anyway.
  const rightCount = right.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - rightCount).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** The account a login names: e-mail lower-cased, phone as its digits. */
export function accountKey(emailOrPhone: string): string {
  const value = emailOrPhone.trim().toLowerCase();
  return value.includes('@') ? value : value.replace(/\D/g, '') || value;
}

function hashed(brand: string, key: string): string {
  return `${brand}:${crypto.createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
}

function refused(res: RateLimiterRes): LimitResult {
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
}

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
}

export function createRateLimits(options: RateLimitsOptions = {}): RateLimits {
  const settings = { ...DEFAULT_RATE_LIMITS, ...options.settings };
  const ownPool =
    !options.pool && options.databaseUrl
      ? new pg.Pool({
          connectionString: options.databaseUrl,
          max: 4,
          connectionTimeoutMillis: 2000,
          // A slow database must not hold up a login for long: fall back to memory instead.
          query_timeout: 2000,
          idleTimeoutMillis: 30_000,
        })
      : null;
  ownPool?.on('error', (error) => logger.warn({ err: error }, 'rate-limit store connection lost'));
  const pool = options.pool ?? ownPool;

  let first = true;
  const limiter = (opts: IRateLimiterOptions & { keyPrefix: string }): RateLimiterAbstract => {
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

  const ipLimiters: Record<IpLimit, RateLimiterAbstract> = {
    'login-ip': limiter({
      keyPrefix: 'login-ip',
      points: settings.ipPoints,
      duration: settings.ipWindowSeconds,
    }),
    'reset-ip': limiter({
      keyPrefix: 'reset-ip',
      points: settings.ipPoints,
      duration: settings.ipWindowSeconds,
    }),
    'register-ip': limiter({
      keyPrefix: 'register-ip',
      points: settings.ipPoints,
      duration: settings.ipWindowSeconds,
    }),
  };
  const failures = limiter({
    keyPrefix: 'login-fail',
    points: settings.accountFailures,
    duration: settings.accountWindowSeconds,
  });

  return {
    store: pool ? 'postgres' : 'memory',

    async consume(kind, brand, ip) {
      try {
        await ipLimiters[kind].consume(hashed(brand, ipKey(ip)));
        return { ok: true };
      } catch (error) {
        if (error instanceof RateLimiterRes) return refused(error);
        throw error;
      }
    },

    async loginAllowed(brand, account) {
      const res = await failures.get(hashed(brand, accountKey(account)));
      return res && res.consumedPoints >= settings.accountFailures ? refused(res) : { ok: true };
    },

    async recordLoginFailure(brand, account) {
      try {
        const res = await failures.consume(hashed(brand, accountKey(account)));
        return res.remainingPoints > 0 ? { ok: true } : refused(res);
      } catch (error) {
        if (error instanceof RateLimiterRes) return refused(error);
        throw error;
      }
    },

    async clearLoginFailures(brand, account) {
      await failures.delete(hashed(brand, accountKey(account)));
    },

    async close() {
      await ownPool?.end();
    },
  };
}
