/**
 * The shopping list's rules, shared by the server and the page (docs/reference/list.md): its
 * limits and messages, what a line is, how lines are grouped, and how a guest's list is merged
 * into a shopper's.
 */

/** A signed-in shopper's list holds at most this many lines. */
export const MAX_ITEMS = 100;
/** A guest's list lives in a cookie: it holds fewer lines. */
export const MAX_GUEST_ITEMS = 20;
export const MAX_TEXT = 120;
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;
/** The department of a line nothing else names. */
export const OTHER = 'Other';

export const LIST_FULL_MESSAGE = `Your list can hold up to ${MAX_ITEMS} items. Remove some to add more.`;
export const GUEST_LIST_FULL_MESSAGE = `Your list can hold up to ${MAX_GUEST_ITEMS} items until you log in. Log in to keep a longer list.`;
export const TEXT_REQUIRED_MESSAGE = 'Enter an item to add to your list.';
export const TEXT_TOO_LONG_MESSAGE = `An item can be up to ${MAX_TEXT} characters.`;
export const QUANTITY_MESSAGE = `Enter a quantity from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`;
export const ITEM_GONE_MESSAGE = 'That item is no longer on your list.';
export const COUPON_NOT_CLIPPED_MESSAGE = 'Only clipped coupons can be added to your list.';
export const LIST_FAILED_MESSAGE =
  'Your list could not be changed right now. Please try again in a few minutes.';
export const ADDED_MESSAGE = 'Added to your list.';
export const CLEARED_MESSAGE = (n: number) =>
  n === 1 ? '1 checked item removed.' : `${n} checked items removed.`;
export const SHARE_STARTED_MESSAGE = 'Anyone with the link can now see your list.';
export const SHARE_STOPPED_MESSAGE = 'Your list is no longer shared. The old link no longer works.';
export const MERGED_MESSAGE = 'The items you added before logging in are now on your list.';

export type ItemSource = 'text' | 'coupon' | 'ad';

/** One line of a list as the page shows it. */
export interface ListItem {
  id: string;
  text: string;
  quantity: number;
  checked: boolean;
  category: string;
  source: ItemSource;
  /** The coupon's offerId, or the ad item's id. */
  refId: string | null;
  /** The coupon's offer code (its link), if any. */
  refCode: string | null;
  /** The coupon's offer, or the ad item's price. */
  detail: string | null;
}

/** What is added: a line without its id and checked state. */
export type NewItem = Pick<
  ListItem,
  'text' | 'category' | 'source' | 'refId' | 'refCode' | 'detail'
> & {
  quantity: number;
};

/** Text as kept: one line, no controls, single spaces, at most MAX_TEXT characters. */
export function cleanText(value: string, max = MAX_TEXT): string {
  return value
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
}

/** What a line is, for finding the same thing again (case and accents of free text folded). */
export function dedupeKey(item: Pick<NewItem, 'source' | 'refId' | 'text'>): string {
  if (item.source !== 'text' && item.refId) return `${item.source}:${item.refId}`;
  const folded = item.text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
  return `text:${folded}`;
}

export const clampQuantity = (n: number) =>
  Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(Number.isFinite(n) ? n : 1)));

/**
 * Adds `incoming` to `items` (a guest's list merged into a shopper's, or one line added): a
 * line already there (same dedupe key) gets the quantities summed (at most MAX_QUANTITY) and is
 * unchecked if the incoming one is; a new line is appended while the list has room. Returns the
 * list and how many incoming lines did not fit.
 */
export function mergeItems<T extends NewItem & { checked?: boolean }>(
  items: T[],
  incoming: T[],
  max: number,
): { items: T[]; dropped: number } {
  const out = items.map((item) => ({ ...item }));
  const byKey = new Map(out.map((item, i) => [dedupeKey(item), i]));
  let dropped = 0;
  for (const item of incoming) {
    const key = dedupeKey(item);
    const at = byKey.get(key);
    if (at !== undefined) {
      const kept = out[at]!;
      kept.quantity = clampQuantity(kept.quantity + item.quantity);
      if (!item.checked) kept.checked = false;
      continue;
    }
    if (out.length >= max) {
      dropped += 1;
      continue;
    }
    byKey.set(key, out.length);
    out.push({ ...item });
  }
  return { items: out, dropped };
}

export interface ListGroup {
  category: string;
  items: ListItem[];
}

/**
 * Lines by department, departments in alphabetical order with 'Other' last; lines keep the
 * order they were added in.
 */
export function groupItems(items: readonly ListItem[]): ListGroup[] {
  const groups = new Map<string, ListItem[]>();
  for (const item of items) {
    const category = item.category || OTHER;
    const list = groups.get(category);
    if (list) list.push(item);
    else groups.set(category, [item]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === OTHER ? 1 : b === OTHER ? -1 : a.localeCompare(b)))
    .map(([category, list]) => ({ category, items: list }));
}

/** Where a coupon line links: the coupon's details on the coupons page. */
export const couponHref = (code: string) =>
  `/digital-coupons?${new URLSearchParams({ offerCode: code }).toString()}`;

/** The list's intents (the `intent` field of every post to /list). */
export const LIST_INTENTS = {
  add: 'add',
  addCoupon: 'add-coupon',
  addAd: 'add-ad',
  toggle: 'toggle',
  quantity: 'quantity',
  remove: 'remove',
  clearChecked: 'clear-checked',
  share: 'share',
  stopSharing: 'stop-sharing',
} as const;
