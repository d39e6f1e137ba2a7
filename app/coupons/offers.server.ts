/**
 * Coupon lists for a page view (docs/decisions/0007-coupon-lists.md).
 *
 * The brand's available list is the same for every visitor: it is fetched once per appId and kept
 * for COUPON_CACHE_SECONDS, shared by all guests and shoppers of the brand (concurrent requests
 * wait for the same fetch; when a refresh fails the last good list is served for up to
 * COUPON_STALE_SECONDS more). A shopper's page view makes one offers call for their own clipped
 * and redeemed lists (`personalOnly`), and their available list is the shared one minus those.
 * So one page view makes at most one offers call, and a guest's usually none.
 */
import type { AppLoadContext } from '@remix-run/node';
import type { LoyaltyClient } from '~/lib/loyalty/client.server';
import type { Offer, OfferLists } from '~/lib/loyalty/types';

export const COUPON_CACHE_SECONDS = 30;
export const COUPON_STALE_SECONDS = 300;

interface Entry {
  offers: readonly Offer[];
  fetchedAt: number;
}

export interface AvailableCache {
  /** The brand's available coupons (shared; do not mutate). */
  available(key: string, loyalty: Pick<LoyaltyClient, 'getOffers'>): Promise<readonly Offer[]>;
  /** Forgets a brand's list (tests, or after an operator change). */
  clear(key?: string): void;
}

/**
 * The brand lists' cache: fresh for `ttlMs`; once stale, a caller waits for the refresh (one
 * fetch per key at a time, shared by concurrent callers), and when it fails the last good list
 * is served until `ttlMs + staleMs` after it was fetched; after that the error is thrown.
 *
 * Written by hand rather than with @epic-web/cachified (5.6), which lacks that limit: it falls
 * back to a cached value only with `forceFresh`, and then writes the fallback back as a new
 * entry, so under a lasting outage the last good list would be served indefinitely rather than for
 * COUPON_STALE_SECONDS; its stale-while-revalidate serves the old list even when the refresh
 * would succeed. It also reads Date.now() itself, with no clock to pass in.
 */
export function createAvailableCache(
  options: { ttlMs?: number; staleMs?: number; now?: () => number } = {},
): AvailableCache {
  const ttl = options.ttlMs ?? COUPON_CACHE_SECONDS * 1000;
  const stale = options.staleMs ?? COUPON_STALE_SECONDS * 1000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<readonly Offer[]>>();

  const refresh = (key: string, loyalty: Pick<LoyaltyClient, 'getOffers'>) => {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = loyalty
        .getOffers(null)
        .then((lists) => {
          const offers = Object.freeze(lists.available.slice());
          entries.set(key, { offers, fetchedAt: now() });
          return offers;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };

  return {
    async available(key, loyalty) {
      const entry = entries.get(key);
      const age = entry ? now() - entry.fetchedAt : Infinity;
      if (entry && age < ttl) return entry.offers;
      try {
        return await refresh(key, loyalty);
      } catch (error) {
        if (entry && age < ttl + stale) return entry.offers;
        throw error;
      }
    },
    clear(key) {
      if (key === undefined) entries.clear();
      else entries.delete(key);
    },
  };
}

/** One cache per process (every brand, keyed by appId and backend). */
export const availableCache = createAvailableCache();

function cacheKey(context: AppLoadContext): string {
  const appId = context.tenant.services.loyalty?.appId ?? context.tenant.sitePath;
  const backend = context.services.env.LOYALTY_API_URL ?? 'embedded';
  return `${backend}|${appId}`;
}

/** The brand's available coupons (shared cache). */
export function brandCoupons(context: AppLoadContext): Promise<readonly Offer[]> {
  return availableCache.available(cacheKey(context), context.loyalty);
}

/** A shopper's three lists: one personal offers call plus the shared available list. */
export async function shopperCoupons(
  context: AppLoadContext,
  frqShopperNo: string,
  options: { signal?: AbortSignal } = {},
): Promise<ShopperLists> {
  const [shared, mine] = await Promise.all([
    brandCoupons(context),
    context.loyalty.getOffers(frqShopperNo, { personalOnly: true, signal: options.signal }),
  ]);
  const fromShared = mine.available.length === 0;
  return {
    available: availableFor(shared, mine),
    activated: mine.activated,
    redeemed: mine.redeemed,
    shared: fromShared ? { list: shared, taken: takenIds(mine) } : null,
  };
}

export interface ShopperLists extends OfferLists {
  /**
   * When the available list is the brand's shared list minus the shopper's coupons: that list
   * and those ids, so a page can sort the shared list once (cached) and filter afterwards.
   */
  shared: { list: readonly Offer[]; taken: ReadonlySet<string> } | null;
}

function takenIds(mine: OfferLists): Set<string> {
  const taken = new Set<string>();
  for (const o of mine.activated) taken.add(o.offerId);
  for (const o of mine.redeemed) taken.add(o.offerId);
  return taken;
}

/**
 * The shopper's available coupons: the brand's list without the ones they clipped or redeemed.
 * A backend that ignored `personalOnly` sent its own available list: that one is used as is.
 */
export function availableFor(shared: readonly Offer[], mine: OfferLists): Offer[] {
  if (mine.available.length) return mine.available;
  const taken = takenIds(mine);
  return shared.filter((o) => !taken.has(o.offerId));
}
