/**
 * Abuse limits for the account forms (docs/reference/accounts.md "Rate limits"; decision record
 * docs/decisions/0011-login-throttling.md), with rate-limiter-flexible:
 *
 * - per client IP and brand: 10 posts a minute each for login, password-reset request and
 *   registration (`consume('login-ip' | 'reset-ip' | 'register-ip', brand, ip)`), and as many
 *   e-mail sign-ups in ten minutes (`'newsletter-ip'`: each one calls the mailing-list provider,
 *   and nobody subscribes ten times), and as many content-form posts in ten minutes
 *   (`'form-ip'`: each one sends an e-mail to the brand's staff), and three times as many banner
 *   reports a minute (`'banner-ip'`: views and clicks sent on to the ad studio); IPv6 clients count per /64, the
 *   block one subscriber usually holds;
 * - once per key and brand (`firstTime('banner-report', brand, key)`): a banner report of one page
 *   view, banner and event is sent on once, repeats within ten minutes are not;
 * - per ACCOUNT and brand, failed logins back off exponentially: the first 5 failures are free,
 *   then each further attempt waits 1, 2, 4, 8 and at most 15 minutes after the one before.
 *   An account is its shopper number (`shopperAccount`; `loginAccount` resolves a typed e-mail
 *   or phone to it), so typing the e-mail, then the phone, never buys more guesses. Failures are
 *   forgotten after a success, a password reset, or a day after the first of them; a wait ends
 *   by itself. `beginLogin` takes an attempt atomically in the shared store, so a burst of
 *   parallel posts cannot slip past the wait;
 * - an address the shopper logged in from before (remembered 20 days) has its own budget for
 *   that account (NIST SP 800-63B §5.2.2: addresses the subscriber authenticated from), so an
 *   attacker elsewhere who keeps the account waiting never locks the shopper out at home.
 *
 * Counters live in process memory by default. With DATABASE_URL they live in PostgreSQL
 * (`site.rate_limits`, created by the site store's migrations: open the site store first), so
 * every web process counts together; if that database fails, each process falls back to its own
 * memory counters (logged) rather than refusing or waving through every shopper.
 *
 * Keys are stored hashed: the table never holds e-mail addresses, shopper numbers or IP addresses.
 */
import crypto from 'node:crypto';
import type pg from 'pg';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { limiterFactory, storePool, type MakeLimiter } from './limiter-store.server';
import {
  accountKey,
  identifierAccount,
  ipKey,
  loginAccount,
  shopperAccount,
  type CustomerLookup,
} from './limit-keys.server';

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

export type IpLimit =
  | 'login-ip'
  | 'reset-ip'
  | 'register-ip'
  | 'newsletter-ip'
  | 'form-ip'
  | 'banner-ip';
/** Things that count once per key within a window (`firstTime`). */
export type OnceKind = 'banner-report';
export type LimitResult = { ok: true } | LimitRefused;
export type LimitRefused = { ok: false; retryAfterSeconds: number };

export interface RateLimitSettings {
  /** Posts per IP, brand and form in `ipWindowSeconds`. Default 10. */
  ipPoints: number;
  /** Default 60. */
  ipWindowSeconds: number;
  /** The window of the e-mail sign-ups' `ipPoints` ('newsletter-ip'). Default 600. */
  newsletterWindowSeconds: number;
  /** The window of the content forms' `ipPoints` ('form-ip'). Default 600. */
  formWindowSeconds: number;
  /**
   * Banner reports (views and clicks) per IP and brand in a minute ('banner-ip'). Default three
   * times `ipPoints` (30): a shopper's every page view sends one.
   */
  bannerReportsPerMinute: number;
  /** How long a banner report's key is remembered ('banner-report'). Default 600. */
  bannerReportOnceSeconds: number;
  /**
   * Unasked-for e-mails (confirmations, acknowledgements) to one address and brand in an hour.
   * Default 3.
   */
  mailsPerRecipientPerHour: number;
  /** Failed logins per account and brand before every further attempt waits. Default 5. */
  accountFailures: number;
  /** The first wait, doubled with every further failure. Default 60 (a minute). */
  backoffBaseSeconds: number;
  /** The longest wait. Default 900 (15 minutes). */
  backoffMaxSeconds: number;
  /** Failures are forgotten this long after the first of them. Default 86 400 (a day). */
  accountForgetSeconds: number;
  /**
   * How long an address an account logged in from keeps its own budget. Default 20 days (the
   * memory store's timers cannot exceed 24.8 days).
   */
  knownAddressSeconds: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  ipPoints: 10,
  ipWindowSeconds: 60,
  newsletterWindowSeconds: 10 * 60,
  formWindowSeconds: 10 * 60,
  bannerReportsPerMinute: 30,
  bannerReportOnceSeconds: 10 * 60,
  mailsPerRecipientPerHour: 3,
  accountFailures: 5,
  backoffBaseSeconds: 60,
  backoffMaxSeconds: 15 * 60,
  accountForgetSeconds: 24 * 60 * 60,
  knownAddressSeconds: 20 * 24 * 60 * 60,
};

