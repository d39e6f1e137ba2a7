/**
 * The plain words at the top of the rewards page (shoppers cannot tell what their
 * points and credits come to): 'You have N points — M more for your next reward.' and the
 * credits they can spend. The tiers are point thresholds only (the tenant file and the loyalty
 * API give no reward value per tier), so the sentence names no dollar amount for the reward.
 */
import { calendarDate, formatShopperDate } from '@common/dates';
import type { CreditRow } from '~/lib/loyalty/types';
import { formatCurrency } from '~/lib/money';
import type { TierProgress } from './progress';

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export function formatPoints(points: number): string {
  return `${NUMBER.format(points)} ${Math.abs(points) === 1 ? 'point' : 'points'}`;
}

/**
 * 'You have 463 points — 37 more for your next reward.'; at the top tier 'You have 2,215
 * points — you have reached the top reward level.'; without tiers 'You have 240 points.'
 */
export function pointsSentence(points: number, progress: TierProgress | null): string {
  const have = `You have ${formatPoints(points)}`;
  if (!progress) return `${have}.`;
  if (progress.topTierReached) return `${have} — you have reached the top reward level.`;
  return `${have} — ${NUMBER.format(progress.pointsNeeded)} more for your next reward.`;
}

export interface CreditExpiry {
  /** Denver `YYYY-MM-DD`. */
  date: string;
  /** What is left on the credits that expire that day. */
  amount: number;
}

/**
 * The soonest day on which some of the shopper's current credits expire, with what is left on
 * them: credits with money left whose expiry (the API's ExpirationDate, docs/loyalty-api.md) is
 * today or later. Null when none has a known expiry (a backend that does not send it).
 */
export function soonestCreditExpiry(
  rows: readonly CreditRow[],
  today: string,
): CreditExpiry | null {
  let soonest: CreditExpiry | null = null;
  for (const row of rows) {
    const date = calendarDate(row.expirationDate);
    const balance = row.balance ?? 0;
    if (!date || date < today || !(balance > 0)) continue;
    if (!soonest || date < soonest.date) soonest = { date, amount: balance };
    else if (date === soonest.date) soonest.amount += balance;
  }
  if (soonest) soonest.amount = Math.round(soonest.amount * 100) / 100;
  return soonest;
}

/**
 * 'You have $7.50 in credits.' (currency: 50¢ under a dollar, $0.00 for none), then when
 * the soonest expiry is known 'Use $5.00 by Dec 1, 2026, when it expires.' (one credit's worth
 * never exceeds the total shown, however the backend rounds).
 */
export function creditsSentence(credits: number, expiry: CreditExpiry | null = null): string {
  const have = `You have ${formatCurrency(credits)} in credits.`;
  if (!expiry || !(credits > 0)) return have;
  const amount = Math.min(expiry.amount, credits);
  return `${have} Use ${formatCurrency(amount)} by ${formatShopperDate(expiry.date)}, when it expires.`;
}

/** The fuel line: 'Fuel Rewards: 20¢ off per gallon' (the brand may relabel Fuel Rewards). */
export function fuelLine(label: string, centsPerGallon: number): string {
  return `${label}: ${formatCurrency(centsPerGallon / 100)} off per gallon`;
}

/** The fuel note (docs/reference/rewards.md "Tenant fields"). */
export const FUEL_NOTE =
  'Fuel rewards are a one-time redemption. Points accrue through the month and start again at the beginning of the next month.';
