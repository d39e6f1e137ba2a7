/**
 * Coupon lists for a page view (docs/decisions/0007-coupon-lists.md).
 *
 * The brand's available list (the catalogue) is the same for every visitor: it is fetched once per
 * appId and kept, shared by all guests and shoppers of the brand. Fresh for COUPON_CACHE_SECONDS;
 * for COUPON_STALE_SECONDS after that it is still served at once while one refresh runs in the
 * background (stale while revalidating); later, a caller waits for the refresh. Concurrent
 * callers share one fetch (single flight). When a refresh fails, the last good list is served,
 * labelled with its time on the page, for up to LAST_KNOWN_MAX_AGE_MS (24 hours); after that the
 * error is thrown. A shopper's page view makes one offers call for their own clipped and redeemed
 * lists (`personalOnly`, cached per shopper by the shopper read cache), and their available list
 * is the shared one minus those. So a page view makes at most one offers call, and usually none.
 */
import type { AppLoadContext } from '@remix-run/node';
import { logger } from '@common/logger.server';
import { noteLoyaltyAsOf } from '~/lib/context.server';
import type { LoyaltyClient } from '~/lib/loyalty/client.server';
import { LAST_KNOWN_MAX_AGE_MS } from '~/lib/loyalty/shopper-store.server';
import type { Offer, OfferLists } from '~/lib/loyalty/types';

export const COUPON_CACHE_SECONDS = 30;
export const COUPON_STALE_SECONDS = 300;

interface Entry {
  offers: readonly Offer[];
  fetchedAt: number;
}

export interface CatalogueAnswer {
  /** The brand's available coupons (shared; do not mutate). */
  offers: readonly Offer[];
  /** When the list was fetched (epoch ms). */
  fetchedAt: number;
  /** Served because a refresh failed: the page says as of when. */
  lastKnown: boolean;
}

export interface AvailableCache {
  /** The brand's available coupons, with their time. */
  lookup(key: string, loyalty: Pick<LoyaltyClient, 'getOffers'>): Promise<CatalogueAnswer>;
  /** The brand's available coupons (shared; do not mutate). */
  available(key: string, loyalty: Pick<LoyaltyClient, 'getOffers'>): Promise<readonly Offer[]>;
  /** Forgets a brand's list (tests, or after an operator change). */
  clear(key?: string): void;
}

/**
 * The brand lists' cache (see the module's notes). Written by hand rather than with
 * @epic-web/cachified (5.6), which falls back to a cached value only with `forceFresh` and then
 * writes the fallback back as a new entry, so under a lasting outage the last good list would be
 * served indefinitely, with no time to show; it also reads Date.now() itself, with no clock to
 * pass in.
 */
export function createAvailableCache(
  options: { ttlMs?: number; staleMs?: number; lastKnownMs?: number; now?: () => number } = {},
): AvailableCache {
  const ttl = options.ttlMs ?? COUPON_CACHE_SECONDS * 1000;
  const stale = options.staleMs ?? COUPON_STALE_SECONDS * 1000;
  const lastKnown = options.lastKnownMs ?? LAST_KNOWN_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Entry>>();

  const refresh = (key: string, loyalty: Pick<LoyaltyClient, 'getOffers'>) => {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = loyalty
        .getOffers(null)
        .then((lists) => {
          const entry = { offers: Object.freeze(lists.available.slice()), fetchedAt: now() };
          entries.set(key, entry);
          return entry;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };

  async function lookup(
    key: string,
    loyalty: Pick<LoyaltyClient, 'getOffers'>,
  ): Promise<CatalogueAnswer> {
    const entry = entries.get(key);
    const age = entry ? now() - entry.fetchedAt : Infinity;
    if (entry && age < ttl) return { ...entry, lastKnown: false };
    if (entry && age < ttl + stale) {
      // Served at once; the next caller gets the refreshed list.
      refresh(key, loyalty).catch((error: unknown) =>
        logger.warn({ err: error }, 'coupon catalogue not refreshed'),
      );
      return { ...entry, lastKnown: false };
    }
    try {
      return { ...(await refresh(key, loyalty)), lastKnown: false };
    } catch (error) {
      if (entry && age < lastKnown) return { ...entry, lastKnown: true };
      throw error;
    }
  }

  return {
    lookup,
    async available(key, loyalty) {
      return (await lookup(key, loyalty)).offers;
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

/** The brand's available coupons (shared cache); an old list served in an outage is noted. */
export async function brandCoupons(context: AppLoadContext): Promise<readonly Offer[]> {
  const answer = await availableCache.lookup(cacheKey(context), context.loyalty);
  if (answer.lastKnown) {
    noteLoyaltyAsOf(context, answer.fetchedAt);
  }
  return answer.offers;
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
