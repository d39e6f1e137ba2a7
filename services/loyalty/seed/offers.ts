/**
 * Digital coupons: the app's offers (5% expired, 4% not active yet, 7% ending within 3 days, the
 * rest running; active from a Denver midnight, ending at the last second of a Denver day) and the
 * coupons the demo shoppers clipped and redeemed.
 */
import type { SeedClock } from './clock';
import { formatValue, PRODUCTS, type Product } from './products';
import type { Random } from './random';
import type { SeedContext } from './rows';

/** Offers per app. */
export const OFFER_COUNT = 640;
export const FIRST_OFFER_ID = 100001;

const CENTS_VALUES = [0.25, 0.3, 0.4, 0.5, 0.55, 0.75];
const DOLLAR_VALUES = [1, 1, 1.25, 1.5, 1.5, 2, 2, 2.5, 3, 4, 5];

export interface OfferRow {
  offerId: number;
  activeDate: Date;
  expiryDate: Date;
  limit: number;
  row: unknown[];
}

function buildOffers(rnd: Random, c: SeedClock, retailer: string): OfferRow[] {
  const offers: OfferRow[] = [];
  for (let i = 0; i < OFFER_COUNT; i++) {
    const product = PRODUCTS[i % PRODUCTS.length];
    const variant = Math.floor(i / PRODUCTS.length) % 3;
    const offerId = FIRST_OFFER_ID + i;
    const price = product.priceCents / 100;
    let value: number;
    if (i === 7) value = 0.25;
    else if (i === 11) value = 5;
    else if (rnd.chance(0.07)) value = rnd.pick(CENTS_VALUES);
    else {
      const cap = variant === 1 ? price * 1.5 : price * 0.6;
      const fitting = DOLLAR_VALUES.filter((v) => v <= Math.max(1, cap));
      value = rnd.pick(fitting);
    }
    const roll = rnd.next();
    let activeDate: Date;
    let expiryDate: Date;
    if (roll < 0.05) {
      activeDate = c.at(-rnd.int(25, 45), 0, 0);
      expiryDate = c.endOfDay(-rnd.int(1, 20));
    } else if (roll < 0.09) {
      activeDate = c.at(rnd.int(2, 10), 0, 0);
      expiryDate = c.endOfDay(rnd.int(30, 60));
    } else if (roll < 0.16) {
      activeDate = c.at(-rnd.int(3, 25), 0, 0);
      expiryDate = c.endOfDay(rnd.int(0, 2));
    } else {
      activeDate = c.at(-rnd.int(1, 30), 0, 0);
      expiryDate = c.endOfDay(rnd.int(4, 60));
    }
    const limit = rnd.chance(0.8) ? 1 : rnd.int(2, 5);
    const full = `${product.brand} ${product.name}`;
    const shortName = product.name.replace(/,.*$/, '');
    const shown = formatValue(value);
    let summary: string;
    let description: string;
    if (variant === 0) {
      summary = `Save ${shown} on ${product.brand} ${shortName}`;
      description = `Save ${shown} when you buy any ONE (1) ${full}. Excludes trial and travel sizes.`;
    } else if (variant === 1) {
      summary = `Save ${shown} when you buy 2 ${product.brand} ${shortName}`;
      description = `Save ${shown} when you buy any TWO (2) ${full}. Mix or match varieties.`;
    } else {
      summary = `${shown} off ${product.brand} ${shortName}`;
      description = `Take ${shown} off one ${full}, any variety. Limit one item per coupon.`;
    }
    const disclaimer =
      `Must be clipped to your ${retailer} rewards account before purchase. ` +
      (limit === 1
        ? 'Limit one use per account. '
        : `May be redeemed up to ${limit} times per account. `) +
      'Not valid with other digital coupons on the same item. Void where prohibited.';
    offers.push({
      offerId,
      activeDate,
      expiryDate,
      limit,
      row: [
        offerId,
        `DC${offerId}`,
        product.brand,
        product.category.name,
        summary,
        description,
        disclaimer,
        `/images/coupons/${product.category.slug}.svg`,
        activeDate,
        expiryDate,
        value.toFixed(2),
        rnd.chance(0.08),
        limit,
      ],
    });
  }
  return offers;
}

