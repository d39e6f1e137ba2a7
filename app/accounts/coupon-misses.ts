/**
 * Did my coupons apply? For one receipt, the clipped coupons that were probably bought on it but do
 * not show as a digital coupon line (docs/reference/receipts.md "Coupons that did not apply").
 * Pure and client-safe: the receipts loader runs it, unit tests and the match-quality script
 * measure it. Precision comes before recall: when a rule is unsure, the coupon is not flagged.
 *
 * The rule, in order:
 *
 * 1. The coupon was usable at that trip: clipped before the transaction's instant, active by then
 *    and not yet expired, and not redeemed on the receipt's Denver day (a redemption that day may
 *    well be this very trip). A date that cannot be read rules the coupon out.
 * 2. Words: both texts are normalised: lower case, '&' and punctuation dropped, sizes and counts
 *    ('32OZ', '12 CT', '1/2 GAL', '2 @ 3.49') and bare numbers dropped, common receipt
 *    abbreviations expanded (`ABBREVIATIONS`), plural 's' dropped. The coupon's brand words come
 *    from its brand name; its product words are the words of its summary that are neither brand
 *    words nor coupon wording ('save', 'buy', 'off', amounts…).
 * 3. An item line (a purchase: a positive amount) matches the coupon when it holds every brand word
 *    AND every product word, and no word of its own (one that is neither a brand, product nor
 *    filler word): 'GREEK YOGURT' is not the coupon's 'Greek Vanilla Yogurt', 'DRY SHAMPOO' not
 *    its 'Shampoo'. A line the register cut short (28 characters or more) may lack one product
 *    word when its last word is the start of it ('... CHILI POWD' for 'Chili Powder'); a line cut
 *    between words is not read as any product.
 * 4. A coupon that asks for two items ('buy 2', 'buy TWO') needs two units among its matching lines
 *    ('2 @' counts two).
 * 5. The coupon counts as applied, and is not flagged, when the receipt has a digital coupon line
 *    (a saving named 'digital coupon', 'dig cpn', 'e-coupon') that names every brand word, or that
 *    names no brand and either follows a matching line directly or takes off exactly the coupon's
 *    value.
 * 6. A line matched by several coupons goes to the one with more product words in common (the
 *    first on a tie); each coupon is flagged at most once per receipt.
 */
import { calendarDate } from '@common/dates';
import type { ReceiptItem } from '~/lib/loyalty/receipt';

export interface ClippedCoupon {
  offerId: string;
  brand: string;
  /** The coupon's short text ('Save $1.00 on Bluebell Meadow Cream Cheese'). */
  summary: string;
  /** Dollars off; null when unknown. */
  value: number | null;
  /** Instants as the loyalty API gives them (ISO 8601); null when unknown. */
  clippedAt: string | null;
  activeDate: string | null;
  expiryDate: string | null;
  /** The last redemption, when the coupon has been used (a coupon may allow several). */
  lastRedeemed: string | null;
}

export interface MatchableReceipt {
  /** The transaction's instant (ISO 8601). */
  at: string;
  items: readonly ReceiptItem[];
}

export interface CouponMiss {
  offerId: string;
  /** The coupon's short text, as the shopper saw it when clipping. */
  coupon: string;
  /** The receipt line it was probably bought as. */
  line: string;
  /** Index of that line among the receipt's items. */
  lineIndex: number;
}

/** The text shown by each flagged coupon. */
export const MISS_TEXT = 'Clipped and probably bought, but no digital coupon on this receipt';
export const ASK_LABEL = 'Ask us to check';

