import { describe, expect, it } from 'vitest';
import type { SavingsRecord } from '~/lib/loyalty/types';
import { savingsKinds, savingsTable, type SavingsTable } from './savings';
import { niceStep, savingsChartModel, type SavingsChartModel } from './savings-chart-model';

const ALL = savingsKinds({ hiddenElements: [] });

function table(months: Partial<SavingsRecord>[], today = '2026-06-15'): SavingsTable {
  return savingsTable(
    months.map((values, i) => ({
      date: `2026-${String(i + 1).padStart(2, '0')}-01`,
      adjustmentValue: 0,
      digitalCouponsOfferValue: 0,
      instantOfferSavings: 0,
      loyaltyOfferSavings: 0,
      targetedOfferSavings: 0,
      ...values,
    })),
    ALL,
    today,
  );
}

const year = table([
  { adjustmentValue: 5, digitalCouponsOfferValue: 12.5, instantOfferSavings: 20 },
  { instantOfferSavings: 0.4 },
  {},
  { loyaltyOfferSavings: 33.33, targetedOfferSavings: 7.01, digitalCouponsOfferValue: 3 },
  { adjustmentValue: 2, instantOfferSavings: 1, loyaltyOfferSavings: 1, targetedOfferSavings: 1 },
  { digitalCouponsOfferValue: 61.75 },
]);

/** Length along the value axis that a segment takes. */
const along = (m: SavingsChartModel, s: { width: number; height: number }) =>
  m.orientation === 'columns' ? s.height : s.width;
const plotLength = (m: SavingsChartModel) =>
  m.orientation === 'columns'
    ? m.baseline.y1 - m.ticks.at(-1)!.y1
    : m.ticks.at(-1)!.x1 - m.baseline.x1;

describe('niceStep', () => {
  it('rounds up to 1, 2, 2.5 or 5 times a power of ten, never under a cent', () => {
    expect([0.3, 1, 1.2, 2.2, 3, 7, 12, 180, 0.0001].map(niceStep)).toEqual([
      0.5, 1, 2, 2.5, 5, 10, 20, 200, 0.01,
    ]);
    expect(niceStep(0)).toBe(1);
    expect(niceStep(Number.NaN)).toBe(1);
  });
});

describe.each(['columns', 'rows'] as const)('savingsChartModel (%s)', (orientation) => {
  const m = savingsChartModel(year, orientation);

  it('has a bar per month of the year so far, labelled with the month', () => {
    expect(m.bars.map((b) => b.label)).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun']);
    expect(m.bars.map((b) => b.month)).toEqual(year.months.map((x) => x.month));
  });

  it('stacks segments that add up to the table’s totals, in proportion to the scale', () => {
    const full = plotLength(m);
    for (const [i, bar] of m.bars.entries()) {
      const month = year.months[i];
      expect(bar.total).toBe(month.total);
      const sum = bar.segments.reduce((s, seg) => s + seg.value, 0);
      expect(sum).toBeCloseTo(month.total, 6);
      for (const seg of bar.segments) {
        expect(seg.value).toBe(month.values[seg.kind]);
        expect(along(m, seg)).toBeCloseTo((seg.value / m.scaleMax) * full, 1);
      }
      const length = bar.segments.reduce((s, seg) => s + along(m, seg), 0);
      expect(length).toBeCloseTo((month.total / m.scaleMax) * full, 0);
      // Segments touch end to end, in the table's column order.
      expect(bar.segments.map((s) => s.kind)).toEqual(
        year.kinds.filter((k) => month.values[k] > 0),
      );
      for (let k = 1; k < bar.segments.length; k++) {
        const [a, b] = [bar.segments[k - 1], bar.segments[k]];
        if (orientation === 'columns') expect(b.y + b.height).toBeCloseTo(a.y, 1);
        else expect(b.x).toBeCloseTo(a.x + a.width, 1);
      }
    }
  });

  it('draws no segment for a zero value and no total for an empty month', () => {
    expect(m.bars[1].segments.map((s) => s.kind)).toEqual(['instant']);
    expect(m.bars[2].segments).toEqual([]);
    expect(m.bars[2].totalLabel).toBe('');
    expect(m.bars[1].totalLabel).toBe('40¢');
    expect(m.bars[5].totalLabel).toBe('$61.75');
  });

  it('puts the scale’s end at a round value above the largest month, ticks in site currency', () => {
    expect(m.scaleMax).toBeGreaterThanOrEqual(61.75);
    expect(m.ticks[0].label).toBe('$0.00');
    expect(m.ticks.at(-1)!.value).toBe(m.scaleMax);
    expect(m.ticks.every((t) => /^\$\d+\.\d\d$|^\d+¢$/.test(t.label))).toBe(true);
    expect(m.empty).toBe(false);
  });

  it('keeps every mark inside the picture', () => {
    for (const bar of m.bars) {
      for (const s of bar.segments) {
        expect(s.x).toBeGreaterThanOrEqual(0);
        expect(s.y).toBeGreaterThanOrEqual(0);
        expect(s.x + s.width).toBeLessThanOrEqual(m.width);
        expect(s.y + s.height).toBeLessThanOrEqual(m.height);
      }
      expect(bar.labelY).toBeLessThanOrEqual(m.height);
    }
    for (const entry of m.legend) expect(entry.x).toBeLessThan(m.width);
  });

  it('has a legend entry per shown kind', () => {
    expect(m.legend.map((e) => e.label)).toEqual([
      'Wallet credit',
      'Digital coupons',
      'Instant savings',
      'Loyalty offers',
      'Targeted offers',
    ]);
    const hidden = savingsTable([], ['instant', 'loyalty', 'targeted'], '2026-02-01');
    expect(savingsChartModel(hidden, orientation).legend.map((e) => e.kind)).toEqual([
      'instant',
      'loyalty',
      'targeted',
    ]);
  });

  it('draws an empty year as an axis with a note, no bars', () => {
    const empty = savingsChartModel(table([], '2026-03-05'), orientation);
    expect(empty.empty).toBe(true);
    expect(empty.bars.map((b) => b.label)).toEqual(['Jan', 'Feb', 'Mar']);
    expect(empty.bars.every((b) => b.segments.length === 0 && b.totalLabel === '')).toBe(true);
    expect(empty.scaleMax).toBeGreaterThan(0);
    expect(empty.ticks.length).toBeGreaterThan(1);
  });

  it('draws a January-only year', () => {
    const one = savingsChartModel(
      table([{ instantOfferSavings: 0.05 }], '2026-01-03'),
      orientation,
    );
    expect(one.bars).toHaveLength(1);
    expect(one.bars[0].segments[0].value).toBe(0.05);
    expect(one.scaleMax).toBeGreaterThanOrEqual(0.05);
  });
});
