/**
 * Demo data for one appId, generated deterministically (a PRNG seeded from the appId) with dates
 * relative to the day the seed runs: shoppers with known credentials, several hundred coupons,
 * receipts, points, credits, savings, loyalty offers, premiums, charities and terms versions.
 *
 * `seed` is idempotent: it does nothing when the appId already has data. It runs in one
 * transaction under an advisory lock, so a half-seeded app is never visible and two processes
 * starting together against one PostgreSQL server seed it once.
 */
import { DEMO_SHOPPERS, DEMO_UNREGISTERED_PHONE } from './credentials';
import type { Db } from '../../common/db.server';
import { hashSecret, normalizeAnswer } from './password';
import {
  CATALOG,
  CHARITY_GROUPS,
  EMAIL_SUBSCRIPTIONS,
  LOOSE_ITEMS,
  LOYALTY_OFFERS,
  PREMIUMS,
  REWARD_SUBSCRIPTIONS,
  SECURITY_QUESTIONS,
} from './seed-data';
import { placeOfZip } from './zip';

export interface SeedStore {
  storeNumber: string;
  name?: string;
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
}

export interface SeedOptions {
  appId: string;
  /** The brand's store numbers (4 digits); the shoppers' home stores and receipts use them. */
  storeNumbers: string[];
  /** Reward tiers (point thresholds); the shoppers' point totals sit around them. */
  tiers: number[];
  /** Header line of the receipts (default: the appId). */
  retailerName?: string;
  /** Name and address of the stores, for the receipts' store block (default: a generic block). */
  stores?: SeedStore[];
  /** "Today" for the relative dates (default: now). */
  now?: Date;
}

export interface SeedResult {
  appId: string;
  /** False when the appId already had data (nothing was written). */
  seeded: boolean;
  ms: number;
  counts: Record<string, number>;
}

/** Tiers used when a brand names none. */
export const DEFAULT_TIERS = [500, 1000, 2000];
/** Offers per app. */
export const OFFER_COUNT = 640;
export const FIRST_OFFER_ID = 100001;

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, good enough for demo data. */
export function createRandom(seedText: string) {
  let state = hashString(seedText);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const chance = (p: number) => next() < p;
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  };
  return { next, int, pick, chance, shuffle };
}
type Random = ReturnType<typeof createRandom>;

// ---------------------------------------------------------------------------------------------
// Dates: days are counted in Mountain Standard Time (UTC-7), the brands' time zone.

const DAY = 86_400_000;
const MST = 7 * 3_600_000;

function clock(now: Date) {
  const today = Math.floor((now.getTime() - MST) / DAY) * DAY; // UTC midnight of the MST date
  /** An instant on the day `offset` days from today, at local hour:minute. */
  const at = (offset: number, hour = 12, minute = 0) =>
    new Date(today + offset * DAY + MST + hour * 3_600_000 + minute * 60_000);
  const endOfDay = (offset: number) => new Date(at(offset + 1, 0, 0).getTime() - 1000);
  /** A plain date `YYYY-MM-DD`, `offset` days from today. */
  const date = (offset: number) => new Date(today + offset * DAY).toISOString().slice(0, 10);
  const year = new Date(today).getUTCFullYear();
  const month = new Date(today).getUTCMonth(); // 0-based
  return { now, at, endOfDay, date, year, month };
}

// ---------------------------------------------------------------------------------------------
// Rows

/** Multi-row INSERTs in chunks that stay far below PostgreSQL's 65 535-parameter limit. */
export async function insertRows(
  db: Db,
  table: string,
  columns: string[],
  rows: unknown[][],
): Promise<void> {
  const perChunk = Math.max(1, Math.min(1000, Math.floor(30_000 / columns.length)));
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    const params: unknown[] = [];
    const values = chunk.map((row) => {
      const marks = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${marks.join(', ')})`;
    });
    await db.query(
      `insert into ${table} (${columns.join(', ')}) values ${values.join(', ')}`,
      params,
    );
  }
}

const money = (cents: number) => (cents / 100).toFixed(2);

interface StoreInfo {
  storeNumber: string;
  name: string;
  address: string;
  cityLine: string;
  zip: string;
  state: string;
}

function storeInfo(appId: string, retailer: string, number: string, known?: SeedStore): StoreInfo {
  const zip = known?.zip ?? '84720';
  const place = placeOfZip(zip);
  const city = known?.city ?? place?.city ?? 'Cedar City';
  const state = known?.state ?? place?.state ?? 'UT';
  return {
    storeNumber: number,
    name: known?.name ?? `${retailer} #${number}`,
    address: known?.address ?? `${100 + (hashString(appId + number) % 800)} N Main St`,
    cityLine: `${city}, ${state} ${zip}`,
    zip,
    state,
  };
}

