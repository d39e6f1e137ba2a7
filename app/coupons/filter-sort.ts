import type { Offer } from '~/lib/loyalty/types';
import {
  cleanName,
  cleanShow,
  COUPONS_MAX_SHOWN,
  nameKey,
  oneOf,
  type CouponSort,
  type CouponView,
} from './url-state';

/**
 * What a coupons view shows (docs/reference/coupons.md "Rules"): search words,
 * category and brand filters, the options of their selects, the sorts, the page of coupons shown,
 * and the sort of the redeemed table. Pure and client-safe: no clock, no server imports.
 */

// ---------------------------------------------------------------------------------------------
// Filter and search

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

// ---------------------------------------------------------------------------------------------
// Sort

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Milliseconds of an API date, for ordering only: ISO date-time, or a plain `YYYY-MM-DD` read as
 * noon UTC (the same day in Denver). null when missing or unreadable.
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

/** Sorted copies of frozen lists (the brand's shared list), by comparator. */
const sortedLists = new WeakMap<readonly Offer[], Map<unknown, Offer[]>>();

/**
 * A sorted copy: featured = promoted first, then expiry ascending; expiration = expiry
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

// ---------------------------------------------------------------------------------------------
// Page and filter options

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

/**
 * The options of one select: `field`'s names counted by key (offerKeys: kept per offer object, so
 * the shared list's offers are not folded again on every page view).
 */
function countNames(
  offers: readonly Offer[],
  field: 'category' | 'brand',
  selected: string | null,
): CouponFacet[] {
  const byKey = new Map<string, CouponFacet>();
  for (const offer of offers) {
    const key = offerKeys(offer)[field];
    if (!key) continue;
    const facet = byKey.get(key);
    if (facet) facet.count += 1;
    else {
      const raw = field === 'category' ? offer.categoryName : offer.brandName;
      byKey.set(key, { name: (raw ?? '').trim().replace(/\s+/g, ' '), count: 1 });
    }
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
    categories: countNames(list, 'category', selected.category),
    brands: countNames(inCategory, 'brand', selected.brand),
  };
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

/** Table columns in order, with their headings. */
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
 * A sorted copy of the redeemed list for the table (default lastRedeemed descending).
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
