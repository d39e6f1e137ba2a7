/**
 * One trip per demo shopper where clipped coupons did not come off, for the receipts page's
 * "did my coupons apply?" check and for measuring it: no random draw (the rest of the seed stays
 * what it was). Each trip holds, after the coupons' clip times:
 *
 * - a true miss printed the way registers abbreviate ('MTN CRMRY GRK YGRT 32OZ'), no coupon line;
 * - a second true miss printed in full (two units when its coupon asks for two), no coupon line;
 * - a clipped coupon that did come off (its item and a 'DIGITAL COUPON <BRAND>' line);
 * - near misses that must not be flagged: another product of the first coupon's brand, the first
 *   coupon's product under another brand, one unit of a coupon that asks for two;
 * - an instant saving and a loyalty discount line.
 */
import { offerProduct, type SeededClip } from './offers';
import { PRODUCTS, type Product } from './products';
import { receiptFromLines } from './receipts';
import type { StoreInfo } from './stores';

/** How registers shorten words (the site's matcher reads each of these back). */
export const PLANTED_ABBREVIATIONS: Readonly<Record<string, string>> = {
  beef: 'BF',
  boneless: 'BNLS',
  bread: 'BRD',
  breakfast: 'BRKFST',
  brown: 'BRN',
  butter: 'BTR',
  cheddar: 'CHED',
  cheese: 'CHS',
  chicken: 'CHKN',
  chocolate: 'CHOC',
  cream: 'CRM',
  creamer: 'CRMR',
  creamery: 'CRMRY',
  greek: 'GRK',
  green: 'GRN',
  ground: 'GRND',
  honey: 'HNY',
  large: 'LG',
  meadow: 'MDW',
  milk: 'MLK',
  mountain: 'MTN',
  mozzarella: 'MOZZ',
  organic: 'ORG',
  roasted: 'RSTD',
  salted: 'SLTD',
  sauce: 'SCE',
  sharp: 'SHRP',
  shredded: 'SHRD',
  sparkling: 'SPKL',
  sweet: 'SWT',
  turkey: 'TRKY',
  valley: 'VLY',
  vanilla: 'VAN',
  water: 'WTR',
  wheat: 'WHT',
  whole: 'WHL',
  yogurt: 'YGRT',
};

/** The brand no coupon has, for the "same product, another brand" near miss. */
export const PLANTED_OTHER_BRAND = 'VALUE PICK';

export type PlantedKind = 'miss' | 'applied' | 'near';

export interface PlantedLine {
  line: string;
  /** The coupon the line is about (a near miss: the coupon it must not be flagged for). */
  offerId: number;
  kind: PlantedKind;
}

export interface PlantedTrip {
  frq: string;
  transactionNumber: string;
  at: Date;
  text: string;
  lines: PlantedLine[];
}

const shortName = (p: Product) => p.name.replace(/,.*$/, '');
/** The size after the comma, glued as registers print it: '32 oz' → '32OZ'. */
const size = (p: Product) =>
  (/,\s*(.+)$/.exec(p.name)?.[1] ?? '').replace(/\s+/g, '').toUpperCase();
const label = (p: Product) => `${p.brand} ${shortName(p)}`.toUpperCase().slice(0, 30).trim();

/** 'Mountain Creamery Greek Yogurt, 32 oz' → 'MTN CRMRY GRK YGRT 32OZ' (the size when it fits). */
export function abbreviated(p: Product): string {
  const name = `${p.brand} ${shortName(p)}`
    .split(/\s+/)
    .map((w) => PLANTED_ABBREVIATIONS[w.toLowerCase().replace(/[^a-z]/g, '')] ?? w.toUpperCase())
    .join(' ');
  const sized = `${name} ${size(p)}`.trim();
  return sized.length <= 30 ? sized : name;
}

/** A true miss's line: whole, abbreviated when asked or when the whole name is too long. */
function missLine(p: Product, abbreviate: boolean): string {
  const whole = `${p.brand} ${shortName(p)}`.toUpperCase();
  return abbreviate || whole.length > 30 ? abbreviated(p) : whole;
}

