/**
 * Receipts in the contract's text format over the last 150 days (at least one in the last 4), the
 * points they earned, reward credits issued by redemptions (180 days to use), bonus points that
 * land each shopper on their target, and promotional and expired credits.
 */
import { addDenverDays } from '../../../common/dates';
import { LOOSE_ITEMS } from '../seed-data';
import type { SeededClip } from './offers';
import { plantedTrip, type PlantedTrip } from './planted';
import { formatValue, PRODUCTS } from './products';
import type { Random } from './random';
import { money, type SeedContext } from './rows';
import type { SeededShoppers } from './shoppers';
import type { StoreInfo } from './stores';

const TAX_RATES: Record<string, number> = { UT: 0.0305, ID: 0.06, NV: 0, CO: 0.029, AZ: 0.02 };

/** Seeds receipts, points history and credits; `firstTier` is the price of a reward credit. */
export async function seedReceipts(
  { rnd, clock: c, retailer, stores, fallbackStore, insert }: SeedContext,
  { plans, unregisteredFrq }: SeededShoppers,
  firstTier: number,
  clips: readonly SeededClip[] = [],
) {
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
      pointRows.push([plan.frq, `Reward credit issued - ${firstTier} points`, issued, -firstTier]);
      const cents = firstTier; // one cent per point: 500 points = $5.00
      const age = redemptions - 1 - k; // 0 = newest
      const balance = age === 0 ? cents : age === 1 ? Math.round(cents / 2) : 0;
      creditRows.push([
        plan.frq,
        `RC${firstTier} - ${formatValue(cents / 100)} reward credit for ${firstTier} points`,
        issued,
        addDenverDays(issued, 180),
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
  const odd = plans[1];
  if (odd) {
    // No random draw: the rest of the seed stays what it was.
    const number = String(transaction + 1).padStart(9, '0');
    const store = odd.store ?? fallbackStore;
    receiptRows.push([
      odd.frq,
      number,
      c.at(-17, 18, 42),
      malformedReceiptText(retailer, store, number),
    ]);
  }
  // Trips where a clipped coupon did not come off, beside near misses (no random draw either).
  let planted = transaction + 1;
  const trips: PlantedTrip[] = [];
  for (const plan of plans) {
    const trip = plantedTrip({
      retailer,
      store: plan.store ?? fallbackStore,
      frq: plan.frq,
      clips,
      now: c.now,
      transactionNumber: String((planted += 7)).padStart(9, '0'),
    });
    if (trip) {
      trips.push(trip);
      receiptRows.push([plan.frq, trip.transactionNumber, trip.at, trip.text]);
    }
  }
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
  return { planted: trips };
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
  return receiptFromLines(retailer, store, lines, transactionNumber);
}

/** A receipt's text from its item lines (label, cents): totals, tax and points worked out. */
export function receiptFromLines(
  retailer: string,
  store: StoreInfo,
  lines: readonly [string, number][],
  transactionNumber: string,
): { text: string; points: number } {
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

/** A line of the malformed receipt that no well-formed one has (tests tell them apart by it). */
export const MALFORMED_RECEIPT_MARK = '<<< REPRINT - COPY >>>';

/**
 * A receipt as an older register sends it: one block, no blank line between the store and the
 * items, amounts in spaced columns instead of after a tab. It names no points.
 */
export function malformedReceiptText(
  retailer: string,
  store: StoreInfo,
  transactionNumber: string,
): string {
  return [
    retailer.toUpperCase(),
    `${store.name} STORE ${store.storeNumber}  REG 04  OPER 117`,
    MALFORMED_RECEIPT_MARK,
    'MILK 1 GAL                3.49',
    'BREAD WHEAT               2.99',
    'BANANAS 2.10 LB @ 0.59    1.24',
    'TOTAL                     7.72',
    `TRANS ${transactionNumber}`,
  ].join('\n');
}
