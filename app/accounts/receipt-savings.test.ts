import { describe, expect, it } from 'vitest';
import { savedSentence, savingKind, sumSavings, tripSavings } from './receipt-savings';

const item = (description: string, value: number | null) => ({ description, value });

describe('trip savings', () => {
  it('sorts saving lines into digital coupons, instant savings and loyalty discounts', () => {
    expect(savingKind(item('DIGITAL COUPON BLUEBELL MEADOW', -1))).toBe('digital');
    expect(savingKind(item('DIG CPN', -0.5))).toBe('digital');
    expect(savingKind(item('INSTANT SAVINGS', -0.3))).toBe('instant');
    expect(savingKind(item('REWARDS MEMBER SAVINGS', -0.75))).toBe('loyalty');
    expect(savingKind(item('BOTTLE RETURN', -0.1))).toBeNull();
    expect(savingKind(item('INSTANT SAVINGS', 0.3))).toBeNull();
    expect(savingKind(item('NOTE', null))).toBeNull();
  });

  it('adds each kind in cents and the trips of a range', () => {
    const trip = tripSavings([
      item('MILK', 3.89),
      item('DIGITAL COUPON MOUNTAIN CREAMERY', -1.1),
      item('DIGITAL COUPON CLOVER RIDGE', -0.2),
      item('INSTANT SAVINGS', -0.3),
      item('REWARDS MEMBER SAVINGS', -0.75),
      item('BOTTLE RETURN', -0.1),
    ]);
    expect(trip).toEqual({ digital: 1.3, instant: 0.3, loyalty: 0.75, total: 2.35 });
    expect(tripSavings([item('MILK', 3.89)]).total).toBe(0);
    expect(sumSavings([trip, null, { digital: 0.1, instant: 0.2, loyalty: 0, total: 0.3 }])).toBe(
      2.65,
    );
    expect(savedSentence('$2.65', 2)).toBe('You saved $2.65 on 2 trips');
    expect(savedSentence('$0.00', 1)).toBe('You saved $0.00 on 1 trip');
  });
});