export function plantedTrip(options: {
  retailer: string;
  store: StoreInfo;
  frq: string;
  clips: readonly SeededClip[];
  now: Date;
  transactionNumber: string;
}): PlantedTrip | null {
  const { frq, now } = options;
  const usable = options.clips
    .filter((c) => c.frq === frq && !c.redeemed && c.offer.expiryDate > now)
    .sort((a, b) => a.clippedAt.getTime() - b.clippedAt.getTime())
    .map((c) => ({ clip: c, ...offerProduct(c.offer.offerId) }));
  const brands = new Set<string>();
  const pick = (test: (u: (typeof usable)[number]) => boolean = () => true) => {
    const found = usable.find((u) => !brands.has(u.product.brand) && test(u));
    if (found) brands.add(found.product.brand);
    return found;
  };
  // The true misses are printed without a cut (a register prints about 30 characters).
  const whole = (u: (typeof usable)[number]) => abbreviated(u.product).length <= 30;
  const first = pick(whole);
  const second = pick(whole);
  if (!first || !second) return null;
  const applied = pick();
  const twoNeeded = pick((u) => u.variant === 1);
  const chosen = [first, second, applied, twoNeeded].filter((u) => u !== undefined);
  const clipped = new Set(usable.map((u) => `${u.product.brand}|${u.product.name}`));
  const sibling = PRODUCTS.find(
    (p) =>
      p.brand === first.product.brand &&
      p.name !== first.product.name &&
      !clipped.has(`${p.brand}|${p.name}`),
  );
  const lines: [string, number][] = [['BANANAS 2.31 LB @ 0.59', 136]];
  const truth: PlantedLine[] = [];
  const add = (line: string, cents: number, offerId: number, kind: PlantedKind | null) => {
    lines.push([line, cents]);
    if (kind) truth.push({ line, offerId, kind });
  };
  const id = (u: (typeof usable)[number]) => u.clip.offer.offerId;
  const miss = (u: (typeof usable)[number], abbreviate: boolean) => {
    const p = u.product;
    const line = missLine(p, abbreviate);
    const price = (p.priceCents / 100).toFixed(2);
    if (u.variant === 1) add(`${line} 2 @ ${price}`, p.priceCents * 2, id(u), 'miss');
    else add(line, p.priceCents, id(u), 'miss');
  };
  miss(first, true);
  if (sibling) add(label(sibling), sibling.priceCents, id(first), 'near');
  miss(second, false);
  lines.push(['INSTANT SAVINGS', -50]);
  if (applied) {
    const p = applied.product;
    add(label(p), p.priceCents, id(applied), 'applied');
    const value = Math.round(Number(applied.clip.offer.row[10]) * 100);
    lines.push([
      `DIGITAL COUPON ${p.brand.toUpperCase()}`.slice(0, 36),
      -Math.min(p.priceCents, value),
    ]);
  }
  add(
    `${PLANTED_OTHER_BRAND} ${shortName(first.product)}`.toUpperCase().slice(0, 30).trim(),
    Math.max(99, first.product.priceCents - 100),
    id(first),
    'near',
  );
  if (twoNeeded) add(label(twoNeeded.product), twoNeeded.product.priceCents, id(twoNeeded), 'near');
  lines.push(['GREEN ONIONS', 89], ['REWARDS MEMBER SAVINGS', -75]);
  // Halfway between the last of the coupons' clips and now.
  const last = Math.max(...chosen.map((u) => u.clip.clippedAt.getTime()));
  const at = new Date(Math.floor((last + now.getTime()) / 2 / 60_000) * 60_000);
  if (at.getTime() <= last) return null;
  const { text } = receiptFromLines(
    options.retailer,
    options.store,
    lines,
    options.transactionNumber,
  );
  return { frq, transactionNumber: options.transactionNumber, at, text, lines: truth };
}
