/**
 * Rewards progress (docs/reference/rewards.md "Rules"): where the shopper's points
 * stand against the brand's reward tiers, and how far each personal offer has come. Pure and
 * client-safe: the server computes the view, the tests check every rule here.
 */

export interface TierProgress {
  points: number;
  /** The first tier above the points; null once the top tier is reached. */
  nextThreshold: number | null;
  /** Threshold minus points; 0 at the top. */
  pointsNeeded: number;
  /** points / (points + needed), 0…1: how full the bar is (full at the top). */
  fill: number;
  /** The points reach the highest tier: there is no next reward level to work toward. */
  topTierReached: boolean;
}

/**
 * The next threshold is the first tier greater than the current points; points needed
 * is that threshold minus the points; the fill is points / (points + needed). The tiers are
 * taken in ascending order (a tenant file listing them out of order still means "the nearest
 * one above"). Null when the brand has no tiers (the panel is not shown).
 */
export function tierProgress(points: number, tiers: readonly number[]): TierProgress | null {
  if (tiers.length === 0) return null;
  const sorted = [...tiers].sort((a, b) => a - b);
  const next = sorted.find((tier) => tier > points) ?? null;
  if (next === null) {
    return { points, nextThreshold: null, pointsNeeded: 0, fill: 1, topTierReached: true };
  }
  const needed = next - points;
  // A negative balance (a return after a redemption) shows an empty bar, not a negative one.
  const fill = points <= 0 ? 0 : points / (points + needed);
  return { points, nextThreshold: next, pointsNeeded: needed, fill, topTierReached: false };
}

/** Offer codes whose progress is an amount spent, shown instead of a bar. */
export const PARTICIPATION_OFFER_CODES: readonly string[] = ['0509', '0500'];

export type OfferProgress =
  | {
      kind: 'participation';
      /** The participationAmount (dollars); null when the service sent none. */
      amount: number | null;
      /** The spend goal in dollars (`spendGoal`); null when it cannot be told. */
      goal: number | null;
    }
  | {
      kind: 'bar';
      /** The percent shown: the progress rounded up. */
      percent: number;
      /** The bar's fill in percent, 0…100 (progress may exceed 100). */
      width: number;
      /** 100 or more: the bar is green and reads 'Redeem Now'. */
      redeem: boolean;
    };

/**
 * Offer progress: at 100 or more the bar is green and reads 'Redeem Now'; otherwise
 * the rounded-up percent is shown. For codes 0509 and 0500 the participationAmount is shown
 * instead of a bar. A missing progress counts as 0.
 */
export function offerProgress(
  offerCode: string | null,
  progress: number | null,
  participationAmount: number | null,
): OfferProgress {
  if (offerCode !== null && PARTICIPATION_OFFER_CODES.includes(offerCode.trim())) {
    return {
      kind: 'participation',
      amount: participationAmount,
      goal: spendGoal(participationAmount, progress),
    };
  }
  const value = typeof progress === 'number' && Number.isFinite(progress) ? progress : 0;
  // Decimal noise from the wire (42.000000001) must not round up to the next percent.
  const percent = Math.ceil(Math.round(value * 1e6) / 1e6);
  return {
    kind: 'bar',
    percent,
    width: Math.min(100, Math.max(0, value)),
    redeem: value >= 100,
  };
}

/** Round figures a spend goal is set in, the coarsest first. */
const GOAL_STEPS = [100, 50, 25, 10, 5, 1];

/**
 * The goal of a spend offer, in dollars, from what the service sends: the amount spent and the
 * progress toward the goal in percent (42.46 spent at 42.46 % is a goal of $100). A progress sent as
 * a whole percent may be a percent off (rounded or cut), so the goal is the roundest figure (a
 * multiple of $100, $50, … $1) that the amount and that percent allow; else the exact quotient to
 * the cent. Null without an amount or a positive progress.
 */
export function spendGoal(amount: number | null, progress: number | null): number | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return null;
  if (typeof progress !== 'number' || !Number.isFinite(progress) || progress <= 0) return null;
  const exact = (amount * 100) / progress;
  // How far the sent progress may be from the true one: a unit of its last decimal (a service
  // may round it, or cut it).
  const decimals = (String(progress).split('.')[1] ?? '').length;
  const slack = 1 / 10 ** decimals;
  const low = (amount * 100) / (progress + slack);
  const high = progress > slack ? (amount * 100) / (progress - slack) : Infinity;
  for (const step of GOAL_STEPS) {
    const round = Math.round(exact / step) * step;
    if (round > 0 && round >= low - 1e-9 && round <= high + 1e-9) return round;
  }
  return Math.round(exact * 100) / 100;
}