const TAX_RATES: Record<string, number> = { UT: 0.0305, ID: 0.06, NV: 0, CO: 0.029, AZ: 0.02 };

interface Product {
  category: (typeof CATALOG)[number];
  brand: string;
  name: string;
  priceCents: number;
}

const PRODUCTS: Product[] = CATALOG.flatMap((category) =>
  category.brands.flatMap((brand) =>
    brand.products.map(([name, priceCents]) => ({
      category,
      brand: brand.name,
      name,
      priceCents,
    })),
  ),
);

function formatValue(value: number): string {
  return value < 1 ? `${Math.round(value * 100)}¢` : `$${value.toFixed(2)}`;
}

const CENTS_VALUES = [0.25, 0.3, 0.4, 0.5, 0.55, 0.75];
const DOLLAR_VALUES = [1, 1, 1.25, 1.5, 1.5, 2, 2, 2.5, 3, 4, 5];

interface OfferRow {
  offerId: number;
  activeDate: Date;
  expiryDate: Date;
  limit: number;
  row: unknown[];
}

function buildOffers(rnd: Random, c: ReturnType<typeof clock>, retailer: string): OfferRow[] {
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

interface ShopperPlan {
  frq: string;
  store: StoreInfo | null;
  receipts: number;
  clips: number;
  redeems: number;
  targetPoints: number;
  fuelCents: number;
  progress: Record<string, number>;
}

/** Seeds one appId unless it already has data. */
export async function seed(db: Db, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const { appId } = options;
  const counts: Record<string, number> = {};
  const rnd = createRandom(`loyalty:${appId}`);
  const c = clock(options.now ?? new Date());
  const retailer = options.retailerName ?? appId;
  const tiers = [...(options.tiers.length ? options.tiers : DEFAULT_TIERS)].sort((a, b) => a - b);
  const firstTier = tiers[0];
  const topTier = tiers[tiers.length - 1];
  const stores = options.storeNumbers.map((number) =>
    storeInfo(
      appId,
      retailer,
      number,
      options.stores?.find((s) => s.storeNumber === number),
    ),
  );
  const fallbackStore = storeInfo(appId, retailer, '0001');

  // Already seeded (every start after the first): skip the hashing below.
  if ((await db.query('select 1 from apps where app_id = $1', [appId])).length) {
    return { appId, seeded: false, ms: Math.round(performance.now() - started), counts: {} };
  }

  // Hashing is the slow part: do it before taking the lock, in parallel.
  const [hash1, hash2, hash3, answer1] = await Promise.all([
    ...DEMO_SHOPPERS.map((s) => hashSecret(s.password)),
    hashSecret(normalizeAnswer('Biscuit')),
  ]);
  const hashes = [hash1, hash2, hash3];

  const seeded = await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(720302, hashtext($1))', [appId]);
    const existing = await tx.query('select 1 from apps where app_id = $1', [appId]);
    if (existing.length) return false;
    await tx.query('insert into apps (app_id) values ($1)', [appId]);
    const insert = async (table: string, columns: string[], rows: unknown[][]) => {
      counts[table] = (counts[table] ?? 0) + rows.length;
      await insertRows(tx, table, ['app_id', ...columns], [...rows.map((r) => [appId, ...r])]);
    };

    // Catalogs ------------------------------------------------------------------------------
    await insert(
      'reward_subscription_types',
      ['reward_subscription_id', 'name'],
      [...REWARD_SUBSCRIPTIONS],
    );
    await insert(
      'email_subscription_types',
      ['email_subscription_id', 'name'],
      EMAIL_SUBSCRIPTIONS.map((name, i) => [i + 1, name]),
    );
    await insert(
      'security_questions',
      ['question_id', 'question'],
      SECURITY_QUESTIONS.map((q, i) => [i + 1, q]),
    );
    await insert(
      'terms_versions',
      ['version', 'effective_date', 'title'],
      [
        [1, c.date(-400), `${retailer} Rewards Terms and Conditions`],
        [2, c.date(-30), `${retailer} Rewards Terms and Conditions (updated)`],
      ],
    );
    const charityZips = stores.length ? stores.map((s) => s.zip) : [fallbackStore.zip];
    let charityId = 1000;
    const charityRows: unknown[][] = [];
    for (const group of CHARITY_GROUPS) {
      for (const name of group.names) {
        charityId += 1;
        charityRows.push([
          charityId,
          group.group,
          name,
          charityZips[charityId % charityZips.length],
        ]);
      }
    }
    await insert(
      'charities',
      ['charity_id', 'charity_description', 'notes', 'zip_code'],
      charityRows,
    );
    await insert(
      'loyalty_offers',
      [
        'offer_code',
        'description',
        'notes',
        'image_url',
        'end_date',
        'qualifier_level',
        'redemption_limit',
      ],
      LOYALTY_OFFERS.map((o) => [
        o.code,
        o.description,
        o.notes,
        `/images/coupons/${o.slug}.svg`,
        c.date(o.endInDays),
        o.level,
        o.limit,
      ]),
    );
    await insert(
      'premiums',
      ['premium', 'description', 'notes', 'image_url', 'end_date', 'redemption_limit'],
      PREMIUMS.map((p) => [
        p.premium,
        p.description,
        p.notes,
        `/images/coupons/${p.slug}.svg`,
        c.date(p.endInDays),
        p.limit,
      ]),
    );
    const offers = buildOffers(rnd, c, retailer);
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

    // Shoppers ------------------------------------------------------------------------------
    const usedNumbers = new Set<string>();
    const newNumber = () => {
      for (;;) {
        const n = `${rnd.int(1, 9)}${String(rnd.int(0, 99_999_999_999)).padStart(11, '0')}`;
        if (!usedNumbers.has(n)) {
          usedNumbers.add(n);
          return n;
        }
      }
    };
    const homeStore = (i: number) => (stores.length ? stores[i % stores.length] : null);
    const plans: ShopperPlan[] = [
      {
        frq: newNumber(),
        store: homeStore(0),
        receipts: 22,
        clips: 12,
        redeems: 6,
        targetPoints: firstTier > 60 ? firstTier - 37 : Math.floor(firstTier * 0.8),
        fuelCents: 10,
        progress: { '0509': 42, '0500': 31, '0412': 60, '0415': 25, '0421': 100, '0703': 50 },
      },
      {
        frq: newNumber(),
        store: homeStore(1),
        receipts: 26,
        clips: 24,
        redeems: 14,
        targetPoints:
          tiers.length > 1 ? Math.floor((tiers[0] + tiers[1]) / 2) + 13 : firstTier + 120,
        fuelCents: 20,
        progress: { '0509': 87, '0500': 64, '0412': 100, '0415': 75, '0430': 80, '0701': 100 },
      },
      {
        frq: newNumber(),
        store: homeStore(2),
        receipts: 32,
        clips: 45,
        redeems: 30,
        targetPoints: topTier + 215,
        fuelCents: 30,
        progress: {
          '0509': 126,
          '0500': 104,
          '0412': 90,
          '0415': 112.5,
          '0421': 50,
          '0701': 100,
          '0702': 100,
          '0704': 40,
        },
      },
    ];
    const unregisteredFrq = newNumber();

    const shopperColumns = [
      'frq_shopper_no',
      'first_name',
      'last_name',
      'phone',
      'secondary_phone',
      'email',
      'birthday',
      'address1',
      'address2',
      'city',
      'state',
      'zip_code',
      'organization',
      'my_store',
      'password_hash',
      'security_question_id',
      'security_answer_hash',
      'terms_version_accepted',
      'fuel_cents_per_gallon',
      'created_at',
    ];
    const birthdays = ['1988-04-12', '1975-09-30', '1993-12-02'];
    const streets = ['W Center St', 'E 200 N', 'S Canyon Rd', 'N Cottonwood Dr'];
    const shopperRows = DEMO_SHOPPERS.map((s, i) => {
      const plan = plans[i];
      const zip = plan.store?.zip ?? '84720';
      const place = placeOfZip(zip);
      return [
        plan.frq,
        s.firstName,
        s.lastName,
        s.phone,
        i === 1 ? '4355550152' : '',
        s.email,
        birthdays[i],
        `${rnd.int(100, 2999)} ${streets[i]}`,
        i === 2 ? 'Apt 4' : '',
        place?.city ?? '',
        place?.state ?? '',
        zip,
        i === 1 ? 'Parent Teacher Association' : '',
        plan.store?.storeNumber ?? '0',
        hashes[i],
        i === 0 ? 1 : null,
        i === 0 ? answer1 : null,
        i === 0 ? 2 : i === 1 ? 1 : null,
        plan.fuelCents,
        c.at(-rnd.int(400, 900)),
      ];
    });
    shopperRows.push([
      unregisteredFrq,
      'Dana',
      'Walker',
      DEMO_UNREGISTERED_PHONE,
      '',
      null,
      null,
      '',
      '',
      '',
      '',
      '',
      '',
      '0',
      null,
      null,
      null,
      null,
      0,
      c.at(-200),
    ]);
    await insert('shoppers', shopperColumns, shopperRows);
    await insert(
      'shopper_reward_subscriptions',
      ['frq_shopper_no', 'reward_subscription_id'],
      [
        [plans[0].frq, 1],
        [plans[0].frq, 2],
        [plans[1].frq, 1],
        [plans[1].frq, 3],
        [plans[2].frq, 1],
        [plans[2].frq, 2],
      ],
    );
    await insert(
      'shopper_email_subscriptions',
      ['frq_shopper_no', 'email_subscription_id', 'opt_out_email'],
      plans.flatMap((plan, i) =>
        EMAIL_SUBSCRIPTIONS.map((_, j) => [
          plan.frq,
          j + 1,
          (i === 1 && j === 1) || (i === 2 && j !== 1),
        ]),
      ),
    );
    await insert(
      'shopper_charities',
      ['frq_shopper_no', 'charity_id', 'is_enrolled'],
      [
        [plans[0].frq, 1001 + rnd.int(0, charityRows.length - 1), true],
        [plans[2].frq, 1001 + rnd.int(0, charityRows.length - 1), true],
      ],
    );

    // Coupons clipped and redeemed ------------------------------------------------------------
    const now = c.now.getTime();
    const live = offers.filter(
      (o) => o.activeDate.getTime() <= now && o.expiryDate.getTime() > now,
    );
    const begun = offers.filter((o) => o.activeDate.getTime() <= now);
    const clipRows: unknown[][] = [];
    const redeemRows: unknown[][] = [];
    const between = (from: number, to: number) => new Date(from + rnd.next() * (to - from));
    plans.forEach((plan) => {
      const redeemed = rnd.shuffle(begun).slice(0, plan.redeems);
      const taken = new Set(redeemed.map((o) => o.offerId));
      for (const o of redeemed) {
        const until = Math.min(now, o.expiryDate.getTime());
        const last = between(o.activeDate.getTime(), until);
        const clipped = between(o.activeDate.getTime(), last.getTime());
        clipRows.push([plan.frq, o.offerId, clipped]);
        redeemRows.push([plan.frq, o.offerId, rnd.int(1, o.limit), last]);
      }
      const clipped = rnd.shuffle(live.filter((o) => !taken.has(o.offerId))).slice(0, plan.clips);
      for (const o of clipped)
        clipRows.push([plan.frq, o.offerId, between(o.activeDate.getTime(), now)]);
    });
    await insert('clipped_offers', ['frq_shopper_no', 'offer_id', 'clipped_at'], clipRows);
    await insert(
      'redeemed_offers',
      ['frq_shopper_no', 'offer_id', 'times_redeemed', 'last_redeemed'],
      redeemRows,
    );

    // Receipts, points, credits ----------------------------------------------------------------
    let transaction = rnd.int(100_000_000, 400_000_000);
    const receiptRows: unknown[][] = [];
    const pointRows: unknown[][] = [];
    const creditRows: unknown[][] = [];
    plans.forEach((plan, p) => {
      const days = new Set<number>([rnd.int(1, 4)]);
      while (days.size < plan.receipts) days.add(rnd.int(1, 149));
      const earned: { date: Date; points: number; store: string }[] = [];
      for (const offset of [...days].sort((a, b) => a - b)) {
        const home = plan.store ?? fallbackStore;
        const store = stores.length && rnd.chance(0.2) ? rnd.pick(stores) : home;
        const date = c.at(-offset, rnd.int(8, 20), rnd.int(0, 59));
        transaction += rnd.int(1, 4000);
        const number = String(transaction).padStart(9, '0');
        const { text, points } = receiptText(rnd, retailer, store, number);
        receiptRows.push([plan.frq, number, date, text]);
        earned.push({ date, points, store: store.storeNumber });
      }
      for (const e of earned) {
        pointRows.push([plan.frq, `Purchase - Store ${e.store}`, e.date, e.points]);
      }
      // Redemptions bring the total down to the target; a bonus makes up the difference.
      const sum = earned.reduce((total, e) => total + e.points, 0);
      const redemptions =
        sum > plan.targetPoints ? Math.ceil((sum - plan.targetPoints) / firstTier) : 0;
      const ordered = [...earned].sort((a, b) => a.date.getTime() - b.date.getTime());
      for (let k = 0; k < redemptions; k++) {
        const after =
          ordered[
            Math.min(ordered.length - 1, Math.floor(((k + 1) * ordered.length) / (redemptions + 1)))
          ];
        const issued = new Date(after.date.getTime() + 3_600_000);
        pointRows.push([
          plan.frq,
          `Reward credit issued - ${firstTier} points`,
          issued,
          -firstTier,
        ]);
        const cents = firstTier; // one cent per point: 500 points = $5.00
        const age = redemptions - 1 - k; // 0 = newest
        const balance = age === 0 ? cents : age === 1 ? Math.round(cents / 2) : 0;
        creditRows.push([
          plan.frq,
          `RC${firstTier} - ${formatValue(cents / 100)} reward credit for ${firstTier} points`,
          issued,
          new Date(issued.getTime() + 180 * DAY),
          money(cents),
          money(balance),
        ]);
      }
      const diff = plan.targetPoints - (sum - redemptions * firstTier);
      if (diff > 0) {
        const first = Math.ceil(diff / 2);
        pointRows.push([
          plan.frq,
          'Bonus points - Digital coupon bonus',
          c.at(-rnd.int(5, 60), 9),
          first,
        ]);
        if (diff - first > 0) {
          pointRows.push([
            plan.frq,
            'Bonus points - Double points weekend',
            c.at(-rnd.int(61, 140), 9),
            diff - first,
          ]);
        }
      }
      // Credits: a promotional one still open, and expired ones.
      creditRows.push([
        plan.frq,
        `PROMO - ${formatValue(2 + p)} welcome back credit`,
        c.at(-rnd.int(10, 40), 6),
        c.endOfDay(rnd.int(20, 90)),
        money(200 + p * 100),
        money(200 + p * 100),
      ]);
      creditRows.push([
        plan.frq,
        'HOLIDAY - $3.00 holiday bonus credit',
        c.at(-rnd.int(220, 260), 6),
        c.endOfDay(-rnd.int(30, 60)),
        '3.00',
        '3.00',
      ]);
      if (p > 0) {
        creditRows.push([
          plan.frq,
          'RC - $5.00 reward credit',
          c.at(-rnd.int(300, 340), 6),
          c.endOfDay(-rnd.int(120, 150)),
          '5.00',
          '1.50',
        ]);
      }
    });
    const anyStore = (stores[0] ?? fallbackStore).storeNumber;
    pointRows.push([unregisteredFrq, `Purchase - Store ${anyStore}`, c.at(-45, 15), 38]);
    pointRows.push([unregisteredFrq, `Purchase - Store ${anyStore}`, c.at(-12, 17), 61]);
    await insert(
      'receipts',
      ['frq_shopper_no', 'transaction_number', 'transaction_date', 'receipt_text'],
      receiptRows,
    );
    await insert(
      'points_history',
      ['frq_shopper_no', 'description', 'adjustment_date', 'adjustment_value'],
      pointRows,
    );
    await insert(
      'credits',
      ['frq_shopper_no', 'description', 'issued_at', 'expires_at', 'issued_balance', 'balance'],
      creditRows,
    );

    // Savings, loyalty offer progress ----------------------------------------------------------
    const savingsRows: unknown[][] = [];
    plans.forEach((plan, p) => {
      const scale = 1 + p * 0.6;
      for (let m = 0; m <= c.month; m++) {
        const month = `${c.year}-${String(m + 1).padStart(2, '0')}-01`;
        const cents = (min: number, max: number) => money(Math.round(rnd.int(min, max) * scale));
        savingsRows.push([
          plan.frq,
          month,
          rnd.chance(0.4) ? cents(200, 1000) : '0.00',
          cents(150, 2500),
          cents(400, 4000),
          cents(0, 1200),
          rnd.chance(0.5) ? cents(100, 800) : '0.00',
        ]);
      }
    });
    await insert(
      'savings_records',
      [
        'frq_shopper_no',
        'month',
        'adjustment_value',
        'digital_coupons_offer_value',
        'instant_offer_savings',
        'loyalty_offer_savings',
        'targeted_offer_savings',
      ],
      savingsRows,
    );
    const progressRows: unknown[][] = [];
    for (const plan of plans) {
      for (const [code, progress] of Object.entries(plan.progress)) {
        // 0509: dollars toward the next $100 (fuel); 0500: dollars toward $500 this quarter.
        const amount = code === '0509' ? progress : code === '0500' ? progress * 5 : null;
        progressRows.push([
          plan.frq,
          code,
          progress.toFixed(2),
          amount === null ? null : (amount + rnd.int(0, 99) / 100).toFixed(2),
        ]);
      }
    }
    await insert(
      'loyalty_offer_progress',
      ['frq_shopper_no', 'offer_code', 'progress', 'participation_amount'],
      progressRows,
    );
    return true;
  });

  return {
    appId,
    seeded,
    ms: Math.round(performance.now() - started),
    counts: seeded ? counts : {},
  };
}

