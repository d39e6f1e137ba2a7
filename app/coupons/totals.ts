import type { Offer } from '~/lib/loyalty/types';

/** Cents of a dollar amount; a missing or non-finite amount counts 0. */
function cents(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : 0;
}

export interface CouponTotals {
  /** Sum of offerValue of the clipped coupons, in dollars. */
  clippedValue: number;
  /** Sum of offerValue × timesRedeemed of the redeemed coupons, in dollars. */
  redeemedValue: number;
}

/**
 * Totals (docs/reference/coupons.md "Rules"), in dollars rounded to cents (each value is rounded to
 * cents before adding, so no float drift). A missing or non-finite offerValue counts 0; a missing,
 * negative or non-finite timesRedeemed counts 0.
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
    const times = o.timesRedeemed;
    const count = typeof times === 'number' && Number.isFinite(times) ? Math.max(0, times) : 0;
    redeemedCents += Math.round(cents(o.offerValue) * count);
  }
  return { clippedValue: clippedCents / 100, redeemedValue: redeemedCents / 100 };
}
