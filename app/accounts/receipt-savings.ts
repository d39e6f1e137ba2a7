/**
 * What a trip saved, read from its receipt's lines (docs/reference/receipts.md "Savings per trip"):
 * each saving line (a negative amount) is a digital coupon, an instant saving or a loyalty discount
 * by its wording; a negative line of another kind (a return, a deposit refund) is not a saving and
 * is left out. Pure and client-safe.
 */
import type { ReceiptItem } from '~/lib/loyalty/receipt';

export type SavingKind = 'digital' | 'instant' | 'loyalty';

export interface TripSavings {
  digital: number;
  instant: number;
  loyalty: number;
  /** The three added, in dollars. */
  total: number;
}

export const SAVING_LABELS: Record<SavingKind, string> = {
  digital: 'Digital coupons',
  instant: 'Instant savings',
  loyalty: 'Loyalty discounts',
};

const KINDS: [SavingKind, RegExp][] = [
  ['digital', /\b(digital coupons?|dig(ital)? cpn|e ?coupons?|ecpn)\b/],
  ['loyalty', /\b(rewards?|member|loyalty|perks|card savings|club)\b/],
  ['instant', /\b(instant savings?|sale|price cut|you saved|savings?)\b/],
];

/** The kind of saving a line is, or null when it is not a saving. */
export function savingKind(item: ReceiptItem): SavingKind | null {
  if (item.value === null || item.value >= 0) return null;
  const text = item.description.toLowerCase();
  return KINDS.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** The trip's savings by kind (positive dollars). */
export function tripSavings(items: readonly ReceiptItem[]): TripSavings {
  const sums: Record<SavingKind, number> = { digital: 0, instant: 0, loyalty: 0 };
  for (const item of items) {
    const kind = savingKind(item);
    if (kind) sums[kind] += -cents(item.value!);
  }
  return {
    digital: sums.digital / 100,
    instant: sums.instant / 100,
    loyalty: sums.loyalty / 100,
    total: (sums.digital + sums.instant + sums.loyalty) / 100,
  };
}

/** The savings of several trips added (in cents, so no rounding drift). */
export function sumSavings(trips: readonly (TripSavings | null)[]): number {
  return trips.reduce((sum, t) => sum + (t ? cents(t.total) : 0), 0) / 100;
}

/** 'You saved $12.40 on 3 trips' ('on 1 trip'). */
export function savedSentence(total: string, trips: number): string {
  return `You saved ${total} on ${trips} ${trips === 1 ? 'trip' : 'trips'}`;
}
