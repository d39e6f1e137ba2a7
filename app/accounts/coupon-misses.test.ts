import { describe, expect, it } from 'vitest';
import type { ReceiptItem } from '~/lib/loyalty/receipt';
import {
  couponWords,
  findMisses,
  lineScore,
  unitsRequired,
  usableAt,
  words,
  type ClippedCoupon,
} from './coupon-misses';

const coupon = (over: Partial<ClippedCoupon> = {}): ClippedCoupon => ({
  offerId: '100001',
  brand: 'Bluebell Meadow',
  summary: 'Save $1.00 on Bluebell Meadow Cream Cheese',
  value: 1,
  clippedAt: '2026-11-01T15:00:00.000Z',
  activeDate: '2026-10-20T06:00:00.000Z',
  expiryDate: '2026-12-20T06:59:59.000Z',
  lastRedeemed: null,
  ...over,
});
const AT = '2026-11-05T19:30:00.000Z';
const item = (description: string, value: number | null): ReceiptItem => ({ description, value });
const receipt = (...items: ReceiptItem[]) => ({ at: AT, items });

describe('words', () => {
  it('lower-cases, drops sizes, prices and punctuation, expands abbreviations', () => {
    expect(words('MTN CRMRY GRK YGRT 32OZ')).toEqual(['mountain', 'creamery', 'greek', 'yogurt']);
    expect(words('BLUEBELL MEADOW CREAM CHEESE 2 @ 2.49')).toEqual([
      'bluebell',
      'meadow',
      'cream',
      'cheese',
    ]);
    expect(words("Grandma Rose's Chocolate Chip Cookies, 12 ct")).toEqual([
      'grandma',
      'rose',
      'chocolate',
      'chip',
      'cooky',
    ]);
    expect(words('CKIE')).toEqual(words('cookies'));
    expect(words('Silver Pail Half & Half, 1/2 gal')).toEqual(['silver', 'pail', 'half', 'half']);
  });

  it('reads the coupon into brand and product words, and what it asks for', () => {
    expect(couponWords(coupon())).toEqual({
      brand: ['bluebell', 'meadow'],
      product: ['cream', 'cheese'],
    });
    expect(
      couponWords(
        coupon({
          brand: 'Riverbend Berry Co.',
          summary: '$1.50 off Riverbend Berry Co. Mixed Berries',
        }),
      ),
    ).toEqual({ brand: ['riverbend', 'berry'], product: ['mixed'] });
    expect(unitsRequired('Save $2.00 when you buy 2 Bluebell Meadow Cream Cheese')).toBe(2);
    expect(unitsRequired('Save $2.00 when you buy TWO (2) things')).toBe(2);
    expect(unitsRequired('Save $1.00 on Bluebell Meadow Cream Cheese')).toBe(1);
  });
});

describe('lineScore', () => {
  const { brand, product } = couponWords(coupon());
  it('needs every brand word and two product words', () => {
    expect(lineScore('BLUEBELL MEADOW CREAM CHEESE', brand, product)).toBe(2);
    expect(lineScore('BLUEBELL MDW CRM CHS 8OZ', brand, product)).toBe(2);
    expect(lineScore('BLUEBELL MEADOW STRING CHEESE', brand, product)).toBe(0);
    expect(lineScore('VALUE CHOICE CREAM CHEESE', brand, product)).toBe(0);
    expect(lineScore('BLUEBELL CREAM CHEESE', brand, product)).toBe(0);
  });
  it('takes a line cut short inside the last product word, and nothing else of its own', () => {
    const w = couponWords(
      coupon({
        brand: 'Northern Tide Seafood',
        summary: 'Save $2.00 on Northern Tide Seafood Tilapia Fillets',
      }),
    );
    expect(lineScore('NORTHERN TIDE SEAFOOD TILAPIA FI', w.brand, w.product)).toBe(2);
    expect(lineScore('NORTHERN TIDE SEAFOOD TILAPIA', w.brand, w.product)).toBe(0);
    expect(lineScore('NORTHERN TIDE SEAFOOD COD FILLE', w.brand, w.product)).toBe(0);
    expect(lineScore('NORTHERN TIDE SEAFOOD FILLET', w.brand, w.product)).toBe(0);
    expect(lineScore('NTS TILAPIA FI', w.brand, w.product)).toBe(0);
    const s = couponWords(
      coupon({ brand: 'Silverline', summary: 'Save $1.50 on Silverline Shampoo' }),
    );
    expect(lineScore('SILVERLINE DRY SHAMPOO', s.brand, s.product)).toBe(0);
    expect(lineScore('SILVERLINE SHAMPOO 12 OZ', s.brand, s.product)).toBe(1);
    const b = couponWords(
      coupon({ brand: 'Riverbend Berry Co.', summary: '$1 off Riverbend Berry Co. Strawberries' }),
    );
    expect(lineScore('RIVERBEND BERRY CO. STRAWBERRI', b.brand, b.product)).toBe(1);
  });
});

