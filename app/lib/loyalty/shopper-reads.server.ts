/**
 * The shopper read cache (docs/decisions/0032-shopper-read-cache.md): the loyalty reads behind
 * the signed-in pages (clipped and redeemed coupons, points, credits, offers, receipts, savings,
 * profile), kept per brand, shopper and version for a short time, in each process's memory
 * (@epic-web/cachified over an LRU bounded in bytes).
 *
 * - Only the signed-in shopper's own reads, on a page load (GET), are cached: the key names the
 *   brand, the shopper number and the version the request's session read, so one shopper's answer
 *   never reaches another, and a form post always asks the service.
 * - Every write the site makes for the shopper (any call that is not a read) raises their version
 *   in the site store, as logout does; every process's later requests then miss the old entries.
 * - Concurrent misses of one key share one call (cachified's single flight).
 * - A read the service cannot answer (down, breaker open) is answered from the shopper's last
 *   answer in the site store, up to 24 hours old, and the request notes its time (`asOf`), which
 *   the page shows. Such an answer is kept in memory for LAST_KNOWN_RETRY_MS only.
 */
import { cachified, type CacheEntry } from '@epic-web/cachified';
import { LRUCache } from 'lru-cache';
import { logger } from '@common/logger.server';
import type { SiteQuery } from '~/lib/site-store/site-store.server';
import type { LoyaltyClient } from './client.server';
import { isLoyaltyOutage } from './errors';
import { bumpShopperVersion, readSnapshot, saveSnapshot } from './shopper-store.server';

/** Points, credits, offers and coupon lists: what a trip to the store changes. */
export const LIVE_READ_TTL_MS = 60_000;
/** Receipts, savings, profile, charity: what changes seldom (or only through the site). */
export const SLOW_READ_TTL_MS = 300_000;
/** How long an answer from the last-known store stands before the service is asked again. */
export const LAST_KNOWN_RETRY_MS = 10_000;
/** The memory the cache of one process may hold (its entries' JSON length, roughly bytes). */
export const SHOPPER_CACHE_MAX_BYTES = 24 * 1024 * 1024;

interface ReadSpec {
  ttlMs: number;
  /** Kept in the site store and shown while the service is down. */
  lastKnown: boolean;
  /** The read's name in the key for these arguments, or null when it is not the shopper's read. */
  key(args: unknown[], shopperNo: string): string | null;
}

/** A read whose first argument is the shopper number. */
function byShopper(name: string, ttlMs: number, lastKnown: boolean): ReadSpec {
  return { ttlMs, lastKnown, key: ([no], shopperNo) => (no === shopperNo ? name : null) };
}

const READS: Partial<Record<keyof LoyaltyClient, ReadSpec>> = {
  getOffers: {
    ttlMs: LIVE_READ_TTL_MS,
    lastKnown: true,
    // The shopper's own lists only (the brand's list has its cache in the coupons area).
    key: ([no, options], shopperNo) =>
      no === shopperNo && (options as { personalOnly?: boolean } | undefined)?.personalOnly
        ? 'offers'
        : null,
  },
  getLoyaltyInfo: byShopper('loyaltyinfo', LIVE_READ_TTL_MS, true),
  getPointsHistory: byShopper('points-history', LIVE_READ_TTL_MS, true),
  getPointsTotal: byShopper('points-total', LIVE_READ_TTL_MS, true),
  getCreditDetails: byShopper('credits', LIVE_READ_TTL_MS, true),
  getOverview: byShopper('overview', LIVE_READ_TTL_MS, true),
  getSavings: byShopper('savings', SLOW_READ_TTL_MS, true),
  getReceipts: {
    ttlMs: SLOW_READ_TTL_MS,
    lastKnown: true,
    key: ([no, query], shopperNo) => {
      if (no !== shopperNo) return null;
      const q = (query ?? {}) as { daysAgo?: number; count?: number };
      return `receipts:${q.daysAgo ?? 10}:${q.count ?? 150}`;
    },
  },
  // The profile and the charity are never shown from the last-known store: a form built on an
  // old record would save what the shopper did not mean to.
  getUserCharities: byShopper('charities', SLOW_READ_TTL_MS, false),
  getCustomer: {
    ttlMs: SLOW_READ_TTL_MS,
    lastKnown: false,
    key: ([query], shopperNo) => {
      const q = query as Record<string, unknown> | undefined;
      return q && Object.keys(q).length === 1 && q.frqShopperNo === shopperNo ? 'customer' : null;
    },
  },
};

/** Calls that change nothing: no version is raised after them. */
const NON_WRITES = new Set<string>([
  'getAgreements',
  'getSecurityQuestions',
  'login',
  'getCharities',
  'getEmailSubscriptions',
  'getRewardSubscriptions',
]);

interface Stored {
  value: unknown;
  /** Epoch milliseconds of the service's answer. */
  fetchedAt: number;
  /** Taken from the last-known store because the service did not answer. */
  lastKnown: boolean;
}

