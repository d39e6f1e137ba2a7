/**
 * Year-to-date savings (docs/reference/rewards.md
 * "Savings"): the savings call's records as a table of months by kind of saving,
 * with the brand's hidden columns left out. Pure and client-safe: the server builds the table,
 * the page renders it and draws the chart from it (savings-chart-model.ts).
 */
import { isHidden, type HiddenElement } from '~/lib/tenant/public';
import type { SavingsRecord } from '~/lib/loyalty/types';

/** The kinds of saving, in column order, and the record field each reads. */
export const SAVINGS_KINDS = [
  {
    kind: 'walletCredit',
    field: 'adjustmentValue',
    label: 'Wallet credit',
    hiddenBy: 'wallet-credit-column',
  },
  {
    kind: 'digitalCoupons',
    field: 'digitalCouponsOfferValue',
    label: 'Digital coupons',
    hiddenBy: 'digital-coupon-savings-column',
  },
  { kind: 'instant', field: 'instantOfferSavings', label: 'Instant savings', hiddenBy: null },
  { kind: 'loyalty', field: 'loyaltyOfferSavings', label: 'Loyalty offers', hiddenBy: null },
  { kind: 'targeted', field: 'targetedOfferSavings', label: 'Targeted offers', hiddenBy: null },
] as const satisfies readonly {
  kind: string;
  field: keyof SavingsRecord;
  label: string;
  hiddenBy: HiddenElement | null;
}[];

export type SavingsKind = (typeof SAVINGS_KINDS)[number]['kind'];

export const SAVINGS_LABELS: Record<SavingsKind, string> = Object.fromEntries(
  SAVINGS_KINDS.map((k) => [k.kind, k.label]),
) as Record<SavingsKind, string>;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export interface SavingsMonth {
  /** `YYYY-MM`. */
  month: string;
  /** 'January'. */
  label: string;
  /** 'Jan'. */
  short: string;
  /** Dollars per shown kind (0 when the month has no record). */
  values: Record<SavingsKind, number>;
  /** Sum of the shown kinds. */
  total: number;
}

export interface SavingsTable {
  year: number;
  /** The kinds this brand shows, in column order. */
  kinds: SavingsKind[];
  /** January to the current month (or the latest month with a record), in order. */
  months: SavingsMonth[];
  /** Year-to-date sum per shown kind. */
  totals: Record<SavingsKind, number>;
  /** Year-to-date sum of the shown kinds. */
  total: number;
}

/** Dollars to whole cents and back, so sums never show 0.30000000000000004. */
const cents = (value: number) => Math.round(value * 100);
const dollars = (c: number) => c / 100;

/**
 * The kinds of saving a brand shows: the wallet credit column is hidden for retailers that
 * exclude wallet credits, the digital coupon column on one brand's setting.
 */
export function savingsKinds(tenant: { hiddenElements: readonly string[] }): SavingsKind[] {
  return SAVINGS_KINDS.filter((k) => !k.hiddenBy || !isHidden(tenant, k.hiddenBy)).map(
    (k) => k.kind,
  );
}

/**
 * The table of `today`'s year (Denver, `YYYY-MM-DD`): a row per month from January to this month
 * (a later month with a record too), amounts summed when a month has several records, records of
 * other years or with an unreadable date left out. Totals count only the kinds shown, so the
 * table adds up as the shopper reads it.
 */
export function savingsTable(
  records: readonly SavingsRecord[],
  kinds: readonly SavingsKind[],
  today: string,
): SavingsTable {
  const year = Number(today.slice(0, 4));
  const byMonth = new Map<number, Record<SavingsKind, number>>();
  for (const record of records) {
    const m = /^(\d{4})-(\d{2})/.exec(record.date.trim());
    if (!m || Number(m[1]) !== year) continue;
    const month = Number(m[2]);
    if (month < 1 || month > 12) continue;
    const row = byMonth.get(month) ?? emptyValues();
    for (const k of SAVINGS_KINDS) {
      const value = record[k.field];
      if (typeof value === 'number' && Number.isFinite(value)) row[k.kind] += cents(value);
    }
    byMonth.set(month, row);
  }
  const last = Math.max(Number(today.slice(5, 7)) || 12, ...byMonth.keys());
  const totals = emptyValues();
  const months: SavingsMonth[] = [];
  for (let month = 1; month <= last; month++) {
    const row = byMonth.get(month) ?? emptyValues();
    const values = emptyValues();
    let total = 0;
    for (const kind of kinds) {
      values[kind] = dollars(row[kind]);
      totals[kind] += row[kind];
      total += row[kind];
    }
    months.push({
      month: `${year}-${String(month).padStart(2, '0')}`,
      label: MONTHS[month - 1],
      short: MONTHS[month - 1].slice(0, 3),
      values,
      total: dollars(total),
    });
  }
  const grand = kinds.reduce((sum, kind) => sum + totals[kind], 0);
  for (const k of SAVINGS_KINDS) totals[k.kind] = dollars(totals[k.kind]);
  return { year, kinds: [...kinds], months, totals, total: dollars(grand) };
}

function emptyValues(): Record<SavingsKind, number> {
  return { walletCredit: 0, digitalCoupons: 0, instant: 0, loyalty: 0, targeted: 0 };
}
