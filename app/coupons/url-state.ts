import type { Offer, OfferLists } from '~/lib/loyalty/types';

/**
 * The digital coupons page's state, which lives in the URL (docs/reference/coupons.md
 * "Rules"): `?tab=&category=&brand=&sort=&q=&show=`. `parseCouponView` reads
 * it tolerantly, `couponViewSearch` writes it back without defaults, and `withTab` /
 * `withFilter` / `showMore` are the transitions of the reference's "Rules". Client-safe: no server
 * imports, no clock, no zod.
 */

// ---------------------------------------------------------------------------------------------
// Tabs, sorts, counts

export type CouponTab = 'available' | 'clipped' | 'redeemed';
export const COUPON_TABS: readonly CouponTab[] = ['available', 'clipped', 'redeemed'];
/** Tab titles; the page adds the count, e.g. 'Browse Digital Coupons (640)'. */
export const COUPON_TAB_LABELS: Record<CouponTab, string> = {
  available: 'Browse Digital Coupons',
  clipped: 'My Digital Coupons',
  redeemed: 'My Redeemed Coupons',
};
/** My Digital Coupons and My Redeemed Coupons are for logged-in shoppers only. */
export function tabNeedsSignIn(tab: CouponTab): boolean {
  return tab !== 'available';
}

export type CouponSort = 'featured' | 'expiration' | 'value' | 'latest';
export const COUPON_SORTS: readonly CouponSort[] = ['featured', 'expiration', 'value', 'latest'];
export const COUPON_SORT_LABELS: Record<CouponSort, string> = {
  featured: 'Featured',
  expiration: 'Expiration date',
  value: 'Value',
  latest: 'Latest offers',
};

/** Coupons shown at first. */
export const COUPONS_SHOWN = 48;
/** Show More adds up to this many. */
export const COUPONS_SHOW_MORE = 96;
/**
 * Upper bound of `show` read from the URL: only guards against absurd numbers; the count is
 * also capped at the list size. Far above any real coupon list (the demo seed has 640).
 */
export const COUPONS_MAX_SHOWN = 10_000;
/** Search box debounce on the coupons page. */
export const COUPON_SEARCH_DEBOUNCE_MS = 200;
/** Longest search text kept from the URL or the search box. */
export const COUPON_QUERY_MAX_LENGTH = 100;
/** Longest category or brand name kept from the URL. */
export const COUPON_NAME_MAX_LENGTH = 100;

/** docs/reference/coupons.md "Messages". */
export const NO_COUPONS_MESSAGE = 'Sorry, no results were found.';
/** The posts of the coupons page: one coupon, or every available coupon of the view. */
export const COUPON_INTENTS = { clip: 'clip', clipAll: 'clip-all' } as const;

// ---------------------------------------------------------------------------------------------
// Reading values from the URL (also used by the filters and sorts)

/** `value` when it is one of `allowed` (trimmed, any letter case), else `fallback`. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  if (typeof value !== 'string') return fallback;
  const v = value.trim().toLowerCase();
  return (allowed as readonly string[]).includes(v) ? (v as T) : fallback;
}

/** Control characters become spaces; trimmed; at most `max` characters (code points). */
function cleanText(value: unknown, max: number): string {
  if (typeof value !== 'string') return '';
  const chars = Array.from(value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim());
  return chars.slice(0, max).join('').trim();
}

/** A category or brand name as kept from the URL; null for none. */
export function cleanName(value: unknown): string | null {
  return cleanText(value, COUPON_NAME_MAX_LENGTH) || null;
}

function cleanQuery(value: unknown): string {
  return cleanText(value, COUPON_QUERY_MAX_LENGTH);
}

/** How many coupons are shown: an integer from COUPONS_SHOWN to COUPONS_MAX_SHOWN. */
export function cleanShow(value: unknown): number {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) n = Number(value.trim());
  else return COUPONS_SHOWN;
  if (!Number.isFinite(n)) return COUPONS_SHOWN;
  return Math.min(COUPONS_MAX_SHOWN, Math.max(COUPONS_SHOWN, Math.floor(n)));
}

