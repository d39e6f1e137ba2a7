/**
 * The "did my coupons apply?" matcher measured on the demo data: the reference loyalty service's
 * seed run in memory (no database) for each brand's app, each demo shopper's clipped coupons and
 * receipts read as the site reads them, and the flags compared with the known answers: the planted
 * trips' lines (services/loyalty/seed/planted.ts) and, on the other receipts, an independent
 * check by the seed's own product labels (a line printed exactly as the seed prints a clipped,
 * usable coupon's product, enough units, and no digital coupon line of its brand).
 */
import { readApps } from '../services/loyalty/apps';
import { seedContext, seedParts, seedTiers } from '../services/loyalty/seed';
import { offerProduct } from '../services/loyalty/seed/offers';
import type { PlantedLine } from '../services/loyalty/seed/planted';
import { calendarDate } from '@common/dates';
import type { ClippedCoupon } from '~/accounts/coupon-misses';
import { receiptViews } from '~/accounts/receipts';
import { readReceipt } from '~/lib/loyalty/receipt';
import type { Receipt } from '~/lib/loyalty/types';
import { quality, type MatchQuality } from './receipt-matching';

export interface DemoMatching extends MatchQuality {
  apps: number;
  shoppers: number;
  /** Planted true misses found, of all planted. */
  plantedFound: number;
  planted: number;
  /** Planted near misses (and coupons that did come off) flagged: should be 0. */
  nearFlagged: string[];
  nearPlanted: number;
  /** Shoppers with fewer than two flags. */
  thinShoppers: number;
}

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d));

export async function demoMatching(root = process.cwd(), now = new Date()): Promise<DemoMatching> {
  const apps = readApps(`${root}/tenants`, `${root}/content`);
  const cases: { flags: string[]; truth: Set<string> }[] = [];
  let plantedFound = 0;
  let planted = 0;
  let nearPlanted = 0;
  let shoppers = 0;
  let thinShoppers = 0;
  const nearFlagged: string[] = [];
  for (const app of apps) {
    const rows = new Map<string, unknown[][]>();
    const ctx = seedContext({ ...app, now }, async (table, _columns, r) => {
      rows.set(table, [...(rows.get(table) ?? []), ...r]);
    });
    const secrets = { hashes: ['-', '-', '-'], answer1: '-' };
    const seeded = await seedParts(ctx, seedTiers(app.tiers), secrets);
    const offers = new Map(seeded.offers.map((o) => [o.offerId, o]));
    const redeemed = rows.get('redeemed_offers') ?? [];
    for (const plan of seeded.plans) {
      shoppers += 1;
      // The activated list as the service answers it: running, not used up.
      const coupons: ClippedCoupon[] = seeded.clips
        .filter((c) => c.frq === plan.frq && c.offer.expiryDate > now)
        .flatMap((c) => {
          const r = redeemed.find((row) => row[0] === plan.frq && row[1] === c.offer.offerId);
          if (r && Number(r[2]) >= c.offer.limit) return [];
          const row = c.offer.row;
          return [
            {
              offerId: String(c.offer.offerId),
              brand: String(row[2]),
              summary: String(row[4]),
              value: Number(row[10]),
              clippedAt: c.clippedAt.toISOString(),
              activeDate: c.offer.activeDate.toISOString(),
              expiryDate: c.offer.expiryDate.toISOString(),
              lastRedeemed: r ? iso(r[3]) : null,
            },
          ];
        });
      const receipts: Receipt[] = (rows.get('receipts') ?? [])
        .filter((r) => r[0] === plan.frq)
        .map((r) => ({
          transactionNumber: String(r[1]),
          transactionDate: iso(r[2]),
          receiptTextData: String(r[3]),
        }));
      const trips = new Map(
        seeded.planted.filter((t) => t.frq === plan.frq).map((t) => [t.transactionNumber, t]),
      );
      let shopperFlags = 0;
      for (const view of receiptViews(receipts, coupons)) {
        const txn = view.transactionNumber ?? '';
        const flags = view.misses.map((m) => `${txn}|${m.offerId}|${m.line}`);
        shopperFlags += flags.length;
        const trip = trips.get(txn);
        const key = (l: PlantedLine) => `${txn}|${l.offerId}|${l.line}`;
        const truth = trip
          ? new Set(trip.lines.filter((l) => l.kind === 'miss').map(key))
          : labelTruth(receipts.find((r) => r.transactionNumber === txn)!, coupons, offers);
        if (trip) {
          for (const l of trip.lines) {
            if (l.kind === 'miss') {
              planted += 1;
              if (flags.includes(key(l))) plantedFound += 1;
            } else {
              nearPlanted += 1;
              // A near line flagged for any coupon is a false flag.
              if (view.misses.some((m) => m.line === l.line))
                nearFlagged.push(`${app.appId} ${l.line}`);
            }
          }
        }
        cases.push({ flags, truth });
      }
      if (shopperFlags < 2) thinShoppers += 1;
    }
  }
  return {
    ...quality(cases),
    apps: apps.length,
    shoppers,
    plantedFound,
    planted,
    nearFlagged,
    nearPlanted,
    thinShoppers,
  };
}

/** The true misses of a seeded (not planted) receipt, by the seed's exact product labels. */
function labelTruth(
  receipt: Receipt,
  coupons: readonly ClippedCoupon[],
  offers: Map<number, { offerId: number }>,
): Set<string> {
  const truth = new Set<string>();
  const parsed = readReceipt(receipt.receiptTextData);
  if (!parsed) return truth;
  const at = Date.parse(receipt.transactionDate);
  for (const c of coupons) {
    if (!offers.has(Number(c.offerId))) continue;
    const usable =
      Date.parse(c.clippedAt!) < at &&
      Date.parse(c.activeDate!) <= at &&
      at <= Date.parse(c.expiryDate!) &&
      (!c.lastRedeemed || calendarDate(c.lastRedeemed) !== calendarDate(receipt.transactionDate));
    if (!usable) continue;
    const { product, variant } = offerProduct(Number(c.offerId));
    const label = `${product.brand} ${product.name.replace(/,.*$/, '')}`
      .toUpperCase()
      .slice(0, 30)
      .trim();
    const lines = parsed.items
      .map((item, i) => ({ item, i }))
      .filter(({ item }) => item.description.replace(/ \d+ @ [\d.]+$/, '').trim() === label);
    if (lines.length === 0) continue;
    const units = lines.reduce((n, { item }) => n + (/ 2 @ /.test(item.description) ? 2 : 1), 0);
    if (units < (variant === 1 ? 2 : 1)) continue;
    const coupon = `DIGITAL COUPON ${product.brand.toUpperCase()}`.slice(0, 36);
    if (parsed.items.some((item) => item.description === coupon)) continue;
    truth.add(`${receipt.transactionNumber}|${c.offerId}|${lines[0].item.description}`);
  }
  return truth;
}