/** The JSON length of each stored value, measured once as it is fetched. */
const sizes = new WeakMap<Stored, number>();
const memory = new LRUCache<string, CacheEntry<Stored>>({
  maxSize: SHOPPER_CACHE_MAX_BYTES,
  sizeCalculation: (entry) => Math.max(1, sizes.get(entry.value) ?? 1),
});

/** What one request's client needs to know. */
export interface ShopperScope {
  store: SiteQuery;
  /** The brand (tenant sitePath). */
  brand: string;
  shopperNo: string;
  /** The shopper's version as the request's session read it (raised by the request's writes). */
  version: number;
  /** Cache the reads (a page load); false for a form post, whose reads always ask the service. */
  cacheReads: boolean;
  /** Every read's time to live instead of its own (LOYALTY_READ_CACHE_SECONDS); 0: none. */
  ttlMs?: number;
  /** Called with the time of a last-known answer the request used. */
  onLastKnown(fetchedAt: number): void;
  /**
   * Raises the shopper's version and resolves to it (the session storages'
   * `raiseShopperVersion`, which keeps a process's kept session records in step); by default
   * the store's row alone.
   */
  raiseVersion?: () => Promise<number>;
}

/** Reads cached for `scope`'s shopper; every other call passes through, writes raise the version. */
export function withShopperReads(client: LoyaltyClient, scope: ShopperScope): LoyaltyClient {
  const base = client as unknown as Record<string, unknown>;
  const wrapped: Record<string, unknown> = { ...base };
  for (const [name, value] of Object.entries(base)) {
    if (typeof value !== 'function') continue;
    const call = (...args: unknown[]) =>
      (base[name] as (...a: unknown[]) => Promise<unknown>)(...args);
    const spec = READS[name as keyof LoyaltyClient];
    if (spec) {
      wrapped[name] = (...args: unknown[]) => {
        const read = scope.cacheReads ? spec.key(args, scope.shopperNo) : null;
        return read
          ? cachedRead(scope, spec, read, () => call(...withoutSignal(args)))
          : call(...args);
      };
    } else if (!NON_WRITES.has(name)) {
      wrapped[name] = async (...args: unknown[]) => {
        try {
          return await call(...args);
        } finally {
          // Even a failed write may have changed something at the service.
          await raiseVersion(scope);
        }
      };
    }
  }
  return wrapped as unknown as LoyaltyClient;
}

/**
 * The arguments without a caller's abort signal: a cached read's one call serves every request
 * waiting for it, so one request going away (a newer navigation) must not fail the others. The
 * request budget still bounds the call.
 */
function withoutSignal(args: unknown[]): unknown[] {
  return args.map((arg) =>
    arg && typeof arg === 'object' && 'signal' in arg ? { ...arg, signal: undefined } : arg,
  );
}

async function raiseVersion(scope: ShopperScope): Promise<void> {
  try {
    // The request's own later reads use the new version too.
    scope.version = scope.raiseVersion
      ? await scope.raiseVersion()
      : await bumpShopperVersion(scope.store, scope.brand, scope.shopperNo);
  } catch (error) {
    // The entries then live out their time to live; the write itself stands.
    logger.warn({ err: error }, 'shopper version not raised');
  }
}

async function cachedRead(
  scope: ShopperScope,
  spec: ReadSpec,
  read: string,
  fetch: () => Promise<unknown>,
): Promise<unknown> {
  const { store, brand, shopperNo } = scope;
  const stored = await cachified<Stored>({
    key: `${brand}\n${shopperNo}\n${scope.version}\n${read}`,
    cache: memory as never,
    // A negative time to live keeps nothing (cachified); the last-known answers still work.
    ttl: scope.ttlMs === 0 ? -1 : (scope.ttlMs ?? spec.ttlMs),
    async getFreshValue(context) {
      try {
        const value = await fetch();
        const fetchedAt = Date.now();
        const json = JSON.stringify(value ?? null);
        if (spec.lastKnown) {
          saveSnapshot(store, brand, shopperNo, read, json, fetchedAt).catch((error: unknown) =>
            logger.warn({ err: error }, 'shopper snapshot not saved'),
          );
        }
        return measured({ value, fetchedAt, lastKnown: false }, json.length);
      } catch (error) {
        if (!spec.lastKnown || !isLoyaltyOutage(error)) throw error;
        const saved = await readSnapshot(store, brand, shopperNo, read).catch(() => null);
        if (!saved) throw error;
        logger.info({ read }, 'loyalty service down: last-known answer shown');
        context.metadata.ttl = LAST_KNOWN_RETRY_MS;
        const value = saved.data;
        return measured({ value, fetchedAt: saved.fetchedAt, lastKnown: true }, saved.size);
      }
    },
  });
  if (stored.lastKnown) scope.onLastKnown(stored.fetchedAt);
  // Each request gets its own copy: a page may sort or trim what it is given.
  return structuredClone(stored.value);
}

function measured(stored: Stored, size: number): Stored {
  sizes.set(stored, size);
  return stored;
}

/** Empties the cache of this process (tests). */
export function clearShopperReads(): void {
  memory.clear();
}
