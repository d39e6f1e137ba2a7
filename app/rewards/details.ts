/**
 * The 'Points and Credit Details' tables (docs/reference/rewards.md "Rules"):
 * current credits, adjustment history and expired credits; points history. Data tables sort by
 * date descending; a credit's description drops the text up to and including the first hyphen
 * and space. Pure: dates shown are Denver days.
 */
import { formatShopperDate } from '@common/dates';
import type { CreditDetails, PointsRow } from '~/lib/loyalty/types';

/** 'RC500 - $5.00 reward credit' → '$5.00 reward credit'; no '- ' keeps it whole. */
export function creditDescription(description: string | null): string {
  const text = description ?? '';
  const at = text.indexOf('- ');
  return at === -1 ? text.trim() : text.slice(at + 2).trim();
}

/** Newest first; rows whose date cannot be read go last, in their order. */
export function byDateDescending<T>(rows: readonly T[], dateOf: (row: T) => string): T[] {
  const time = (row: T) => {
    const t = Date.parse(dateOf(row));
    return Number.isFinite(t) ? t : Number.NEGATIVE_INFINITY;
  };
  return rows
    .map((row, index) => ({ row, index, t: time(row) }))
    .sort((a, b) => (a.t === b.t ? a.index - b.index : b.t > a.t ? 1 : -1))
    .map((x) => x.row);
}

export interface CreditLine {
  description: string;
  /** 'Mar 5, 2026' (Denver). */
  date: string;
  issued: number | null;
  balance: number | null;
}

export interface PointsLine {
  description: string;
  date: string;
  points: number;
}

export interface CreditTables {
  /** Current credits (the balance the shopper can spend). */
  current: number;
  adjustments: CreditLine[];
  expired: CreditLine[];
}

function creditLines(rows: CreditDetails['adjustmentHistory']): CreditLine[] {
  return byDateDescending(rows, (r) => r.date).map((r) => ({
    description: creditDescription(r.description),
    date: formatShopperDate(r.date),
    issued: r.issuedBalance,
    balance: r.balance,
  }));
}

export function creditTables(details: CreditDetails): CreditTables {
  return {
    current: details.currentCredits,
    adjustments: creditLines(details.adjustmentHistory),
    expired: creditLines(details.expiredCredits),
  };
}

/**
 * A points row's description with the store it names by number ('Purchase - Store 0012') given
 * its name ('Purchase - Lin's Cedar City'); a number the brand has no store for stays as it is.
 */
export function namedStores(
  description: string,
  storeNames: ReadonlyMap<string, string> = new Map(),
): string {
  return description.replace(/\bStore #?(\d{1,6})\b/g, (whole, number: string) => {
    const name = storeNames.get(number) ?? storeNames.get(number.padStart(4, '0'));
    return name ?? whole;
  });
}

export function pointsLines(
  rows: readonly PointsRow[],
  storeNames?: ReadonlyMap<string, string>,
): PointsLine[] {
  return byDateDescending(rows, (r) => r.adjustmentDate).map((r) => ({
    description: namedStores((r.description ?? '').trim(), storeNames),
    date: formatShopperDate(r.adjustmentDate),
    points: r.adjustmentValue,
  }));
}
