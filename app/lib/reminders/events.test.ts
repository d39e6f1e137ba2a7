import { describe, expect, it } from 'vitest';
import { dueEvents, isSendHour, localDate, tierReached, type ShopperData } from './events';

const DENVER = 'America/Denver';
const both = { couponsExpiring: true, rewardsReady: true };
const data = (over: Partial<ShopperData> = {}): ShopperData => ({
  coupons: [],
  points: null,
  credits: [],
  ...over,
});
/** The end of a Denver day as the loyalty API writes it (23:59:59 local, in UTC). */
const denverEnd = (date: string, offsetHours: 6 | 7) => {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);
  return new Date(next.getTime() + offsetHours * 3_600_000 - 1000).toISOString();
};

describe('reminder events', () => {
  it('picks clipped coupons that end today to three days on, keyed by offer, soonest first', () => {
    // 20:00 in Denver on Nov 28 is already Nov 29 in UTC: the brand's clock decides.
    const now = new Date('2026-11-29T03:00:00Z');
    const coupons = [
      { offerId: '1', title: 'Four days', endsAt: denverEnd('2026-12-02', 7) },
      { offerId: '2', title: 'Three days', endsAt: denverEnd('2026-12-01', 7) },
      { offerId: '3', title: 'Today', endsAt: denverEnd('2026-11-28', 7) },
      { offerId: '4', title: 'Ended yesterday', endsAt: denverEnd('2026-11-27', 7) },
      { offerId: '5', title: 'Plain date', endsAt: '2026-11-30' },
      { offerId: '6', title: 'Unreadable', endsAt: 'soon' },
      { offerId: '7', title: 'Plain today', endsAt: '2026-11-28' },
    ];
    const events = dueEvents({
      data: data({ coupons }),
      now,
      timeZone: DENVER,
      tiers: [],
      choices: both,
    });
    expect(events.map((e) => [e.key, e.kind === 'coupon' && e.endDate])).toEqual([
      ['coupon:7', '2026-11-28'],
      ['coupon:3', '2026-11-28'],
      ['coupon:5', '2026-11-30'],
      ['coupon:2', '2026-12-01'],
    ]);
    // The same instant in Tokyo is Nov 29 already: 'today' moves with the brand's zone.
    const tokyo = dueEvents({
      data: data({ coupons }),
      now,
      timeZone: 'Asia/Tokyo',
      tiers: [],
      choices: both,
    });
    expect(tokyo.map((e) => e.key)).not.toContain('coupon:7');
    expect(tokyo.map((e) => e.key)).toContain('coupon:5');
  });

  it('reads dates across a daylight saving change on the local calendar', () => {
    // Denver leaves daylight saving on Nov 1, 2026: 23:30 on Nov 3 is 06:30 UTC on Nov 4 (a
    // fixed summer offset would call it Nov 4 locally).
    const now = new Date('2026-10-31T15:00:00Z'); // Oct 31, 09:00 MDT
    const coupons = [
      { offerId: 'a', title: 'Nov 4', endsAt: denverEnd('2026-11-04', 7) },
      { offerId: 'b', title: 'Nov 3, late', endsAt: '2026-11-04T06:30:00Z' },
    ];
    expect(localDate(coupons[1]!.endsAt, DENVER)).toBe('2026-11-03');
    const events = dueEvents({
      data: data({ coupons }),
      now,
      timeZone: DENVER,
      tiers: [],
      choices: both,
    });
    expect(events.map((e) => e.key)).toEqual(['coupon:b']);
    // Spring: 09:00 MDT on Mar 8 is 15:00 UTC, and the send hour is still 9 there.
    expect(isSendHour(new Date('2026-03-08T15:00:00Z'), DENVER, 9)).toBe(true);
    expect(isSendHour(new Date('2026-03-07T16:00:00Z'), DENVER, 9)).toBe(true);
    expect(isSendHour(new Date('2026-03-07T15:59:00Z'), DENVER, 9)).toBe(false);
  });

  it('names the highest tier the points reach, and credits that expire within 14 days', () => {
    expect(tierReached(499, [1000, 500])).toBeNull();
    expect(tierReached(1200, [2000, 500, 1000])).toBe(1000);
    const now = new Date('2026-11-20T16:00:00Z');
    const credits = [
      { description: 'Bonus', date: '2026-10-01', balance: 5, expiresAt: '2026-12-04' },
      { description: 'Late', date: '2026-10-02', balance: 5, expiresAt: '2026-12-05' },
      { description: 'Spent', date: '2026-10-03', balance: 0, expiresAt: '2026-11-25' },
      { description: 'Open', date: '2026-10-04', balance: 3, expiresAt: null },
    ];
    const events = dueEvents({
      data: data({ points: 1200, credits }),
      now,
      timeZone: DENVER,
      tiers: [500, 1000, 2000],
      choices: both,
    });
    expect(events.map((e) => e.kind)).toEqual(['tier', 'credit']);
    // Once a month per tier (the month on the brand's clock).
    expect(events[0]).toMatchObject({ key: 'tier:1000:2026-11', tier: 1000, points: 1200 });
    expect(events[1]).toMatchObject({ description: 'Bonus', endDate: '2026-12-04' });
    expect(events[1]!.key).toMatch(/^credit:2026-10-01:/);
  });

  it('gives only the kinds the shopper gets', () => {
    const now = new Date('2026-11-20T16:00:00Z');
    const input = data({
      coupons: [{ offerId: '1', title: 'x', endsAt: '2026-11-21' }],
      points: 600,
    });
    const only = (choices: typeof both) =>
      dueEvents({ data: input, now, timeZone: DENVER, tiers: [500], choices }).map((e) => e.kind);
    expect(only({ couponsExpiring: true, rewardsReady: false })).toEqual(['coupon']);
    expect(only({ couponsExpiring: false, rewardsReady: true })).toEqual(['tier']);
    expect(only({ couponsExpiring: false, rewardsReady: false })).toEqual([]);
  });
});
