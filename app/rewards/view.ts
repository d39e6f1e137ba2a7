/**
 * What the rewards page shows, built from the brand's settings and the loyalty calls' results
 * (docs/reference/rewards.md "Rules"). Pure: the server module makes the calls,
 * this decides the sections; a call that failed turns only the sections built from it into a
 * short message.
 */
import type { CreditDetails, LoyaltyInfo, PointsRow } from '~/lib/loyalty/types';
import { isHidden, myRewardsLabel } from '~/lib/tenant/public';
import type { Tenant } from '~/lib/tenant/schema';
import { creditTables, pointsLines, type CreditTables, type PointsLine } from './details';
import { REWARDS_MESSAGES, REWARDS_TITLES } from './messages';
import { personalOffers, rewardCoupons, type PersonalOffer, type RewardCoupon } from './offers';
import { tierProgress, type TierProgress } from './progress';
import {
  creditsSentence,
  FUEL_NOTE,
  fuelLine,
  pointsSentence,
  soonestCreditExpiry,
} from './summary';

/** A section's content, or the short message that stands in for it. */
export type Section<T> = { ok: true; value: T } | { ok: false; message: string };

/** A loyalty call's outcome; null when the page did not need the call. */
export type CallResult<T> = { ok: true; value: T } | { ok: false } | null;

/** The brand's rewards settings the page follows (tenant `rewards`, `hiddenElements`). */
export interface RewardsFlags {
  /** 'My Perks' or 'My Rewards'. */
  title: string;
  tiers: number[];
  /** Points are off: titles read 'Rewards Credits', no points tab, no points. */
  noPoints: boolean;
  /** The points/credits panel: only when the brand has reward tiers. */
  showPanel: boolean;
  /** 'Level Up with Rewards', unless the brand hides reward offers ('reward-offers'). */
  showOffers: boolean;
  /** 'Instant Savings' when points are on or the brand's showSavings is set. */
  showCoupons: boolean;
  creditNote: string | null;
  /** 'Fuel Rewards', or the brand's relabelling (available at some locations only). */
  fuelLabel: string;
  /** Under a 'Redeem Now' bar: how to redeem, and the programme's name for the link. */
  redeem: RedeemHow;
}

export interface RedeemHow {
  text: string;
  programName: string;
}

export function rewardsFlags(tenant: Tenant): RewardsFlags {
  const { rewards } = tenant;
  return {
    title: myRewardsLabel(tenant),
    tiers: rewards.tiers,
    noPoints: rewards.noPoints,
    showPanel: rewards.tiers.length > 0,
    showOffers: !isHidden(tenant, 'reward-offers'),
    showCoupons: !rewards.noPoints || rewards.showSavings,
    creditNote: rewards.creditNote ?? null,
    fuelLabel: rewards.fuelRewardsLabel ?? 'Fuel Rewards',
    redeem: { text: rewards.redeemHow, programName: rewards.programName },
  };
}

/**
 * Which loyalty calls the page makes for these flags (each at most once, all together). The
 * points come with the loyalty info (its Points): a separate points-total call would only ask
 * the service for the same number again.
 */
export function callsNeeded(flags: RewardsFlags) {
  return {
    /** Points, offers, premiums and fuel (getLoyaltyInfo). */
    info: !flags.noPoints || flags.showPanel || flags.showOffers || flags.showCoupons,
    /** The points history (the details' Points tab). */
    history: !flags.noPoints,
    /** Current credits and their history: always (summary and details). */
    credits: true,
  };
}

export interface RewardsResults {
  info: CallResult<LoyaltyInfo>;
  credits: CallResult<CreditDetails>;
  history: CallResult<PointsRow[]>;
}

/** The shopper's points from the loyalty info; a failed call or no Points entry: unknown. */
function pointsOf(info: CallResult<LoyaltyInfo>): CallResult<number> {
  if (!info?.ok) return info;
  const points = info.value.points.find((p) => typeof p.points === 'number')?.points;
  return typeof points === 'number' ? { ok: true, value: points } : { ok: false };
}

export interface PanelView {
  title: string;
  /** Null when points are off. */
  points: Section<TierProgress> | null;
  credits: Section<{ balance: number }>;
  /** The fuel line; ok with null when the service reports no fuel rewards. */
  fuel: Section<string | null>;
  fuelNote: string;
  creditNote: string | null;
}

export interface RewardsView {
  title: string;
  noPoints: boolean;
  /** The dialog's title and the name of the link that opens it. */
  detailsTitle: string;
  /** The plain lines at the top: points (null when points are off) and credits. */
  summary: { points: Section<string> | null; credits: Section<string> };
  panel: PanelView | null;
  offers: Section<PersonalOffer[]> | null;
  redeem: RedeemHow;
  coupons: Section<RewardCoupon[]> | null;
  details: { credits: Section<CreditTables>; points: Section<PointsLine[]> | null };
}

function section<T, V>(result: CallResult<T>, message: string, map: (value: T) => V): Section<V> {
  return result?.ok ? { ok: true, value: map(result.value) } : { ok: false, message };
}

const M = REWARDS_MESSAGES;

/** The page's sections for `today` (a Denver `YYYY-MM-DD`). */
export function rewardsView(
  flags: RewardsFlags,
  today: string,
  r: RewardsResults,
  /** The brand's store names by store number: points rows name the store, not its number. */
  storeNames?: ReadonlyMap<string, string>,
): RewardsView {
  const creditsOnly = flags.noPoints;
  const points = pointsOf(r.info);
  return {
    title: flags.title,
    noPoints: flags.noPoints,
    detailsTitle: creditsOnly ? REWARDS_TITLES.creditsOnly : REWARDS_TITLES.details,
    summary: {
      points: flags.noPoints
        ? null
        : section(points, M.pointsUnavailable, (n) =>
            pointsSentence(n, tierProgress(n, flags.tiers)),
          ),
      credits: section(r.credits, M.creditsUnavailable, (c) =>
        creditsSentence(c.currentCredits, soonestCreditExpiry(c.adjustmentHistory, today)),
      ),
    },
    panel: flags.showPanel
      ? {
          title: creditsOnly ? REWARDS_TITLES.creditsOnly : REWARDS_TITLES.panel,
          points: flags.noPoints
            ? null
            : // The panel exists only with tiers: the progress is never null here.
              section(points, M.pointsUnavailable, (n) => tierProgress(n, flags.tiers)!),
          credits: section(r.credits, M.creditsUnavailable, (c) => ({ balance: c.currentCredits })),
          fuel: section(r.info, M.fuelUnavailable, (info) => {
            const cents = info.fuelRewards.find(
              (f) => typeof f.rewardSubscriptionAvailableCentsPerGallon === 'number',
            )?.rewardSubscriptionAvailableCentsPerGallon;
            return typeof cents === 'number' ? fuelLine(flags.fuelLabel, cents) : null;
          }),
          fuelNote: FUEL_NOTE,
          creditNote: flags.creditNote,
        }
      : null,
    offers: flags.showOffers
      ? section(r.info, M.offersUnavailable, (info) => personalOffers(info.offers, today))
      : null,
    redeem: flags.redeem,
    coupons: flags.showCoupons
      ? section(r.info, M.couponsUnavailable, (info) =>
          rewardCoupons(info.offers, info.premiums, today),
        )
      : null,
    details: {
      credits: section(r.credits, M.creditsUnavailable, creditTables),
      points: flags.noPoints
        ? null
        : section(r.history, M.historyUnavailable, (rows) => pointsLines(rows, storeNames)),
    },
  };
}