/** One receipt in the text format of the contract, and the points it earned. */
export function receiptText(
  rnd: Random,
  retailer: string,
  store: StoreInfo,
  transactionNumber: string,
): { text: string; points: number } {
  const lines: [string, number][] = [];
  const count = rnd.int(4, 16);
  for (let i = 0; i < count; i++) {
    if (rnd.chance(0.15)) {
      lines.push(rnd.pick(LOOSE_ITEMS));
      continue;
    }
    const product = rnd.pick(PRODUCTS);
    const label = `${product.brand} ${product.name.replace(/,.*$/, '')}`.toUpperCase().slice(0, 30);
    if (rnd.chance(0.15)) {
      lines.push([`${label} 2 @ ${money(product.priceCents)}`, product.priceCents * 2]);
    } else {
      lines.push([label, product.priceCents]);
    }
    const savings = rnd.next();
    if (savings < 0.12) {
      lines.push([
        `DIGITAL COUPON ${product.brand.toUpperCase()}`.slice(0, 36),
        -Math.min(product.priceCents, rnd.pick([50, 75, 100, 150])),
      ]);
    } else if (savings < 0.25) {
      lines.push(['INSTANT SAVINGS', -Math.min(product.priceCents - 1, rnd.pick([30, 50, 100]))]);
    }
  }
  const subtotal = lines.reduce((sum, [, cents]) => sum + cents, 0);
  const tax = Math.round(subtotal * (TAX_RATES[store.state] ?? 0.03));
  const total = subtotal + tax;
  const points = Math.max(0, Math.floor(total / 100));
  const blocks = [
    [retailer.toUpperCase(), 'THANK YOU FOR SHOPPING WITH US'],
    [store.name, store.address, store.cityLine],
    lines.map(([label, cents]) => `${label}\t${money(cents)}`),
    [
      `Subtotal\t${money(subtotal)}`,
      `Total Tax\t${money(tax)}`,
      `Balance Due\t${money(total)}`,
      `Trans. Number\t${transactionNumber}`,
      `Points Earned\t${points}`,
    ],
  ];
  return { text: blocks.map((b) => b.join('\n')).join('\n\n'), points };
}
