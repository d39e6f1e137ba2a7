/**
 * The rewards page's offer lists (docs/reference/rewards.md "Rules"):
 * personal offers ('Level Up with Rewards') are the loyalty offers of qualifier level
 * Accumulated; the 'Instant Savings' coupons are the Transactional offers plus the premiums.
 * Offers and premiums whose end date is earlier than yesterday, or whose notes start with DND,
 * are hidden; lists sort by end date ascending. Pure: dates are Denver calendar days.
 */
import { addDays, calendarDate } from '@common/dates';
import type { LoyaltyOffer, Premium } from '~/lib/loyalty/types';
import { offerProgress, type OfferProgress } from './progress';

/** shortDesc is the first this many characters of the notes. */
export const SHORT_DESC_LENGTH = 100;

export const ACCUMULATED = 'Accumulated';
export const TRANSACTIONAL = 'Transactional';

/** The first 100 characters of the notes (whole characters: an emoji is not cut in two). */
export function shortDesc(notes: string | null): string {
  const chars = Array.from(notes ?? '');
  return chars.slice(0, SHORT_DESC_LENGTH).join('');
}

/** True when the notes run past the short description (the card adds an ellipsis). */
export function isShortened(notes: string | null): boolean {
  return Array.from(notes ?? '').length > SHORT_DESC_LENGTH;
}

/** Notes starting with DND ("do not display") hide the offer or premium. */
export function isDnd(notes: string | null): boolean {
  return /^\s*dnd/i.test(notes ?? '');
}

/**
 * Hidden when the end date is earlier than yesterday (so an offer that ended yesterday
 * still shows, in Denver days). No end date, or one that cannot be read, does not hide it.
 */
export function isCurrent(endDate: string | null, today: string): boolean {
  const end = calendarDate(endDate);
  return end === null || end >= addDays(today, -1);
}

/** Shown on the page: current and not DND. */
export function isShown(item: { endDate: string | null; notes: string | null }, today: string) {
  return isCurrent(item.endDate, today) && !isDnd(item.notes);
}

/** By end date ascending; undated last; equal dates keep their order. */
export function byEndDate<T>(items: readonly T[], endOf: (item: T) => string | null): T[] {
  const key = (item: T) => calendarDate(endOf(item)) ?? '9999-12-31';
  return items
    .map((item, index) => ({ item, index, key: key(item) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.index - b.index))
    .map((x) => x.item);
}

/** A personal offer as the 'Level Up with Rewards' list shows it. */
export interface PersonalOffer {
  code: string;
  description: string;
  notes: string;
  shortDesc: string;
  image: string | null;
  /** Denver day (`YYYY-MM-DD`) or null. */
  endDate: string | null;
  limit: number | null;
  progress: OfferProgress;
}

/** A derived coupon: a Transactional offer or a premium, for 'Instant Savings'. */
export interface RewardCoupon {
  /** Unique on the page and stable in the URL (`?coupon=`): the source kind and its code. */
  id: string;
  /** The headline: the offer's or the premium's description. */
  offer: string;
  /** The offer code or the premium's identifier. */
  product: string;
  image: string | null;
  /** The notes in full: the coupon dialog's restrictions. */
  restrictions: string;
  shortDesc: string;
  /** Denver day (`YYYY-MM-DD`) or null. */
  expires: string | null;
  limit: number | null;
}

const endOfOffer = (o: LoyaltyOffer) => o.offerEndDate;
const level = (o: LoyaltyOffer) => (o.qualifierLevel ?? '').trim().toLowerCase();

function visibleOffers(offers: readonly LoyaltyOffer[], today: string) {
  return offers.filter((o) => isShown({ endDate: o.offerEndDate, notes: o.notes }, today));
}

/** 'Level Up with Rewards': Accumulated offers, shown ones only, by end date. */
export function personalOffers(offers: readonly LoyaltyOffer[], today: string): PersonalOffer[] {
  const accumulated = visibleOffers(offers, today).filter(
    (o) => level(o) === ACCUMULATED.toLowerCase(),
  );
  return byEndDate(accumulated, endOfOffer).map((o) => ({
    code: o.offerCode ?? '',
    description: o.offerDescription ?? '',
    notes: o.notes ?? '',
    shortDesc: shortDesc(o.notes),
    image: o.imageUrl,
    endDate: calendarDate(o.offerEndDate),
    limit: o.redemptionLimit,
    progress: offerProgress(o.offerCode, o.offerProgress, o.participationAmount),
  }));
}

/** A derived coupon from its source: the kind and code make its id. */
function derivedCoupon(
  kind: 'offer' | 'premium',
  code: string | null,
  source: {
    offer: string | null;
    image: string | null;
    notes: string | null;
    endDate: string | null;
    limit: number | null;
  },
): RewardCoupon {
  return {
    id: `${kind}-${code ?? ''}`,
    offer: source.offer ?? '',
    product: code ?? '',
    image: source.image,
    restrictions: source.notes ?? '',
    shortDesc: shortDesc(source.notes),
    expires: calendarDate(source.endDate),
    limit: source.limit,
  };
}

/**
 * 'Instant Savings': the Transactional offers and the premiums as derived coupons, shown ones
 * only, together by end date.
 */
export function rewardCoupons(
  offers: readonly LoyaltyOffer[],
  premiums: readonly Premium[],
  today: string,
): RewardCoupon[] {
  const fromOffers = visibleOffers(offers, today)
    .filter((o) => level(o) === TRANSACTIONAL.toLowerCase())
    .map((o) =>
      derivedCoupon('offer', o.offerCode, {
        offer: o.offerDescription,
        image: o.imageUrl,
        notes: o.notes,
        endDate: o.offerEndDate,
        limit: o.redemptionLimit,
      }),
    );
  const fromPremiums = premiums
    .filter((p) => isShown({ endDate: p.endDate, notes: p.notes }, today))
    .map((p) =>
      derivedCoupon('premium', p.premium, {
        offer: p.description,
        image: p.imageUrl,
        notes: p.notes,
        endDate: p.endDate,
        limit: p.limit,
      }),
    );
  return byEndDate([...fromOffers, ...fromPremiums], (c) => c.expires);
}