/** The product and wording variant an offer was built from (offers cycle through PRODUCTS). */
export function offerProduct(offerId: number): { product: Product; variant: number } {
  const i = offerId - FIRST_OFFER_ID;
  return {
    product: PRODUCTS[i % PRODUCTS.length],
    variant: Math.floor(i / PRODUCTS.length) % 3,
  };
}

/** A shopper's clipped coupon as the seed wrote it. */
export interface SeededClip {
  frq: string;
  offer: OfferRow;
  clippedAt: Date;
  /** Also in the redeemed list. */
  redeemed: boolean;
}

/** Builds and inserts the app's offers. */
export async function seedOffers({ rnd, clock, retailer, insert }: SeedContext) {
  const offers = buildOffers(rnd, clock, retailer);
  await insert(
    'offers',
    [
      'offer_id',
      'offer_code',
      'brand_name',
      'category_name',
      'summary',
      'description',
      'disclaimer',
      'image1',
      'active_date',
      'expiry_date',
      'offer_value',
      'is_promoted',
      'redemption_limit',
    ],
    offers.map((o) => o.row),
  );
  return offers;
}

/**
 * Each shopper's redeemed coupons (among the offers that have begun) and clipped ones (among the
 * running offers not redeemed), at random instants within the offers' lives.
 */
export async function seedCoupons(
  { rnd, clock: c, insert }: SeedContext,
  offers: OfferRow[],
  plans: { frq: string; clips: number; redeems: number }[],
): Promise<SeededClip[]> {
  const now = c.now.getTime();
  const live = offers.filter((o) => o.activeDate.getTime() <= now && o.expiryDate.getTime() > now);
  const begun = offers.filter((o) => o.activeDate.getTime() <= now);
  const clipRows: unknown[][] = [];
  const redeemRows: unknown[][] = [];
  const clips: SeededClip[] = [];
  const between = (from: number, to: number) => new Date(from + rnd.next() * (to - from));
  plans.forEach((plan) => {
    const redeemed = rnd.shuffle(begun).slice(0, plan.redeems);
    const taken = new Set(redeemed.map((o) => o.offerId));
    for (const o of redeemed) {
      const until = Math.min(now, o.expiryDate.getTime());
      const last = between(o.activeDate.getTime(), until);
      const clipped = between(o.activeDate.getTime(), last.getTime());
      clipRows.push([plan.frq, o.offerId, clipped]);
      clips.push({ frq: plan.frq, offer: o, clippedAt: clipped, redeemed: true });
      redeemRows.push([plan.frq, o.offerId, rnd.int(1, o.limit), last]);
    }
    const clipped = rnd.shuffle(live.filter((o) => !taken.has(o.offerId))).slice(0, plan.clips);
    for (const o of clipped) {
      const at = between(o.activeDate.getTime(), now);
      clipRows.push([plan.frq, o.offerId, at]);
      clips.push({ frq: plan.frq, offer: o, clippedAt: at, redeemed: false });
    }
    // Every demo shopper holds a couple of clipped coupons that end within the next days, so the
    // coupons page's 'ends soon' lines and the reminder e-mails have something to show. Picked and
    // dated without drawing from `rnd` (clipped an hour ago, after every other clip): the rest of
    // the seed, planted receipts included, stays as it was.
    const soon = c.endOfDay(2).getTime();
    const ending = live
      .filter((o) => !taken.has(o.offerId) && !clipped.includes(o))
      .filter((o) => o.expiryDate.getTime() <= soon)
      .sort((a, b) => b.expiryDate.getTime() - a.expiryDate.getTime() || a.offerId - b.offerId);
    const held = clipped.filter((o) => o.expiryDate.getTime() <= soon).length;
    for (const o of ending.slice(0, Math.max(0, 2 - held))) {
      const at = new Date(Math.max(o.activeDate.getTime(), now - 3_600_000));
      clipRows.push([plan.frq, o.offerId, at]);
      clips.push({ frq: plan.frq, offer: o, clippedAt: at, redeemed: false });
    }
  });
  await insert('clipped_offers', ['frq_shopper_no', 'offer_id', 'clipped_at'], clipRows);
  await insert(
    'redeemed_offers',
    ['frq_shopper_no', 'offer_id', 'times_redeemed', 'last_redeemed'],
    redeemRows,
  );
  return clips;
}
