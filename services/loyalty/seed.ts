/**
 * Demo data for one appId, generated deterministically (a PRNG seeded from the appId) with dates
 * relative to the day the seed runs, in Denver: shoppers with known credentials, several hundred
 * coupons, receipts, points, credits, savings, loyalty offers, premiums, charities and terms
 * versions. The parts are in seed/ and run in a fixed order (they share the PRNG).
 *
 * `seed` is idempotent: it does nothing when the appId already has data. It runs in one
 * transaction under an advisory lock, so a half-seeded app is never visible and two processes
 * starting together against one PostgreSQL server seed it once.
 */
import type { Db } from '../../common/db.server';
import { DEMO_SHOPPERS } from './credentials';
import { hashSecret, normalizeAnswer } from './password';
import { seedCatalogs } from './seed/catalogs';
import { seedClock } from './seed/clock';
import { seedCoupons, seedOffers } from './seed/offers';
import { createRandom } from './seed/random';
import { seedReceipts } from './seed/receipts';
import { insertRows, type SeedContext } from './seed/rows';
import { seedSavings } from './seed/savings';
import { seedShoppers, type ShopperSecrets } from './seed/shoppers';
import { storeInfo, type SeedStore } from './seed/stores';

export { FIRST_OFFER_ID, OFFER_COUNT } from './seed/offers';
export { createRandom } from './seed/random';
export { receiptText } from './seed/receipts';
export { insertRows } from './seed/rows';
export type { SeedStore } from './seed/stores';

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
  /** "Today" for the relative dates (default: now); days are Denver days. */
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

/**
 * The parts of the seed, in their order (each draws from the PRNG after the previous one), writing
 * through `ctx.insert`. What it returns lets a measurement read the seed without a database.
 */
export async function seedParts(ctx: SeedContext, tiers: number[], secrets: ShopperSecrets) {
  const charityCount = await seedCatalogs(ctx);
  const offers = await seedOffers(ctx);
  const shoppers = await seedShoppers(ctx, tiers, secrets, charityCount);
  const clips = await seedCoupons(ctx, offers, shoppers.plans);
  const { planted } = await seedReceipts(ctx, shoppers, tiers[0], clips);
  await seedSavings(ctx, shoppers.plans);
  return { offers, plans: shoppers.plans, clips, planted };
}

/** The context of a seed run: the PRNG, clock and stores of an app, and where rows go. */
export function seedContext(options: SeedOptions, insert: SeedContext['insert']): SeedContext {
  const { appId } = options;
  const retailer = options.retailerName ?? appId;
  return {
    rnd: createRandom(`loyalty:${appId}`),
    clock: seedClock(options.now ?? new Date()),
    retailer,
    stores: options.storeNumbers.map((number) =>
      storeInfo(
        appId,
        retailer,
        number,
        options.stores?.find((s) => s.storeNumber === number),
      ),
    ),
    fallbackStore: storeInfo(appId, retailer, '0001'),
    insert,
  };
}

/** The reward tiers of a seed run, sorted (the defaults when the brand names none). */
export const seedTiers = (tiers: number[]) =>
  [...(tiers.length ? tiers : DEFAULT_TIERS)].sort((a, b) => a - b);

/** Seeds one appId unless it already has data. */
export async function seed(db: Db, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const { appId } = options;
  const counts: Record<string, number> = {};
  const tiers = seedTiers(options.tiers);
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
    const ctx = seedContext(options, async (table, columns, rows) => {
      counts[table] = (counts[table] ?? 0) + rows.length;
      await insertRows(tx, table, ['app_id', ...columns], [...rows.map((r) => [appId, ...r])]);
    });
    await seedParts(ctx, tiers, { hashes, answer1 });
    return true;
  });

  return {
    appId,
    seeded,
    ms: Math.round(performance.now() - started),
    counts: seeded ? counts : {},
  };
}
