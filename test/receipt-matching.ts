/**
 * A generated set of receipts with known answers, for measuring the "did my coupons apply?" matcher
 * (app/accounts/coupon-misses.ts): seeded, so every run draws the same set. Its words are its own
 * (not the demo seed's catalog). Each receipt comes with clipped coupons, each coupon in one
 * situation: bought without its coupon line (a planted true miss, printed in full, abbreviated, cut
 * short, or with an abbreviation the matcher does not know), bought with its coupon line (named,
 * unnamed right after, unnamed elsewhere for the same value), not bought, or a confusable line that
 * must not be flagged (another product of the brand, the plain product of a flavoured coupon, the
 * product under another brand, one unit of
 * a two-item coupon, a coupon clipped after the trip, redeemed that day, or expired).
 */
import { createRandom, type Random } from '../services/loyalty/seed/random';
import {
  ABBREVIATIONS,
  findMisses,
  type ClippedCoupon,
  type MatchableReceipt,
} from '~/accounts/coupon-misses';
import type { ReceiptItem } from '~/lib/loyalty/receipt';

const BRANDS = [
  'Prairie Gold',
  'Blue Heron',
  'Copper Kettle',
  'Red Barn',
  'Silver Spoon',
  'Maple Hill',
  'North Star',
  'Sunset Farms',
  'Iron Skillet',
  'Wild Oak',
  'Harbor Bay',
  'Granite Peak',
  'Cedar Lane',
  'Willow Creek',
  'Lucky Clover',
  'Bright Day',
  'Stone Mill',
  'Rolling Hills',
  'Pine Ridge',
  'Golden Sun',
  'Green Meadow',
  'Big Sky',
  'Happy Hen',
  'Sweet Water',
  'Twin Rivers',
];
const ADJECTIVES = [
  'greek',
  'sharp',
  'shredded',
  'whole',
  'organic',
  'vanilla',
  'chocolate',
  'honey',
  'wheat',
  'ground',
  'smoked',
  'sweet',
  'spicy',
  'original',
  'large',
  'roasted',
  'salted',
  'sparkling',
  'classic',
  'lemon',
  'dark',
  'mild',
  'brown',
  'garlic',
];
const NOUNS = [
  'yogurt',
  'cheese',
  'cream',
  'milk',
  'butter',
  'bread',
  'cookies',
  'chips',
  'crackers',
  'cereal',
  'juice',
  'coffee',
  'sauce',
  'pasta',
  'soup',
  'beans',
  'rice',
  'chicken',
  'beef',
  'turkey',
  'sausage',
  'bacon',
  'salad',
  'almonds',
  'granola',
  'salsa',
];
const SIZES = ['8 OZ', '16OZ', '32 OZ', '12 CT', '1 LB', '2LB', '1/2 GAL', ''];
const LOOSE = ['BANANAS 2.31 LB @ 0.59', 'LEMONS EA', 'GARLIC BULB', 'BAG FEE', 'CUCUMBER EA'];
const SHORT: Record<string, string> = Object.fromEntries(
  Object.entries(ABBREVIATIONS).map(([abbr, word]) => [word, abbr]),
);

type Style = 'full' | 'abbreviated' | 'cut' | 'unknown';
type Situation =
  | 'miss'
  | 'applied'
  | 'absent'
  | 'sibling'
  | 'plainer'
  | 'otherBrand'
  | 'oneOfTwo'
  | 'clippedAfter'
  | 'redeemedThatDay'
  | 'expired';

export interface LabelledReceipt {
  receipt: MatchableReceipt;
  coupons: ClippedCoupon[];
  /** The true misses: `offerId|lineIndex`. */
  truth: Set<string>;
}

const title = (text: string) => text.replace(/\b[a-z]/g, (c) => c.toUpperCase());
const day = 86_400_000;

