import { describe, expect, it } from 'vitest';
import type { SavingsRecord } from '~/lib/loyalty/types';
import { SAVINGS_KINDS, savingsKinds, savingsTable, type SavingsKind } from './savings';

const ALL = savingsKinds({ hiddenElements: [] });

const record = (date: string, values: Partial<SavingsRecord> = {}): SavingsRecord => ({
  date,
  adjustmentValue: 0,
  digitalCouponsOfferValue: 0,
  instantOfferSavings: 0,
  loyaltyOfferSavings: 0,
  targetedOfferSavings: 0,
  ...values,
});

describe('savingsKinds (column flags)', () => {
  it('shows every kind by default, in the table’s order', () => {
    expect(ALL).toEqual(['walletCredit', 'digitalCoupons', 'instant', 'loyalty', 'targeted']);
    expect(SAVINGS_KINDS.map((k) => k.field)).toEqual([
      'adjustmentValue',
      'digitalCouponsOfferValue',
      'instantOfferSavings',
      'loyaltyOfferSavings',
      'targetedOfferSavings',
    ]);
  });

  it('leaves out the wallet credit and digital coupon columns by the brand’s flags', () => {
    expect(savingsKinds({ hiddenElements: ['wallet-credit-column'] })).toEqual([
      'digitalCoupons',
      'instant',
      'loyalty',
      'targeted',
    ]);
    expect(
      savingsKinds({ hiddenElements: ['digital-coupon-savings-column', 'my-rewards-button'] }),
    ).toEqual(['walletCredit', 'instant', 'loyalty', 'targeted']);
    expect(
      savingsKinds({
        hiddenElements: ['wallet-credit-column', 'digital-coupon-savings-column'],
      }),
    ).toEqual(['instant', 'loyalty', 'targeted']);
  });
});

describe('savingsTable', () => {
  const records = [
    record('2026-01-01', {
      adjustmentValue: 5,
      digitalCouponsOfferValue: 1.1,
      instantOfferSavings: 2.2,
      loyaltyOfferSavings: 0.5,
      targetedOfferSavings: 0,
    }),
    record('2026-03-01T00:00:00', { instantOfferSavings: 0.1, targetedOfferSavings: 0.2 }),
    // A second record for March adds up; another year's is left out.
    record('2026-03-15', { instantOfferSavings: 0.2, loyaltyOfferSavings: null }),
    record('2025-12-01', { instantOfferSavings: 99 }),
    record('not a date', { instantOfferSavings: 99 }),
  ];

  it('has a row per month from January to this month, zeros where the call has none', () => {
    const t = savingsTable(records, ALL, '2026-04-20');
    expect(t.year).toBe(2026);
    expect(t.months.map((m) => [m.month, m.label, m.short])).toEqual([
      ['2026-01', 'January', 'Jan'],
      ['2026-02', 'February', 'Feb'],
      ['2026-03', 'March', 'Mar'],
      ['2026-04', 'April', 'Apr'],
    ]);
    expect(t.months[1].values).toEqual({
      walletCredit: 0,
      digitalCoupons: 0,
      instant: 0,
      loyalty: 0,
      targeted: 0,
    });
    expect(t.months[1].total).toBe(0);
  });

  it('sums each month and the year in whole cents', () => {
    const t = savingsTable(records, ALL, '2026-04-20');
    expect(t.months[0].total).toBe(8.8);
    // 0.1 + 0.2 would be 0.30000000000000004 in floating point.
    expect(t.months[2].values.instant).toBe(0.3);
    expect(t.months[2].total).toBe(0.5);
    expect(t.totals).toEqual({
      walletCredit: 5,
      digitalCoupons: 1.1,
      instant: 2.5,
      loyalty: 0.5,
      targeted: 0.2,
    });
    expect(t.total).toBe(9.3);
    expect(t.months.reduce((sum, m) => sum + m.total * 100, 0) / 100).toBe(t.total);
  });

  it('counts only the shown kinds in the totals (the table adds up as the shopper reads it)', () => {
    const kinds: SavingsKind[] = ['instant', 'loyalty', 'targeted'];
    const t = savingsTable(records, kinds, '2026-04-20');
    expect(t.kinds).toEqual(kinds);
    expect(t.months[0].total).toBe(2.7);
    expect(t.months[0].values.walletCredit).toBe(0);
    expect(t.totals.walletCredit).toBe(0);
    expect(t.total).toBe(3.2);
  });

  it('keeps a later month the call already has; an empty year is all zeros', () => {
    const later = savingsTable(
      [record('2026-06-01', { instantOfferSavings: 1 })],
      ALL,
      '2026-04-02',
    );
    expect(later.months.map((m) => m.short)).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun']);
    expect(later.total).toBe(1);
    const empty = savingsTable([], ALL, '2026-02-10');
    expect(empty.months.map((m) => m.total)).toEqual([0, 0]);
    expect(empty.total).toBe(0);
  });
});