/** Receipt abbreviations → the word they stand for (after lower-casing and dropping punctuation). */
export const ABBREVIATIONS: Readonly<Record<string, string>> = {
  alm: 'almond',
  appl: 'apple',
  bbq: 'barbecue',
  bf: 'beef',
  bnls: 'boneless',
  brd: 'bread',
  brkfst: 'breakfast',
  brn: 'brown',
  btr: 'butter',
  bttr: 'butter',
  ched: 'cheddar',
  chkn: 'chicken',
  choc: 'chocolate',
  chs: 'cheese',
  ckie: 'cookie',
  ckies: 'cookie',
  cky: 'cookie',
  crkr: 'cracker',
  crm: 'cream',
  crmr: 'creamer',
  crmry: 'creamery',
  crnchy: 'crunchy',
  chps: 'chip',
  frz: 'frozen',
  frzn: 'frozen',
  grk: 'greek',
  grn: 'green',
  grnd: 'ground',
  grnla: 'granola',
  hny: 'honey',
  jce: 'juice',
  ktchn: 'kitchen',
  lg: 'large',
  mdw: 'meadow',
  mlk: 'milk',
  mozz: 'mozzarella',
  mtn: 'mountain',
  nat: 'natural',
  org: 'organic',
  orig: 'original',
  pnut: 'peanut',
  pstry: 'pastry',
  ptato: 'potato',
  rstd: 'roasted',
  sce: 'sauce',
  shrd: 'shredded',
  shrp: 'sharp',
  slt: 'salt',
  sltd: 'salted',
  spkl: 'sparkling',
  stwbry: 'strawberry',
  swt: 'sweet',
  tom: 'tomato',
  trky: 'turkey',
  van: 'vanilla',
  veg: 'vegetable',
  vly: 'valley',
  whl: 'whole',
  wht: 'wheat',
  wtr: 'water',
  ygrt: 'yogurt',
  yog: 'yogurt',
};

/** Units of sizes and counts: dropped with the number they follow, or alone. */
const UNITS = new Set(
  'oz fl floz lb lbs ct pk pc pcs gal qt pt ml l g kg ea each in dz doz per bag'.split(' '),
);
/** Words that are not the product's: company suffixes, links, coupon wording. */
const NOISE = new Set(
  (
    'co inc llc the and of a an for with any one two three on off save saving savings when you ' +
    'buy get take free limit item items variety varieties mix match select digital coupon ' +
    'coupons cpn dig e ecoupon or to at your pack size family value new'
  ).split(' '),
);
const DIGITAL = /\b(digital coupons?|dig(ital)? cpn|e ?coupons?|ecpn)\b/;