/** Key of a category or brand name: trimmed, inner spaces collapsed, lower case. */
export function nameKey(value: string | null | undefined): string {
  return (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// The view

export interface CouponView {
  tab: CouponTab;
  category: string | null;
  brand: string | null;
  sort: CouponSort;
  /** Search text, trimmed, at most COUPON_QUERY_MAX_LENGTH characters; '' for none. */
  q: string;
  /** How many coupons are shown: an integer from COUPONS_SHOWN to COUPONS_MAX_SHOWN. */
  show: number;
}

export const DEFAULT_COUPON_VIEW: Readonly<CouponView> = Object.freeze({
  tab: 'available',
  category: null,
  brand: null,
  sort: 'featured',
  q: '',
  show: COUPONS_SHOWN,
});

/**
 * The page state from the query string. Never throws: unknown or malformed values fall back to
 * the defaults (tab 'available', sort 'featured', no filters, 48 shown); the shopper-only tabs
 * fall back to 'available' for a guest (so logging out returns the tab to available).
 * `show` keeps any integer from 48 (smaller → 48) up to COUPONS_MAX_SHOWN; the caller caps it
 * at the list size. Empty category/brand mean no filter. Repeated keys: the first one wins.
 */
export function parseCouponView(
  searchParams: URLSearchParams,
  { signedIn }: { signedIn: boolean },
): CouponView {
  const tab = oneOf(searchParams.get('tab'), COUPON_TABS, 'available');
  return {
    tab: !signedIn && tabNeedsSignIn(tab) ? 'available' : tab,
    category: cleanName(searchParams.get('category')),
    brand: cleanName(searchParams.get('brand')),
    sort: oneOf(searchParams.get('sort'), COUPON_SORTS, 'featured'),
    q: cleanQuery(searchParams.get('q')),
    show: cleanShow(searchParams.get('show')),
  };
}

/**
 * The query string of a view, '?'-prefixed, with defaults left out and keys in the order tab,
 * category, brand, sort, q, show; '' for the default view, so `/digital-coupons` is its
 * canonical URL. `parseCouponView` of the result gives the view back.
 */
export function couponViewSearch(view: CouponView): string {
  const params = new URLSearchParams();
  if (view.tab !== 'available') params.set('tab', view.tab);
  const category = cleanName(view.category);
  if (category) params.set('category', category);
  const brand = cleanName(view.brand);
  if (brand) params.set('brand', brand);
  if (view.sort !== 'featured') params.set('sort', view.sort);
  const q = cleanQuery(view.q);
  if (q) params.set('q', q);
  const show = cleanShow(view.show);
  if (show !== COUPONS_SHOWN) params.set('show', String(show));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * Switching tab clears category, brand and search and resets the count; the sort is
 * kept. It always clears, even for the current tab, so a tab link is that tab's clean URL.
 * The caller only offers the shopper-only tabs to shoppers (parseCouponView enforces it).
 */
export function withTab(view: CouponView, tab: CouponTab): CouponView {
  return { ...view, tab, category: null, brand: null, q: '', show: COUPONS_SHOWN };
}

export interface CouponFilterPatch {
  category?: string | null;
  brand?: string | null;
  sort?: CouponSort | string | null;
  q?: string | null;
}

/**
 * Changing a filter, the search or the sort resets the count to 48. Values are
 * cleaned as the URL's are ('' or null → no filter; unknown sort → featured). Choosing another
 * category also clears the brand (its options are that category's brands, see `facets`)
 * unless the patch sets a brand too. `undefined` fields are left as they are.
 */
export function withFilter(view: CouponView, patch: CouponFilterPatch): CouponView {
  const next: CouponView = { ...view, show: COUPONS_SHOWN };
  if (patch.category !== undefined) {
    next.category = cleanName(patch.category);
    if (patch.brand === undefined && nameKey(next.category) !== nameKey(view.category)) {
      next.brand = null;
    }
  }
  if (patch.brand !== undefined) next.brand = cleanName(patch.brand);
  if (patch.sort !== undefined) next.sort = oneOf(patch.sort, COUPON_SORTS, 'featured');
  if (patch.q !== undefined) next.q = cleanQuery(patch.q);
  return next;
}

/**
 * Show More (adds up to 96): show = min(show + 96, total), never below 48 nor above
 * COUPONS_MAX_SHOWN. `total` is the length of the filtered list.
 */
export function showMore(view: CouponView, total: number): CouponView {
  const size = Number.isFinite(total) ? Math.max(0, Math.floor(total)) : 0;
  const show = Math.min(cleanShow(view.show) + COUPONS_SHOW_MORE, size, COUPONS_MAX_SHOWN);
  return { ...view, show: Math.max(COUPONS_SHOWN, show) };
}

/**
 * The anchor id of the card at a 1-based position of the grid (`card-49`). Positions, not offer
 * ids, so Show More can point at the first new card before it exists. Its own prefix: the
 * cards' title ids are `coupon-{offerId}`, and an offer id may be any number.
 */
export function cardAnchor(position: number): string {
  return `card-${position}`;
}

/**
 * Where Show More goes: the next view's address ending with the anchor of its first new card
 * (`?show=144#card-49`), so the browser lands on the new cards instead of the top of the page,
 * with and without JavaScript. Show More is only offered while all `show` coupons are shown.
 */
export function showMoreHref(view: CouponView, total: number): string {
  const firstNew = cleanShow(view.show) + 1;
  return `/digital-coupons${couponViewSearch(showMore(view, total))}#${cardAnchor(firstNew)}`;
}

/**
 * The list of a tab: available, activated (clipped) or redeemed (docs/reference/coupons.md
 * "Rules").
 */
export function couponsOfTab(
  lists: Pick<OfferLists, 'available' | 'activated' | 'redeemed'>,
  tab: CouponTab,
): Offer[] {
  if (tab === 'clipped') return lists.activated;
  if (tab === 'redeemed') return lists.redeemed;
  return lists.available;
}
