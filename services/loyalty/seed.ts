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
import { seedShoppers } from './seed/shoppers';
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

/** Seeds one appId unless it already has data. */
export async function seed(db: Db, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const { appId } = options;
  const counts: Record<string, number> = {};
  const rnd = createRandom(`loyalty:${appId}`);
  const clock = seedClock(options.now ?? new Date());
  const retailer = options.retailerName ?? appId;
  const tiers = [...(options.tiers.length ? options.tiers : DEFAULT_TIERS)].sort((a, b) => a - b);
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
    const ctx: SeedContext = {
      rnd,
      clock,
      retailer,
      stores,
      fallbackStore,
      async insert(table, columns, rows) {
        counts[table] = (counts[table] ?? 0) + rows.length;
        await insertRows(tx, table, ['app_id', ...columns], [...rows.map((r) => [appId, ...r])]);
      },
    };
    // The order matters: each part draws from the PRNG after the previous one.
    const charityCount = await seedCatalogs(ctx);
    const offers = await seedOffers(ctx);
    const shoppers = await seedShoppers(ctx, tiers, { hashes, answer1 }, charityCount);
    await seedCoupons(ctx, offers, shoppers.plans);
    await seedReceipts(ctx, shoppers, tiers[0]);
    await seedSavings(ctx, shoppers.plans);
    return true;
  });

  return {
    appId,
    seeded,
    ms: Math.round(performance.now() - started),
    counts: seeded ? counts : {},
  };
}
