/**
 * The receipts page's view of the receipts call (docs/reference/accounts.md "Receipts"; the call
 * and the receipt text format in docs/loyalty-api.md): newest first, each read from its text
 * (lib/loyalty/receipt.ts) or, when the text does not follow the format, kept as printed. Pure and
 * client-safe: the loader builds it, tests check it, the page renders it.
 */
import { calendarDate, formatShopperDate } from '@common/dates';
import { receiptQuestionHref } from '~/forms/receipt-question';
import { readReceipt, type ParsedReceipt } from '~/lib/loyalty/receipt';
import type { OfferLists, Receipt } from '~/lib/loyalty/types';
import { findMisses, type ClippedCoupon, type CouponMiss } from './coupon-misses';
import { tripSavings, type TripSavings } from './receipt-savings';

/**
 * What the page asks the receipts call for. The call takes a count (default 150) and a look-back in
 * days (default 10); the page asks for 150 of both, the receipts of the last 150 days and at most
 * 150 of them, so the ten-day default never hides a shopper's older trips.
 */
export const RECEIPTS_COUNT = 150;
export const RECEIPTS_DAYS_AGO = 150;

export interface ReceiptView {
  /** Unique on the page, safe in an id attribute. */
  key: string;
  /** The Denver calendar day of the transaction (`YYYY-MM-DD`), '' when unreadable. */
  date: string;
  /** The day as shoppers read it ('Nov 3, 2026'), '' when unreadable. */
  dateLabel: string;
  /** The store's name (first line of the store block), null when the receipt has none. */
  store: string | null;
  total: number | null;
  transactionNumber: string | null;
  /** The receipt read into parts; null when its text does not follow the format. */
  parsed: ParsedReceipt | null;
  /** The text as printed, only when it could not be read (the page shows it pre-wrapped). */
  raw: string | null;
  /** What the trip saved, by kind; null when the receipt could not be read. */
  savings: TripSavings | null;
  /** Clipped coupons probably bought on this trip without their digital coupon line. */
  misses: ReceiptMiss[];
}

export interface ReceiptMiss extends CouponMiss {
  /** The customer-service form, prefilled with this receipt and coupon. */
  askHref: string;
}

/**
 * The shopper's clipped coupons as the matcher reads them: the activated list (clipped, still
 * running, not used up), each with its last redemption from the redeemed list when it has one.
 */
export function clippedCoupons(lists: Pick<OfferLists, 'activated' | 'redeemed'>): ClippedCoupon[] {
  const redeemed = new Map(lists.redeemed.map((o) => [o.offerId, o.lastRedeemed]));
  return lists.activated.map((o) => ({
    offerId: o.offerId,
    brand: o.brandName ?? '',
    summary: o.offerSummary ?? '',
    value: o.offerValue,
    clippedAt: o.clippedDate,
    activeDate: o.offerActiveDate,
    expiryDate: o.offerExpiryDate,
    lastRedeemed: redeemed.get(o.offerId) ?? null,
  }));
}

export interface ReceiptsRange {
  /** Oldest and newest transaction days (`YYYY-MM-DD`). */
  from: string;
  to: string;
  fromLabel: string;
  toLabel: string;
}

const time = (value: string) => {
  const t = Date.parse(value);
  return Number.isFinite(t) ? t : Number.NEGATIVE_INFINITY;
};

/**
 * The receipts, newest first (an unreadable date last), each read or kept as printed, with its
 * savings and the clipped coupons (`coupons`) that did not come off.
 */
export function receiptViews(
  receipts: readonly Receipt[],
  coupons: readonly ClippedCoupon[] = [],
): ReceiptView[] {
  const seen = new Map<string, number>();
  return (
    [...receipts]
      .map((receipt, index) => ({ receipt, index, at: time(receipt.transactionDate) }))
      // Newest first; equal times keep the service's order.
      .sort((a, b) => b.at - a.at || a.index - b.index)
      .map(({ receipt }) => {
        const parsed = readReceipt(receipt.receiptTextData);
        const transactionNumber = receipt.transactionNumber ?? parsed?.transactionNumber ?? null;
        const date = calendarDate(receipt.transactionDate) ?? '';
        const base = (transactionNumber ?? date).replace(/[^A-Za-z0-9-]/g, '') || 'receipt';
        const n = (seen.get(base) ?? 0) + 1;
        seen.set(base, n);
        const store = parsed?.location[0] ?? null;
        const misses = parsed
          ? findMisses({ at: receipt.transactionDate, items: parsed.items }, coupons)
          : [];
        return {
          key: n === 1 ? base : `${base}-${n}`,
          date,
          dateLabel: formatShopperDate(date),
          store,
          total: parsed?.total ?? null,
          transactionNumber,
          parsed,
          raw: parsed ? null : receipt.receiptTextData,
          savings: parsed ? tripSavings(parsed.items) : null,
          misses: misses.map((miss) => ({
            ...miss,
            askHref: receiptQuestionHref({
              date: date || null,
              store,
              transaction: transactionNumber,
              coupon: miss.coupon,
            }),
          })),
        };
      })
  );
}

/** The days the receipts cover (oldest to newest), null when there are none with a date. */
export function receiptsRange(views: readonly ReceiptView[]): ReceiptsRange | null {
  const days = views
    .map((v) => v.date)
    .filter(Boolean)
    .sort();
  if (days.length === 0) return null;
  const from = days[0];
  const to = days[days.length - 1];
  return { from, to, fromLabel: formatShopperDate(from), toLabel: formatShopperDate(to) };
}

/** The sentence stating the range ('Receipts from Jun 2, 2026 to Nov 3, 2026'). */
export function rangeSentence(range: ReceiptsRange, count: number): string {
  if (range.from === range.to) {
    return count === 1 ? `Receipt from ${range.fromLabel}` : `Receipts from ${range.fromLabel}`;
  }
  return `Receipts from ${range.fromLabel} to ${range.toLabel}`;
}