describe('usableAt', () => {
  it('needs the clip before the trip, the coupon running, and no redemption that day', () => {
    expect(usableAt(coupon(), AT)).toBe(true);
    expect(usableAt(coupon({ clippedAt: '2026-11-05T20:00:00.000Z' }), AT)).toBe(false);
    expect(usableAt(coupon({ activeDate: '2026-11-06T07:00:00.000Z' }), AT)).toBe(false);
    expect(usableAt(coupon({ expiryDate: '2026-11-04T06:59:59.000Z' }), AT)).toBe(false);
    expect(usableAt(coupon({ lastRedeemed: '2026-11-05T23:00:00.000Z' }), AT)).toBe(false);
    expect(usableAt(coupon({ lastRedeemed: '2026-11-09T23:00:00.000Z' }), AT)).toBe(true);
    expect(usableAt(coupon({ clippedAt: null }), AT)).toBe(false);
    expect(usableAt(coupon({ clippedAt: 'yesterday' }), AT)).toBe(false);
  });
});

describe('findMisses', () => {
  it('flags a clipped coupon bought without its digital coupon line', () => {
    const misses = findMisses(
      receipt(item('BANANAS 2.31 LB @ 0.59', 1.36), item('BLUEBELL MDW CRM CHS 8OZ', 2.49)),
      [coupon()],
    );
    expect(misses).toEqual([
      {
        offerId: '100001',
        coupon: coupon().summary,
        line: 'BLUEBELL MDW CRM CHS 8OZ',
        lineIndex: 1,
      },
    ]);
  });

  it('does not flag a coupon that came off, by brand or by place and value', () => {
    const line = item('BLUEBELL MEADOW CREAM CHEESE', 2.49);
    expect(
      findMisses(receipt(line, item('DIGITAL COUPON BLUEBELL MEADOW', -1)), [coupon()]),
    ).toEqual([]);
    expect(findMisses(receipt(line, item('DIGITAL COUPON', -0.5)), [coupon()])).toEqual([]);
    expect(findMisses(receipt(line, item('MILK', 3), item('DIG CPN', -1)), [coupon()])).toEqual([]);
    // Another brand's digital coupon does not cover it.
    expect(
      findMisses(receipt(line, item('DIGITAL COUPON MOUNTAIN CREAMERY', -1)), [coupon()]),
    ).toHaveLength(1);
  });

  it('leaves out near misses: another product of the brand, another brand, too few units', () => {
    const buy2 = coupon({ summary: 'Save $2.00 when you buy 2 Bluebell Meadow Cream Cheese' });
    expect(findMisses(receipt(item('BLUEBELL MEADOW STRING CHEESE', 5.29)), [coupon()])).toEqual(
      [],
    );
    expect(findMisses(receipt(item('STORE BRAND CREAM CHEESE', 1.99)), [coupon()])).toEqual([]);
    expect(findMisses(receipt(item('BLUEBELL MEADOW CREAM CHEESE', 2.49)), [buy2])).toEqual([]);
    expect(
      findMisses(receipt(item('BLUEBELL MEADOW CREAM CHEESE 2 @ 2.49', 4.98)), [buy2]),
    ).toHaveLength(1);
    // A return (negative) is no purchase.
    expect(findMisses(receipt(item('BLUEBELL MEADOW CREAM CHEESE', -2.49)), [coupon()])).toEqual(
      [],
    );
  });

  it('gives a line to the coupon with more words in common, once per coupon', () => {
    const cheese = coupon({ offerId: 'a', summary: '$1.00 off Bluebell Meadow Cheese' });
    const cream = coupon({ offerId: 'b' });
    const misses = findMisses(
      receipt(
        item('BLUEBELL MEADOW CREAM CHEESE', 2.49),
        item('BLUEBELL MEADOW CREAM CHEESE', 2.49),
      ),
      [cheese, cream],
    );
    expect(misses.map((m) => [m.offerId, m.lineIndex])).toEqual([['b', 0]]);
  });
});
