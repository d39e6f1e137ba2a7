import { describe, expect, it } from 'vitest';
import { demoMatching } from '@test/demo-matching';
import { generatedQuality } from '@test/receipt-matching';

/**
 * The matcher on a generated set with known answers (test/receipt-matching.ts) and on the demo
 * data (test/demo-matching.ts). `npm run receipts:match-quality` prints the same figures.
 */
describe('coupon miss matching quality', () => {
  it('keeps precision at 0.95 or better on the generated set, and finds most misses', () => {
    const q = generatedQuality();
    console.log(
      `generated set: ${q.receipts} receipts, ${q.flagged} flagged, ${q.truth} true misses, ` +
        `precision ${q.precision.toFixed(3)}, recall ${q.recall.toFixed(3)}`,
    );
    expect(q.truth).toBeGreaterThan(300);
    expect(q.precision).toBeGreaterThanOrEqual(0.95);
    expect(q.recall).toBeGreaterThanOrEqual(0.6);
  });

  it('finds every planted miss in the demo data and flags no planted near miss', async () => {
    const q = await demoMatching();
    expect(q.shoppers).toBeGreaterThanOrEqual(3);
    expect(q.plantedFound).toBe(q.planted);
    expect(q.planted).toBeGreaterThanOrEqual(2 * q.shoppers);
    expect(q.nearFlagged).toEqual([]);
    expect(q.thinShoppers).toBe(0);
    expect(q.precision).toBeGreaterThanOrEqual(0.95);
  });
});
