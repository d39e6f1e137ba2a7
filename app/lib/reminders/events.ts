/**
 * Which reminders a shopper is due (docs/reference/reminders.md), from their loyalty data and the
 * brand's clock. Pure: the digest job reads the data, this decides, the tests check every rule.
 *
 * Dates are calendar days on the brand's clock (its `reminders.timeZone`): a coupon whose end
 * instant is 23:59 in Denver ends that Denver day, whatever zone the server runs in.
 */
import { addDays, daysBetween, plainDate, wallClock } from '@common/dates';
import type { ReminderChoices } from './store.server';

/** A clipped coupon ends within this many days (today counted as day 0). */
export const COUPON_DAYS = 3;
/** A credit expires within this many days. */
export const CREDIT_DAYS = 14;

export interface ClippedCoupon {
  offerId: string;
  /** What the shopper reads ('$1.00 off Chobani Greek Yogurt'). */
  title: string;
  /** The end: an instant or a plain `YYYY-MM-DD`. */
  endsAt: string;
}

export interface Credit {
  description: string;
  /** When it was issued (part of its identity: the API gives credits no id). */
  date: string;
  balance: number;
  expiresAt: string | null;
}

export type ReminderEvent =
  | { kind: 'coupon'; key: string; offerId: string; title: string; endDate: string }
  | { kind: 'credit'; key: string; description: string; balance: number; endDate: string }
  | { kind: 'tier'; key: string; tier: number; points: number };

export interface ShopperData {
  coupons: ClippedCoupon[];
  points: number | null;
  credits: Credit[];
}

/** The calendar day of an instant (or a plain date as it stands) on `timeZone`'s clock. */
export function localDate(value: string | Date, timeZone: string): string | null {
  if (typeof value === 'string') {
    const plain = plainDate(value);
    if (plain) return plain;
    if (!/^\d{4}-\d{2}-\d{2}T/.test(value.trim())) return null;
  }
  const t = typeof value === 'string' ? Date.parse(value) : value.getTime();
  return Number.isFinite(t) ? wallClock(t, timeZone).date : null;
}

/** The highest tier the points reach (tiers in any order); null below the first. */
export function tierReached(points: number, tiers: readonly number[]): number | null {
  const reached = tiers.filter((t) => t <= points);
  return reached.length ? Math.max(...reached) : null;
}

function creditKey(c: Credit): string {
  // Short and stable: the issue date and description identify a credit.
  let h = 0;
  for (const ch of `${c.date}|${c.description}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return `credit:${c.date.slice(0, 10)}:${(h >>> 0).toString(36)}`;
}

/**
 * The shopper's reminder events now, of the kinds they get, keyed so each is sent once:
 * `coupon:<offer id>`, `credit:<issue date>:<hash>`, `tier:<points threshold>:<YYYY-MM>`.
 */
export function dueEvents(opts: {
  data: ShopperData;
  now: Date;
  timeZone: string;
  tiers: readonly number[];
  choices: ReminderChoices;
}): ReminderEvent[] {
  const { data, now, timeZone, tiers, choices } = opts;
  const today = wallClock(now, timeZone).date;
  const within = (end: string | null, days: number) =>
    end !== null && end >= today && end <= addDays(today, days);
  const events: ReminderEvent[] = [];
  if (choices.couponsExpiring) {
    const coupons = data.coupons
      .map((c) => ({ c, end: localDate(c.endsAt, timeZone) }))
      .filter(({ end }) => within(end, COUPON_DAYS))
      .sort((a, b) => a.end!.localeCompare(b.end!) || a.c.title.localeCompare(b.c.title));
    for (const { c, end } of coupons) {
      events.push({
        kind: 'coupon',
        key: `coupon:${c.offerId}`,
        offerId: c.offerId,
        title: c.title,
        endDate: end!,
      });
    }
  }
  if (choices.rewardsReady) {
    const tier = data.points === null ? null : tierReached(data.points, tiers);
    if (tier !== null) {
      // Once a month per tier: points are spent on the reward and earned again, so reaching the
      // same tier next month is a new reward, while the daily runs of this month stay quiet.
      const key = `tier:${tier}:${today.slice(0, 7)}`;
      events.push({ kind: 'tier', key, tier, points: data.points! });
    }
    for (const c of data.credits) {
      if (!(c.balance > 0) || !c.expiresAt) continue;
      const end = localDate(c.expiresAt, timeZone);
      if (!within(end, CREDIT_DAYS)) continue;
      events.push({
        kind: 'credit',
        key: creditKey(c),
        description: c.description,
        balance: c.balance,
        endDate: end!,
      });
    }
  }
  return events;
}

/** Whole days from today (on the brand's clock) to a calendar date. */
export function daysLeft(endDate: string, now: Date, timeZone: string): number {
  return daysBetween(wallClock(now, timeZone).date, endDate);
}

/** Whether `now` falls in the brand's send hour on its clock. */
export function isSendHour(now: Date, timeZone: string, sendHour: number): boolean {
  return Math.floor(wallClock(now, timeZone).minutes / 60) === sendHour;
}