function render(rnd: Random, brand: string, product: string[], style: Style): string {
  const size = rnd.pick(SIZES);
  const words = [...brand.toLowerCase().split(' '), ...product];
  if (style === 'abbreviated') {
    const shown = words.map((w) => SHORT[w] ?? SHORT[w.replace(/s$/, '')] ?? w);
    return [...shown, size].join(' ').trim().toUpperCase();
  }
  if (style === 'unknown') {
    // Vowels dropped from the product words: abbreviations the matcher has never seen.
    const brandWords = brand.toLowerCase().split(' ');
    const shown = product.map((w) => w[0] + w.slice(1).replace(/[aeiou]/g, ''));
    return [...brandWords, ...shown, size].join(' ').trim().toUpperCase();
  }
  const full = [...words, size].join(' ').trim().toUpperCase();
  return style === 'cut' ? full.slice(0, 30) : full;
}

function productWords(rnd: Random, noun?: string): string[] {
  const adjectives = rnd.shuffle(ADJECTIVES).slice(0, rnd.chance(0.4) ? 2 : 1);
  return [...adjectives, noun ?? rnd.pick(NOUNS)];
}

/** `count` receipts with their clipped coupons and true misses, from `seed`. */
export function generatedReceipts(seed = 'receipt-matching', count = 500): LabelledReceipt[] {
  const rnd = createRandom(seed);
  const out: LabelledReceipt[] = [];
  let offer = 1;
  for (let n = 0; n < count; n++) {
    const at = Date.UTC(2026, 0, 1) + rnd.int(0, 300) * day + rnd.int(14, 26) * 3_600_000;
    const brands = rnd.shuffle(BRANDS);
    const couponCount = rnd.int(2, 4);
    const coupons: ClippedCoupon[] = [];
    type Block = { lines: ReceiptItem[]; truthLine: number | null; offerId: string };
    const blocks: Block[] = [];
    for (let k = 0; k < couponCount; k++) {
      const brand = brands[k];
      const product = productWords(rnd);
      const twoNeeded = rnd.chance(0.25);
      const value = rnd.pick([0.5, 0.75, 1, 1.5, 2]);
      const shown = `${brand} ${title(product.join(' '))}`;
      const summary = twoNeeded
        ? `Save $${value.toFixed(2)} when you buy 2 ${shown}`
        : rnd.chance(0.5)
          ? `Save $${value.toFixed(2)} on ${shown}`
          : `$${value.toFixed(2)} off ${shown}`;
      const offerId = String(offer++);
      const clipped = at - rnd.int(1, 240) * 3_600_000;
      const coupon: ClippedCoupon = {
        offerId,
        brand,
        summary,
        value,
        clippedAt: new Date(clipped).toISOString(),
        activeDate: new Date(clipped - rnd.int(1, 20) * day).toISOString(),
        expiryDate: new Date(at + rnd.int(2, 40) * day).toISOString(),
        lastRedeemed: null,
      };
      coupons.push(coupon);
      const price = rnd.int(150, 900) / 100;
      const situation = rnd.pick<Situation>([
        'miss',
        'miss',
        'miss',
        'applied',
        'applied',
        'absent',
        'sibling',
        'plainer',
        'otherBrand',
        'oneOfTwo',
        'clippedAfter',
        'redeemedThatDay',
        'expired',
      ]);
      const style = rnd.pick<Style>([
        'full',
        'full',
        'abbreviated',
        'abbreviated',
        'cut',
        'unknown',
      ]);
      const bought = (s: Style = style): ReceiptItem[] =>
        twoNeeded
          ? rnd.chance(0.5)
            ? [
                {
                  description: `${render(rnd, brand, product, s)} 2 @ ${price.toFixed(2)}`,
                  value: price * 2,
                },
              ]
            : [
                { description: render(rnd, brand, product, s), value: price },
                { description: render(rnd, brand, product, s), value: price },
              ]
          : [{ description: render(rnd, brand, product, s), value: price }];
      const block = (lines: ReceiptItem[], truthLine: number | null = null) =>
        blocks.push({ lines, truthLine, offerId });
      switch (situation) {
        case 'miss':
          block(bought(), 0);
          break;
        case 'applied': {
          const how = rnd.int(0, 2);
          const lines = bought();
          if (how === 0) {
            block([
              ...lines,
              { description: `DIGITAL COUPON ${brand.toUpperCase()}`, value: -value },
            ]);
          } else if (how === 1) {
            block([...lines, { description: 'DIGITAL COUPON', value: -value }]);
          } else {
            block(lines);
            blocks.push({
              lines: [{ description: 'DIG CPN', value: -value }],
              truthLine: null,
              offerId: '',
            });
          }
          break;
        }
        case 'absent':
          break;
        case 'sibling': {
          // Same brand and noun, another adjective in place of one of the coupon's.
          const noun = product[product.length - 1];
          const others = ADJECTIVES.filter((a) => !product.includes(a));
          const sibling = [...product.slice(0, -2), rnd.pick(others), noun];
          block([
            {
              description: render(rnd, brand, sibling, rnd.pick(['full', 'abbreviated'])),
              value: price,
            },
          ]);
          break;
        }
        case 'plainer':
          // The plain product of a flavoured coupon ('Greek Yogurt' for 'Greek Vanilla Yogurt'):
          // another product, which the matcher cannot always tell.
          block([
            {
              description: render(
                rnd,
                brand,
                product.length > 2
                  ? product.slice(1)
                  : [rnd.pick(ADJECTIVES.filter((a) => !product.includes(a))), product[1]],
                'full',
              ),
              value: price,
            },
          ]);
          break;
        case 'otherBrand':
          block([
            { description: render(rnd, brands[couponCount + k], product, 'full'), value: price },
          ]);
          break;
        case 'oneOfTwo':
          if (twoNeeded)
            block([{ description: render(rnd, brand, product, 'full'), value: price }]);
          else {
            coupon.summary = `Save $${value.toFixed(2)} when you buy 2 ${shown}`;
            block([{ description: render(rnd, brand, product, 'full'), value: price }]);
          }
          break;
        case 'clippedAfter':
          coupon.clippedAt = new Date(at + rnd.int(1, 48) * 3_600_000).toISOString();
          block(bought('full'));
          break;
        case 'redeemedThatDay':
          coupon.lastRedeemed = new Date(at + 60_000).toISOString();
          block(bought('full'));
          break;
        case 'expired':
          coupon.expiryDate = new Date(at - rnd.int(1, 10) * day).toISOString();
          block(bought('full'));
          break;
      }
    }
    // Other shopping: brands no coupon names, loose items, instant savings.
    for (let f = rnd.int(3, 9); f > 0; f--) {
      if (rnd.chance(0.25)) {
        blocks.push({
          lines: [{ description: rnd.pick(LOOSE), value: 1.29 }],
          truthLine: null,
          offerId: '',
        });
        continue;
      }
      const lines: ReceiptItem[] = [
        {
          description: render(rnd, rnd.pick(brands.slice(8)), productWords(rnd), 'full'),
          value: rnd.int(99, 999) / 100,
        },
      ];
      if (rnd.chance(0.2)) lines.push({ description: 'INSTANT SAVINGS', value: -0.5 });
      blocks.push({ lines, truthLine: null, offerId: '' });
    }
    const items: ReceiptItem[] = [];
    const truth = new Set<string>();
    for (const b of rnd.shuffle(blocks)) {
      if (b.truthLine !== null) truth.add(`${b.offerId}|${items.length + b.truthLine}`);
      items.push(...b.lines);
    }
    out.push({ receipt: { at: new Date(at).toISOString(), items }, coupons, truth });
  }
  return out;
}

export interface MatchQuality {
  receipts: number;
  flagged: number;
  truth: number;
  correct: number;
  precision: number;
  recall: number;
}

/** Precision and recall of flags against known misses (`offerId|lineIndex` keys). */
export function quality(
  cases: readonly { flags: readonly string[]; truth: ReadonlySet<string> }[],
): MatchQuality {
  let flagged = 0;
  let truth = 0;
  let correct = 0;
  for (const c of cases) {
    flagged += c.flags.length;
    truth += c.truth.size;
    correct += c.flags.filter((f) => c.truth.has(f)).length;
  }
  return {
    receipts: cases.length,
    flagged,
    truth,
    correct,
    precision: flagged ? correct / flagged : 1,
    recall: truth ? correct / truth : 1,
  };
}

/** The matcher run on the generated set. */
export function generatedQuality(seed?: string, count?: number): MatchQuality {
  return quality(
    generatedReceipts(seed, count).map(({ receipt, coupons, truth }) => ({
      flags: findMisses(receipt, coupons).map((m) => `${m.offerId}|${m.lineIndex}`),
      truth,
    })),
  );
}
