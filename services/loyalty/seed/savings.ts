/**
 * Savings per month of the current year (January to this month, in Denver) and the shoppers'
 * progress toward the loyalty offers.
 */
import { money, type SeedContext } from './rows';
import type { ShopperPlan } from './shoppers';

export async function seedSavings({ rnd, clock: c, insert }: SeedContext, plans: ShopperPlan[]) {
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
}