export interface RateLimitsOptions {
  /** PostgreSQL for shared counters (the site store's database, schema `site`). */
  databaseUrl?: string;
  /** …or a pool to use (not closed by `close()`). */
  pool?: pg.Pool;
  settings?: Partial<RateLimitSettings>;
}

/** A login attempt taken with `beginLogin`: say how it ended. */
export interface LoginAttempt {
  ok: true;
  /** The password was right: forgets the failures of this budget, remembers the address. */
  succeeded(): Promise<void>;
  /** The password was never checked (the service failed): the attempt is given back. */
  notTried(): Promise<void>;
}

export interface RateLimits {
  readonly store: 'memory' | 'postgres';
  /** Counts one post; `ok: false` when over the limit (answer 429 with the message). */
  consume(kind: IpLimit, brand: string, ip: string): Promise<LimitResult>;
  /**
   * True the first time `key` is seen for this brand within the kind's window, false for a
   * repeat (counted across processes like the limits).
   */
  firstTime(kind: OnceKind, brand: string, key: string): Promise<boolean>;
  /**
   * Counts one e-mail the site sends unasked-for to an address someone typed (a newsletter
   * confirmation, a form's acknowledgement): false past `mailsPerRecipientPerHour` to that
   * address and brand, and the mail is skipped.
   */
  mailAllowed(brand: string, address: string): Promise<boolean>;
  /**
   * Takes one login attempt for `account` (see `loginAccount`) from `ip`, counted as a failure
   * until `succeeded()`; refused while the account waits (answer 429 with the message).
   */
  beginLogin(brand: string, account: string, ip: string): Promise<LoginAttempt | LimitRefused>;
  /** Whether a password check for this account may run now (counts nothing). */
  loginAllowed(brand: string, account: string): Promise<LimitResult>;
  /** Counts a failed password check; `ok: false` once the next attempt has to wait. */
  recordLoginFailure(brand: string, account: string): Promise<LimitResult>;
  /**
   * Forgets the account's failures (a password reset; a successful login does it itself), and
   * those of its budget at `ip` when the shopper logged in from there before.
   */
  clearLoginFailures(brand: string, account: string, ip?: string): Promise<void>;
  close(): Promise<void>;
}

export { accountKey, identifierAccount, ipKey, loginAccount, shopperAccount };
export type { CustomerLookup };

/** `Retry-After` for a refused attempt (use with status 429). */
export function retryAfterHeaders(result: LimitResult): Record<string, string> {
  return result.ok ? {} : { 'Retry-After': String(result.retryAfterSeconds) };
}

/**
 * The budget an account string names: one from `shopperAccount` / `identifierAccount` /
 * `loginAccount` as is; anything else is a typed identifier (e.g. an e-mail address).
 */
function budgetOf(account: string): string {
  return /^(shopper|login):/.test(account) ? account : identifierAccount(account);
}

function hashed(brand: string, key: string): string {
  return `${brand}:${crypto.createHash('sha256').update(key).digest('hex').slice(0, 40)}`;
}

function refused(res: RateLimiterRes): LimitRefused {
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
}

/** A refusal thrown by a limiter, as a result; anything else (a store failure) is rethrown. */
function refusal(error: unknown): LimitRefused {
  if (error instanceof RateLimiterRes) return refused(error);
  throw error;
}

export function createRateLimits(options: RateLimitsOptions = {}): RateLimits {
  const settings = { ...DEFAULT_RATE_LIMITS, ...options.settings };
  settings.bannerReportsPerMinute =
    options.settings?.bannerReportsPerMinute ?? 3 * settings.ipPoints;
  const ownPool = !options.pool && options.databaseUrl ? storePool(options.databaseUrl) : null;
  const pool = options.pool ?? ownPool;
  const limiter = limiterFactory(pool);
  const ipLimiters = createIpLimiters(limiter, settings);
  const onceLimiters: Record<OnceKind, RateLimiterAbstract> = {
    'banner-report': limiter({
      keyPrefix: 'banner-report',
      points: 1,
      duration: settings.bannerReportOnceSeconds,
    }),
  };
  const recipients = limiter({
    keyPrefix: 'mail-to',
    points: settings.mailsPerRecipientPerHour,
    duration: 60 * 60,
  });
  return {
    store: pool ? 'postgres' : 'memory',

    async consume(kind, brand, ip) {
      try {
        await ipLimiters[kind].consume(hashed(brand, ipKey(ip)));
        return { ok: true };
      } catch (error) {
        return refusal(error);
      }
    },

    async firstTime(kind, brand, key) {
      try {
        await onceLimiters[kind].consume(hashed(brand, key));
        return true;
      } catch (error) {
        refusal(error);
        return false;
      }
    },

    async mailAllowed(brand, address) {
      try {
        await recipients.consume(hashed(brand, `mail-to:${address.trim().toLowerCase()}`));
        return true;
      } catch (error) {
        refusal(error);
        return false;
      }
    },

    ...loginBudgets(limiter, settings),

    async close() {
      await ownPool?.end();
    },
  };
}

