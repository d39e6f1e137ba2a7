import { calendarDate, daysBetween, denverDate, formatShopperDate } from '@common/dates';

/**
 * The expiry line of a coupon card, its details and the print page (docs/reference/coupons.md
 * "Rules"). Client-safe (cards render on both sides); no clock: callers pass the loader's `now`, so
 * the server and the browser write the same text.
 */

/** Days left are shown in red below this many (3 days, 259200000 ms). */
export const COUPON_URGENT_DAYS = 3;

export interface ExpiryLine {
  /** 'Expires today!', '1 day left!', '2 days left!', 'Expires Nov 28', or '' (no date). */
  text: string;
  /** Shown in red. */
  urgent: boolean;
}

const NO_LINE: ExpiryLine = Object.freeze({ text: '', urgent: false });

/**
 * An expiry date's day and short form are kept per date: a brand's expiry dates repeat from
 * card to card and page to page (the dates module keeps the zone conversions themselves; this
 * saves formatting 'Nov 28' 48 times a page).
 */
const MEMO_LIMIT = 5_000;
const dayOfExpiry = new Map<string, { day: string; monthDay: string } | null>();

function remember<K, V>(memo: Map<K, V>, key: K, work: (key: K) => V): V {
  if (memo.has(key)) return memo.get(key) as V;
  if (memo.size >= MEMO_LIMIT) memo.clear();
  const value = work(key);
  memo.set(key, value);
  return value;
}

/** An expiry date's Denver calendar day and its short form ('Nov 28'); null if unreadable. */
function expiryDay(expiryDate: string | null | undefined) {
  if (typeof expiryDate !== 'string') return null;
  return remember(dayOfExpiry, expiryDate, (value) => {
    const day = calendarDate(value);
    return day ? { day, monthDay: formatShopperDate(day, 'monthDay') } : null;
  });
}

/** The urgent wording for whole days left; the last day (or a date gone by) reads 'today'. */
function daysLeftText(days: number): string {
  if (days <= 0) return 'Expires today!';
  return days === 1 ? '1 day left!' : `${days} days left!`;
}

/**
 * The line for an expiry date (ISO date-time, or a plain `YYYY-MM-DD` that is that day). Days
 * left = Denver calendar days from `now`'s day to the expiry day. Under COUPON_URGENT_DAYS it
 * reads 'Expires today!' (the last day; also a date already past, should the backend send one),
 * '1 day left!' or '2 days left!', in red; otherwise 'Expires {month short} {day}' in Denver
 * time, e.g. 'Expires Nov 28'. For the seed's end-of-day expiries this matches the reference's
 * 259200000 ms rule. Empty when the date is missing or unreadable.
 */
export function expiryLine(expiryDate: string | null | undefined, now: Date | number): ExpiryLine {
  const nowMs = typeof now === 'number' ? now : now.getTime();
  if (!Number.isFinite(nowMs)) return NO_LINE;
  const expiry = expiryDay(expiryDate);
  if (!expiry) return NO_LINE;
  const days = daysBetween(denverDate(nowMs), expiry.day);
  if (days < COUPON_URGENT_DAYS) return { text: daysLeftText(days), urgent: true };
  return { text: `Expires ${expiry.monthDay}`, urgent: false };
}
