import type { Offer, OfferLists } from '~/lib/loyalty/types';

/**
 * Pure logic of the digital coupons page (spec "site shell" §2 Digital coupons page, §4 coupon
 * states, §8, §9). Client-safe: no server imports, no clock (callers pass `now`), no zod.
 *
 * The page state lives in the URL (`?tab=&category=&brand=&sort=&q=&show=`):
 * `parseCouponView` reads it tolerantly, `couponViewSearch` writes it back without defaults, and
 * `withTab` / `withFilter` / `showMore` are the transitions of spec §4.
 */

// ---------------------------------------------------------------------------------------------
// Constants

export type CouponTab = 'available' | 'clipped' | 'redeemed';
export const COUPON_TABS: readonly CouponTab[] = ['available', 'clipped', 'redeemed'];
/** Tab titles; the page adds the count, e.g. 'Browse Digital Coupons (640)'. */
export const COUPON_TAB_LABELS: Record<CouponTab, string> = {
  available: 'Browse Digital Coupons',
  clipped: 'My Digital Coupons',
  redeemed: 'My Redeemed Coupons',
};
/** My Digital Coupons and My Redeemed Coupons are for logged-in shoppers only (spec §2, §6). */
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

/** Coupons shown at first (spec §9). */
export const COUPONS_SHOWN = 48;
/** Show More adds up to this many (spec §9). */
export const COUPONS_SHOW_MORE = 96;
/**
 * Upper bound of `show` read from the URL: only guards against absurd numbers; the count is
 * also capped at the list size. Far above any real coupon list (the demo seed has 640).
 */
export const COUPONS_MAX_SHOWN = 10_000;
/** Search box debounce on the coupons page (spec §9). */
export const COUPON_SEARCH_DEBOUNCE_MS = 200;
/** Longest search text kept from the URL or the search box. */
export const COUPON_QUERY_MAX_LENGTH = 100;
/** Longest category or brand name kept from the URL. */
export const COUPON_NAME_MAX_LENGTH = 100;
/** 'N days left!' in red below this many days (spec §9: 3 days, 259200000 ms). */
export const COUPON_URGENT_DAYS = 3;

/** Spec §8. */
export const NO_COUPONS_MESSAGE = 'Sorry, no results were found.';
/** Spec §8, the coupon preview slider. */
export const NO_PREVIEW_COUPONS_MESSAGE =
  'Sorry, no digital coupons are available at this time. Please check back soon.';
/** The posts of the coupons page: one coupon, or every available coupon of the view. */
export const COUPON_INTENTS = { clip: 'clip', clipAll: 'clip-all' } as const;

/** Coupon preview slider default limit (spec §2). */
export const COUPON_PREVIEW_LIMIT = 15;

// ---------------------------------------------------------------------------------------------
// URL state

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

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
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

function cleanName(value: unknown): string | null {
  return cleanText(value, COUPON_NAME_MAX_LENGTH) || null;
}

function cleanQuery(value: unknown): string {
  return cleanText(value, COUPON_QUERY_MAX_LENGTH);
}

function cleanShow(value: unknown): number {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\d{1,15}$/.test(value.trim())) n = Number(value.trim());
  else return COUPONS_SHOWN;
  if (!Number.isFinite(n)) return COUPONS_SHOWN;
  return Math.min(COUPONS_MAX_SHOWN, Math.max(COUPONS_SHOWN, Math.floor(n)));
}

/**
 * The page state from the query string. Never throws: unknown or malformed values fall back to
 * the defaults (tab 'available', sort 'featured', no filters, 48 shown); the shopper-only tabs
 * fall back to 'available' for a guest (so logging out returns the tab to available, spec §4).
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
 * Switching tab (spec §4) clears category, brand and search and resets the count; the sort is
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
 * Changing a filter, the search or the sort (spec §4) resets the count to 48. Values are
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
 * Show More (spec §9 "adds up to 96"): show = min(show + 96, total), never below 48 nor above
 * COUPONS_MAX_SHOWN. `total` is the length of the filtered list.
 */
export function showMore(view: CouponView, total: number): CouponView {
  const size = Number.isFinite(total) ? Math.max(0, Math.floor(total)) : 0;
  const show = Math.min(cleanShow(view.show) + COUPONS_SHOW_MORE, size, COUPONS_MAX_SHOWN);
  return { ...view, show: Math.max(COUPONS_SHOWN, show) };
}