/** One form for singular and plural: 'berries' and 'berry' → 'berry', 'cookies' and 'cookie' → 'cooky'. */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('ie')) return `${word.slice(0, -2)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Lower case, '&' and punctuation gone, sizes and numbers gone, abbreviations expanded. */
export function words(text: string): string[] {
  const cleaned = text
    .toLowerCase()
    .replace(/[’']/g, '')
    // '2 @ 3.49', '@ 0.59': quantities and unit prices.
    .replace(/\d*\s*@\s*\$?\d+(\.\d+)?/g, ' ')
    // Sizes glued or spaced: '32oz', '1/2 gal', '5.3 oz', '85/15'.
    .replace(/\$?\d+([./]\d+)?\s*(%|¢)?/g, ' ')
    .replace(/[^a-z]+/g, ' ');
  return cleaned
    .split(' ')
    .filter((w) => w.length > 0 && !UNITS.has(w))
    .map((w) => singular(ABBREVIATIONS[w] ?? w));
}

function significant(list: string[]): string[] {
  return [...new Set(list.filter((w) => w.length > 1 && !NOISE.has(w)))];
}

/** The coupon's brand words and product words. */
export function couponWords(coupon: Pick<ClippedCoupon, 'brand' | 'summary'>): {
  brand: string[];
  product: string[];
} {
  const brand = significant(words(coupon.brand));
  const product = significant(words(coupon.summary)).filter((w) => !brand.includes(w));
  return { brand, product };
}

/** A coupon's words, worked out once per coupon object (a page matches it against every receipt). */
const couponWordsOf = new WeakMap<object, ReturnType<typeof couponWords>>();
function wordsOfCoupon(coupon: ClippedCoupon): ReturnType<typeof couponWords> {
  let found = couponWordsOf.get(coupon);
  if (!found) {
    found = couponWords(coupon);
    couponWordsOf.set(coupon, found);
  }
  return found;
}

/** How many items the coupon asks for (2 for 'buy 2' / 'buy TWO'), else 1. */
export function unitsRequired(summary: string): number {
  const m = /\bbuy\s+(?:any\s+)?(\d+|two|three|four)\b/i.exec(summary);
  if (!m) return 1;
  const n = { two: 2, three: 3, four: 4 }[m[1].toLowerCase()] ?? Number(m[1]);
  return Number.isFinite(n) && n > 1 ? n : 1;
}

/** Units on one line: '2 @ 3.49' is two, anything else one. */
export function lineUnits(description: string): number {
  const m = /(\d+)\s*@/.exec(description);
  return m ? Math.max(1, Number(m[1])) : 1;
}

export const isDigitalCouponLine = (item: ReceiptItem) =>
  item.value !== null && item.value < 0 && DIGITAL.test(item.description.toLowerCase());

/** Cut-short lines: registers print about 30 characters of a description. */
const CUT_LENGTH = 28;

/**
 * How well a line matches the coupon's words (rule 3): the number of product words, or 0 for no
 * match.
 */
export function lineScore(
  description: string,
  brand: string[],
  product: string[],
  line: string[] = words(description),
): number {
  if (brand.length === 0 || product.length === 0) return 0;
  const set = new Set(line);
  if (!brand.every((w) => set.has(w))) return 0;
  const own = line.filter((w) => !brand.includes(w) && !product.includes(w) && !NOISE.has(w));
  const missing = product.filter((w) => !set.has(w));
  if (missing.length === 0) return own.length === 0 ? product.length : 0;
  // Cut short: one product word missing, and the line ends with its start.
  if (description.trim().length < CUT_LENGTH || missing.length !== 1 || own.length !== 1) return 0;
  const last = line[line.length - 1];
  if (own[0] !== last || last.length < 2) return 0;
  // 'STRAWBERRI' is the start of 'strawberries', whose one form is 'strawberry'.
  const starts =
    missing[0].startsWith(last) || (last.length > 3 && missing[0].startsWith(last.slice(0, -1)));
  return starts ? product.length : 0;
}

function time(value: string | null): number | null {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isFinite(t) ? t : null;
}

/** Rule 1: the coupon could be used on a trip at `at`. */
export function usableAt(coupon: ClippedCoupon, at: string): boolean {
  const t = time(at);
  const clipped = time(coupon.clippedAt);
  const active = time(coupon.activeDate);
  const expiry = time(coupon.expiryDate);
  if (t === null || clipped === null || active === null || expiry === null) return false;
  if (!(clipped < t && active <= t && t <= expiry)) return false;
  if (coupon.lastRedeemed) {
    const day = calendarDate(coupon.lastRedeemed);
    if (day === null || day === calendarDate(at)) return false;
  }
  return true;
}

const near = (a: number, b: number) => Math.abs(a - b) < 0.005;

/** The clipped coupons probably bought on this receipt without their digital coupon line. */
export function findMisses(
  receipt: MatchableReceipt,
  coupons: readonly ClippedCoupon[],
): CouponMiss[] {
  const items = receipt.items;
  const digital = items.map(isDigitalCouponLine);
  // Each line's words once, not once per coupon.
  const lineWords = items.map((item) => words(item.description));
  const digitalWords = items.map((item, i) =>
    digital[i] ? new Set(significant(words(item.description))) : null,
  );
  // Best coupon per line (rule 6).
  const best = new Map<number, { offerId: string; score: number }>();
  const candidates: { coupon: ClippedCoupon; lines: number[] }[] = [];
  for (const coupon of coupons) {
    if (!usableAt(coupon, receipt.at)) continue;
    const { brand, product } = wordsOfCoupon(coupon);
    const lines: number[] = [];
    items.forEach((item, i) => {
      if (digital[i] || item.value === null || item.value <= 0) return;
      const score = lineScore(item.description, brand, product, lineWords[i]);
      if (score === 0) return;
      lines.push(i);
      const held = best.get(i);
      if (!held || score > held.score) best.set(i, { offerId: coupon.offerId, score });
    });
    if (lines.length === 0) continue;
    // Rule 4: enough units.
    const units = lines.reduce((n, i) => n + lineUnits(items[i].description), 0);
    if (units < unitsRequired(coupon.summary)) continue;
    // Rule 5: a digital coupon line for it.
    const applied = items.some((item, i) => {
      const named = digitalWords[i];
      if (!named) return false;
      if (brand.every((w) => named.has(w))) return true;
      const generic = named.size === 0;
      if (!generic) return false;
      const follows = lines.includes(i - 1);
      const sameValue =
        coupon.value !== null && item.value !== null && near(-item.value, coupon.value);
      return follows || sameValue;
    });
    if (!applied) candidates.push({ coupon, lines });
  }
  const misses: CouponMiss[] = [];
  for (const { coupon, lines } of candidates) {
    const line = lines.find((i) => best.get(i)?.offerId === coupon.offerId);
    if (line === undefined) continue;
    misses.push({
      offerId: coupon.offerId,
      coupon: coupon.summary,
      line: items[line].description,
      lineIndex: line,
    });
  }
  return misses.sort((a, b) => a.lineIndex - b.lineIndex);
}