/** One limiter per form counted per client address and brand. */
function createIpLimiters(
  limiter: MakeLimiter,
  settings: RateLimitSettings,
): Record<IpLimit, RateLimiterAbstract> {
  return {
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
    'newsletter-ip': limiter({
      keyPrefix: 'newsletter-ip',
      points: settings.ipPoints,
      duration: settings.newsletterWindowSeconds,
    }),
    'form-ip': limiter({
      keyPrefix: 'form-ip',
      points: settings.ipPoints,
      duration: settings.formWindowSeconds,
    }),
    'banner-ip': limiter({
      keyPrefix: 'banner-ip',
      points: settings.bannerReportsPerMinute,
      duration: 60,
    }),
  };
}

/** The failed-login back-off per account and brand, and per account at a known address. */
function loginBudgets(
  limiter: MakeLimiter,
  settings: RateLimitSettings,
): Pick<RateLimits, 'beginLogin' | 'loginAllowed' | 'recordLoginFailure' | 'clearLoginFailures'> {
  const budgets = loginLimiters(limiter, settings);
  return {
    beginLogin: (brand, account, ip) => beginLogin(budgets, brand, account, ip),

    async loginAllowed(brand, account) {
      return waiting(budgets, hashed(brand, budgetOf(account)));
    },

    async recordLoginFailure(brand, account) {
      const key = hashed(brand, budgetOf(account));
      const seconds = waitAfter(settings, (await budgets.failures.consume(key)).consumedPoints);
      if (seconds === 0) return { ok: true };
      await budgets.wait.block(key, seconds);
      return { ok: false, retryAfterSeconds: seconds };
    },

    async clearLoginFailures(brand, account, ip) {
      const budget = budgetOf(account);
      await forget(budgets, hashed(brand, budget));
      if (ip !== undefined) await forget(budgets, addressKey(brand, budget, ip));
    },
  };
}

/**
 * The counters of the login budgets: `failures` counts failed (and running) attempts; `wait`
 * exists while the next attempt has to wait, and is taken atomically by the one attempt allowed
 * after it; `known` remembers the addresses an account logged in from.
 */
interface LoginLimiters {
  settings: RateLimitSettings;
  failures: RateLimiterAbstract;
  wait: RateLimiterAbstract;
  known: RateLimiterAbstract;
}

function loginLimiters(limiter: MakeLimiter, settings: RateLimitSettings): LoginLimiters {
  return {
    settings,
    failures: limiter({
      keyPrefix: 'login-fail',
      points: Number.MAX_SAFE_INTEGER,
      duration: settings.accountForgetSeconds,
    }),
    wait: limiter({
      keyPrefix: 'login-wait',
      points: 1,
      duration: settings.backoffMaxSeconds,
    }),
    known: limiter({
      keyPrefix: 'login-known',
      points: 1,
      duration: settings.knownAddressSeconds,
    }),
  };
}

/** Takes one login attempt: refused while the budget waits; the attempt that starts a wait passes. */
async function beginLogin(
  budgets: LoginLimiters,
  brand: string,
  account: string,
  ip: string,
): Promise<LoginAttempt | LimitRefused> {
  const { failures, wait, known, settings } = budgets;
  const budget = budgetOf(account);
  const address = addressKey(brand, budget, ip);
  const key = (await known.get(address)) ? address : hashed(brand, budget);
  const now = await waiting(budgets, key);
  if (!now.ok) return now;
  // Counted before the password is checked: parallel attempts each see their own number.
  const n = (await failures.consume(key)).consumedPoints;
  const seconds = waitAfter(settings, n);
  if (seconds > 0) {
    try {
      // Only one attempt gets past a wait: the one that starts the next wait.
      await wait.consume(key, 1, { customDuration: seconds });
    } catch (error) {
      const result = refusal(error);
      await failures.reward(key);
      return result;
    }
  }
  return {
    ok: true,
    async succeeded() {
      await forget(budgets, key);
      await known.set(address, 1, settings.knownAddressSeconds);
    },
    async notTried() {
      await failures.reward(key);
      if (seconds > 0) await wait.delete(key);
    },
  };
}

/** The wait after the n-th failure: none before `accountFailures`, then doubling, capped. */
function waitAfter(settings: RateLimitSettings, n: number): number {
  return n < settings.accountFailures
    ? 0
    : Math.min(
        settings.backoffBaseSeconds * 2 ** Math.min(n - settings.accountFailures, 30),
        settings.backoffMaxSeconds,
      );
}

/** Refused while the budget waits, else ok (counts nothing). */
async function waiting({ wait }: LoginLimiters, key: string): Promise<LimitResult> {
  const res = await wait.get(key);
  return res && res.consumedPoints > 0 && res.msBeforeNext > 0 ? refused(res) : { ok: true };
}

/** The budget of an account at one address (it is used once the shopper logged in there). */
function addressKey(brand: string, budget: string, ip: string): string {
  return hashed(brand, `${budget}|${ipKey(ip)}`);
}

async function forget({ failures, wait }: LoginLimiters, key: string): Promise<void> {
  await Promise.all([failures.delete(key), wait.delete(key)]);
}
