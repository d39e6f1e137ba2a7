/**
 * The plain words at the top of the rewards page (issue 13: shoppers cannot tell what their
 * points and credits come to): 'You have N points — M more for your next reward.' and the
 * credits they can spend. The tiers are point thresholds only (the tenant file and the loyalty
 * API give no reward value per tier), so the sentence names no dollar amount for the reward.
 */
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

/** 'You have $7.50 in credits.' (spec §9 currency: 50¢ under a dollar, $0.00 for none). */
export function creditsSentence(credits: number): string {
  return `You have ${formatCurrency(credits)} in credits.`;
}

/** The fuel line: 'Fuel Rewards: 20¢ off per gallon' (the brand may relabel Fuel Rewards). */
export function fuelLine(label: string, centsPerGallon: number): string {
  return `${label}: ${formatCurrency(centsPerGallon / 100)} off per gallon`;
}

/** Spec §9 fuel note. */
export const FUEL_NOTE =
  'Fuel rewards are a one-time redemption. Points accrue through the month and start again at the beginning of the next month.';
