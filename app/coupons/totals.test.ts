import { describe, expect, it } from 'vitest';
import { offer } from '@test/coupon-offers';
import { couponTotals } from './totals';

describe('couponTotals', () => {
  it('sums clipped values and redeemed value × times', () => {
    const totals = couponTotals({
      clipped: [offer({ offerValue: 1.25 }), offer({ offerValue: 0.5 }), offer({ offerValue: 2 })],
      redeemed: [
        offer({ offerValue: 1.5, timesRedeemed: 2 }),
        offer({ offerValue: 0.25, timesRedeemed: 1 }),
      ],
    });
    expect(totals).toEqual({ clippedValue: 3.75, redeemedValue: 3.25 });
  });

  it('has no float drift', () => {
    const tenths = Array.from({ length: 3 }, () => offer({ offerValue: 0.1 }));
    expect(couponTotals({ clipped: tenths, redeemed: [] }).clippedValue).toBe(0.3);
    const redeemed = [offer({ offerValue: 0.55, timesRedeemed: 3 })];
    expect(couponTotals({ clipped: [], redeemed }).redeemedValue).toBe(1.65);
  });

  it('is zero for empty lists', () => {
    expect(couponTotals({ clipped: [], redeemed: [] })).toEqual({
      clippedValue: 0,
      redeemedValue: 0,
    });
  });

  it('counts missing, NaN or negative numbers as zero', () => {
    const totals = couponTotals({
      clipped: [offer({ offerValue: null }), offer({ offerValue: Number.NaN }), offer()],
      redeemed: [
        offer({ offerValue: 2, timesRedeemed: null }),
        offer({ offerValue: 2, timesRedeemed: -1 }),
        offer({ offerValue: null, timesRedeemed: 4 }),
        offer({ offerValue: 2, timesRedeemed: Number.POSITIVE_INFINITY }),
        offer({ offerValue: 1, timesRedeemed: 1 }),
      ],
    });
    expect(totals).toEqual({ clippedValue: 1, redeemedValue: 1 });
  });
});