/** The list of a tab: available, activated (clipped) or redeemed (spec §3 coupon lists). */
export function couponsOfTab(
  lists: Pick<OfferLists, 'available' | 'activated' | 'redeemed'>,
  tab: CouponTab,
): Offer[] {
  if (tab === 'clipped') return lists.activated;
  if (tab === 'redeemed') return lists.redeemed;
  return lists.available;
}

// ---------------------------------------------------------------------------------------------
// Filter, search, sort, page

/** Key of a category or brand name: trimmed, inner spaces collapsed, lower case. */
/** Category and brand keys per offer object (the shared list's offers are reused). */
const offerNameKeys = new WeakMap<Offer, { category: string; brand: string }>();
function offerKeys(offer: Offer) {
  let known = offerNameKeys.get(offer);
  if (!known) {
    known = { category: nameKey(offer.categoryName), brand: nameKey(offer.brandName) };
    offerNameKeys.set(offer, known);
  }
  return known;
}

function nameKey(value: string | null | undefined): string {
  return (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** Search folding: compatibility-decomposed, accents and apostrophes dropped, lower case. */
function fold(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/['\u2018\u2019\u02bc]/g, '')
    .toLowerCase();
}

const haystacks = new WeakMap<Offer, string>();
function haystack(offer: Offer): string {
  let text = haystacks.get(offer);
  if (text === undefined) {
    text = fold(
      [offer.brandName, offer.offerSummary, offer.offerDescription, offer.categoryName]
        .map((v) => v ?? '')
        .join('\n'),
    );
    haystacks.set(offer, text);
  }
  return text;
}

/** The words of a search text as matched: folded, split on white space, without repeats. */
export function searchWords(q: string): string[] {
  return [...new Set(fold(q).split(/\s+/).filter(Boolean))];
}

/**
 * The coupons matching the view's category and brand (whole name, case-insensitive) and search:
 * every word of `q` must occur (case- and accent-insensitive, anywhere in a word) in the brand
 * name, summary, description or category name. Order is kept.
 */
export function filterCoupons(
  list: readonly Offer[],
  view: Pick<CouponView, 'category' | 'brand' | 'q'>,
): Offer[] {
  const category = nameKey(view.category);
  const brand = nameKey(view.brand);
  const words = searchWords(view.q ?? '');
  return list.filter(
    (o) =>
      (!category || offerKeys(o).category === category) &&
      (!brand || offerKeys(o).brand === brand) &&
      (words.length === 0 || words.every((w) => haystack(o).includes(w))),
  );
}

const DAY_MS = 86_400_000;
const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Milliseconds of an API date: ISO date-time, or a plain `YYYY-MM-DD` read as noon UTC (the
 * same day in Denver, as `formatDate` in text.ts does). null when missing or unreadable.
 */
function instant(value: string | null | undefined): number | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const s = value.trim();
  const t = Date.parse(PLAIN_DATE.test(s) ? `${s}T12:00:00Z` : s);
  return Number.isFinite(t) ? t : null;
}

function finite(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Ascending (dir 1) or descending (dir -1); missing values last either way. */
function byNumber(a: number | null, b: number | null, dir: 1 | -1): number {
  if (a === null || b === null) return a === null ? (b === null ? 0 : 1) : -1;
  return a < b ? -dir : a > b ? dir : 0;
}

/** Offer ids: numerically when both are digit strings, else by code unit. */
function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) {
    const x = a.replace(/^0+(?=\d)/, '');
    const y = b.replace(/^0+(?=\d)/, '');
    if (x.length !== y.length) return x.length - y.length;
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

interface SortKeys {
  offer: Offer;
  index: number;
  expiry: number | null;
  active: number | null;
  value: number | null;
  promoted: boolean;
}

/**
 * Parsed sort keys per offer object. The brand's list is shared between requests (see
 * offers.server.ts), so its dates are parsed once, not on every page view.
 */
const parsedKeys = new WeakMap<Offer, Omit<SortKeys, 'offer' | 'index'>>();

function keys(offer: Offer, index: number): SortKeys {
  let parsed = parsedKeys.get(offer);
  if (!parsed) {
    parsed = {
      expiry: instant(offer.offerExpiryDate),
      active: instant(offer.offerActiveDate),
      value: finite(offer.offerValue),
      promoted: offer.isPromoted === true,
    };
    parsedKeys.set(offer, parsed);
  }
  return {
    offer,
    index,
    expiry: parsed.expiry,
    active: parsed.active,
    value: parsed.value,
    promoted: parsed.promoted,
  };
}

/** The last resort of every coupon sort: expiry ascending, then offerId, then input order. */
function byExpiryThenId(a: SortKeys, b: SortKeys): number {
  return (
    byNumber(a.expiry, b.expiry, 1) ||
    compareIds(String(a.offer.offerId), String(b.offer.offerId)) ||
    a.index - b.index
  );
}

const COUPON_COMPARATORS: Record<CouponSort, (a: SortKeys, b: SortKeys) => number> = {
  featured: (a, b) => Number(b.promoted) - Number(a.promoted) || byExpiryThenId(a, b),
  expiration: byExpiryThenId,
  value: (a, b) => byNumber(a.value, b.value, -1) || byExpiryThenId(a, b),
  latest: (a, b) => byNumber(a.active, b.active, -1) || byExpiryThenId(a, b),
};

/**
 * A sorted copy (spec §9): featured = promoted first, then expiry ascending; expiration = expiry
 * ascending; value = offerValue descending; latest = offerActiveDate descending. Ties always
 * fall back to expiry ascending, then offerId ascending, then input order, so the result does
 * not depend on the backend's order. Missing or unreadable dates and values sort last. Unknown
 * sort → featured. Needs no clock.
 */
export function sortCoupons(list: readonly Offer[], sort: CouponSort): Offer[] {
  const compare = COUPON_COMPARATORS[sort] ?? COUPON_COMPARATORS.featured;
  // A frozen list (the brand's shared list) is sorted once per sort and the result reused.
  const frozen = Object.isFrozen(list);
  const known = frozen ? sortedLists.get(list)?.get(compare) : undefined;
  if (known) return known;
  const sorted = list
    .map(keys)
    .sort(compare)
    .map((k) => k.offer);
  if (frozen) {
    Object.freeze(sorted);
    let bySort = sortedLists.get(list);
    if (!bySort) sortedLists.set(list, (bySort = new Map()));
    bySort.set(compare, sorted);
  }
  return sorted;
}

const sortedLists = new WeakMap<readonly Offer[], Map<unknown, Offer[]>>();

export interface CouponPage {
  /** The first `show` coupons. */
  items: Offer[];
  /** How many coupons match (the whole list given). */
  total: number;
  /** Whether Show More has anything to add. */
  hasMore: boolean;
}

/** The coupons shown for the view's count; pass the filtered and sorted list. */
export function pageOfCoupons(list: readonly Offer[], view: Pick<CouponView, 'show'>): CouponPage {
  const show = cleanShow(view.show);
  const items = list.slice(0, show);
  return {
    items,
    total: list.length,
    hasMore: items.length < list.length && show < COUPONS_MAX_SHOWN,
  };
}

export interface CouponFacet {
  name: string;
  count: number;
}

export interface CouponFacets {
  categories: CouponFacet[];
  brands: CouponFacet[];
}

const collator = new Intl.Collator('en-US', { sensitivity: 'base', numeric: true });

function countNames(names: Iterable<string | null>, selected: string | null): CouponFacet[] {
  const byKey = new Map<string, CouponFacet>();
  for (const raw of names) {
    const key = nameKey(raw);
    if (!key) continue;
    const facet = byKey.get(key);
    if (facet) facet.count += 1;
    else byKey.set(key, { name: (raw ?? '').trim().replace(/\s+/g, ' '), count: 1 });
  }
  const chosen = cleanName(selected);
  if (chosen && !byKey.has(nameKey(chosen))) byKey.set(nameKey(chosen), { name: chosen, count: 0 });
  return [...byKey.values()].sort(
    (a, b) => collator.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
  );
}

/**
 * Options of the filter selects, with counts, sorted by name. Pass the tab's whole list (before
 * category, brand and search): categories count the whole list; brands count the coupons of the
 * chosen category only (all brands when none is chosen), so the brand select lists what can
 * match. Search does not narrow the options, so they do not change while typing. Names that
 * differ only in case or spacing are one option (the first spelling seen). A chosen category or
 * brand missing from the list (a stale shared URL) is kept with count 0, so its select still
 * shows it.
 */
export function facets(
  list: readonly Offer[],
  selected: Pick<CouponView, 'category' | 'brand'> = { category: null, brand: null },
): CouponFacets {
  const category = nameKey(selected.category);
  const inCategory = category ? list.filter((o) => offerKeys(o).category === category) : list;
  return {
    categories: countNames(
      list.map((o) => o.categoryName),
      selected.category,
    ),
    brands: countNames(
      inCategory.map((o) => o.brandName),
      selected.brand,
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Expiry line

const TIME_ZONE = 'America/Denver';
const DENVER_PARTS = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});
const SHORT_DATE = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  month: 'short',
  day: 'numeric',
});

/** The Denver calendar day of an instant, as whole days since 1970-01-01. */
/** Denver days by minute (a day always starts on a minute): formatting is the slow part. */
const denverDays = new Map<number, number>();

function denverDay(ms: number): number {
  const minute = Math.floor(ms / 60_000);
  const known = denverDays.get(minute);
  if (known !== undefined) return known;
  if (denverDays.size > 10_000) denverDays.clear();
  const day = denverDayOf(ms);
  denverDays.set(minute, day);
  return day;
}

function denverDayOf(ms: number): number {
  const parts = DENVER_PARTS.formatToParts(ms);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS;
}

/** The Denver calendar day of an API date; a plain `YYYY-MM-DD` is that day as it stands. */
function calendarDay(value: string | null | undefined): number | null {
  const s = typeof value === 'string' ? value.trim() : '';
  const plain = PLAIN_DATE.exec(s);
  if (plain) {
    const t = Date.UTC(Number(plain[1]), Number(plain[2]) - 1, Number(plain[3]));
    return Number.isFinite(t) ? t / DAY_MS : null;
  }
  const t = instant(s);
  return t === null ? null : denverDay(t);
}

export interface ExpiryLine {
  /** 'N days left!', 'Expires Nov 28', or '' when the date is missing or unreadable. */
  text: string;
  /** Shown in red. */
  urgent: boolean;
}

/**
 * The coupon card's expiry line (spec §2, §9). Days left = Denver calendar days from `now`'s day
 * to the expiry day. Under COUPON_URGENT_DAYS (0, 1 or 2) → 'N days left!' in red, worded as the
 * spec gives it for every N ('1 days left!', '0 days left!' on the last day); a date already past
 * also reads '0 days left!'. Otherwise 'Expires {month short} {day}' in Denver time, e.g.
 * 'Expires Nov 28'. For the seed's end-of-day expiries this matches the spec's 259200000 ms rule.
 * Pass `now` from the loader so server and browser render the same text.
 */
export function expiryLine(expiryDate: string | null | undefined, now: Date | number): ExpiryLine {
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const day = calendarDay(expiryDate);
  if (day === null || !Number.isFinite(nowMs)) return { text: '', urgent: false };
  const days = day - denverDay(nowMs);
  if (days < COUPON_URGENT_DAYS) return { text: `${Math.max(0, days)} days left!`, urgent: true };
  // Noon UTC of the Denver day is still that day in Denver.
  return { text: `Expires ${SHORT_DATE.format(day * DAY_MS + DAY_MS / 2)}`, urgent: false };
}

// ---------------------------------------------------------------------------------------------
// Totals

function cents(value: number | null | undefined): number {
  const v = finite(value);
  return v === null ? 0 : Math.round(v * 100);
}

export interface CouponTotals {
  /** Sum of offerValue of the clipped coupons, in dollars. */
  clippedValue: number;
  /** Sum of offerValue × timesRedeemed of the redeemed coupons, in dollars. */
  redeemedValue: number;
}

/**
 * Spec §9 totals, in dollars rounded to cents (each value is rounded to cents before adding, so
 * no float drift). A missing or non-finite offerValue counts 0; a missing, negative or non-finite
 * timesRedeemed counts 0.
 */
export function couponTotals({
  clipped,
  redeemed,
}: {
  clipped: readonly Offer[];
  redeemed: readonly Offer[];
}): CouponTotals {
  let clippedCents = 0;
  for (const o of clipped) clippedCents += cents(o.offerValue);
  let redeemedCents = 0;
  for (const o of redeemed) {
    const times = Math.max(0, finite(o.timesRedeemed) ?? 0);
    redeemedCents += Math.round(cents(o.offerValue) * times);
  }
  return { clippedValue: clippedCents / 100, redeemedValue: redeemedCents / 100 };
}

// ---------------------------------------------------------------------------------------------
// Redeemed table

export type RedeemedColumn =
  | 'brandName'
  | 'categoryName'
  | 'timesRedeemed'
  | 'lastRedeemed'
  | 'offerValue';
export type SortDirection = 'asc' | 'desc';
export interface RedeemedSort {
  column: RedeemedColumn;
  direction: SortDirection;
}

/** Table columns in order, with their headings (spec §2). */
export const REDEEMED_COLUMNS: readonly { column: RedeemedColumn; label: string }[] = [
  { column: 'brandName', label: 'Coupon Name' },
  { column: 'categoryName', label: 'Category Name' },
  { column: 'timesRedeemed', label: 'Times Redeemed' },
  { column: 'lastRedeemed', label: 'Last Redeemed' },
  { column: 'offerValue', label: 'Offer Value' },
];

export const DEFAULT_REDEEMED_SORT: Readonly<RedeemedSort> = Object.freeze({
  column: 'lastRedeemed',
  direction: 'desc',
});

const TEXT_COLUMNS: readonly RedeemedColumn[] = ['brandName', 'categoryName'];

/** A sort from untrusted input (a query string, a header click); falls back to the default. */
export function parseRedeemedSort(column: unknown, direction: unknown): RedeemedSort {
  const known = REDEEMED_COLUMNS.map((c) => c.column);
  if (typeof column !== 'string' || !(known as string[]).includes(column)) {
    return { ...DEFAULT_REDEEMED_SORT };
  }
  const c = column as RedeemedColumn;
  const d = oneOf(direction, ['asc', 'desc'] as const, TEXT_COLUMNS.includes(c) ? 'asc' : 'desc');
  return { column: c, direction: d };
}

/**
 * A header click: the same column flips direction; another column starts ascending for names
 * and descending for numbers and dates.
 */
export function nextRedeemedSort(current: RedeemedSort, column: RedeemedColumn): RedeemedSort {
  if (current.column === column) {
    return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { column, direction: TEXT_COLUMNS.includes(column) ? 'asc' : 'desc' };
}

function text(value: string | null | undefined): string | null {
  const v = typeof value === 'string' ? value.trim() : '';
  return v || null;
}

/**
 * A sorted copy of the redeemed list for the table (spec §2; default lastRedeemed descending).
 * Names compare case- and accent-insensitively with numbers in order; lastRedeemed as a date.
 * Missing values sort last in both directions. Ties: lastRedeemed descending, then offerId.
 */
export function sortRedeemed(
  list: readonly Offer[],
  sort: RedeemedSort = DEFAULT_REDEEMED_SORT,
): Offer[] {
  const dir: 1 | -1 = sort.direction === 'asc' ? 1 : -1;
  const rows = list.map((offer, index) => ({
    offer,
    index,
    last: instant(offer.lastRedeemed),
  }));
  const primary = (a: (typeof rows)[number], b: (typeof rows)[number]): number => {
    switch (sort.column) {
      case 'brandName':
      case 'categoryName': {
        const x = text(a.offer[sort.column]);
        const y = text(b.offer[sort.column]);
        if (x === null || y === null) return x === null ? (y === null ? 0 : 1) : -1;
        return collator.compare(x, y) * dir;
      }
      case 'timesRedeemed':
      case 'offerValue':
        return byNumber(finite(a.offer[sort.column]), finite(b.offer[sort.column]), dir);
      case 'lastRedeemed':
        return byNumber(a.last, b.last, dir);
      default:
        return 0;
    }
  };
  return rows
    .sort(
      (a, b) =>
        primary(a, b) ||
        byNumber(a.last, b.last, -1) ||
        compareIds(String(a.offer.offerId), String(b.offer.offerId)) ||
        a.index - b.index,
    )
    .map((r) => r.offer);
}
