import { describe, expect, it } from 'vitest';
import type { LoyaltyOffer, Premium } from '~/lib/loyalty/types';
import {
  byEndDate,
  isCurrent,
  isDnd,
  isShortened,
  personalOffers,
  rewardCoupons,
  shortDesc,
} from './offers';

const TODAY = '2026-03-10';

function offer(fields: Partial<LoyaltyOffer>): LoyaltyOffer {
  return {
    offerCode: '0412',
    offerDescription: 'Buy 10 yogurts, get 1 free',
    notes: 'Any yogurt counts.',
    imageUrl: '/images/coupons/dairy.svg',
    offerEndDate: '2026-04-01',
    qualifierLevel: 'Accumulated',
    redemptionLimit: 1,
    offerProgress: 50,
    participationAmount: null,
    ...fields,
  };
}

function premium(fields: Partial<Premium>): Premium {
  return {
    premium: 'PRM-PIE',
    description: 'Free apple pie',
    notes: 'Redeem 400 points.',
    imageUrl: '/images/coupons/bakery.svg',
    endDate: '2026-03-20',
    limit: 1,
    ...fields,
  };
}

describe('isCurrent: end date earlier than yesterday is hidden', () => {
  it('keeps yesterday, today and later; hides the day before yesterday', () => {
    expect(isCurrent('2026-03-09', TODAY)).toBe(true);
    expect(isCurrent('2026-03-10', TODAY)).toBe(true);
    expect(isCurrent('2026-05-01', TODAY)).toBe(true);
    expect(isCurrent('2026-03-08', TODAY)).toBe(false);
    expect(isCurrent('2025-12-31', TODAY)).toBe(false);
  });

  it('counts across a month and a year boundary', () => {
    expect(isCurrent('2026-02-28', '2026-03-01')).toBe(true);
    expect(isCurrent('2026-02-27', '2026-03-01')).toBe(false);
    expect(isCurrent('2025-12-31', '2026-01-01')).toBe(true);
  });

  it('reads an instant as its Denver day', () => {
    // 05:30 UTC on the 9th is still the 8th in Denver (UTC−7): hidden on the 10th.
    expect(isCurrent('2026-03-09T05:30:00Z', TODAY)).toBe(false);
    expect(isCurrent('2026-03-09T08:00:00Z', TODAY)).toBe(true);
  });

  it('keeps an item without a readable end date', () => {
    expect(isCurrent(null, TODAY)).toBe(true);
    expect(isCurrent('soon', TODAY)).toBe(true);
  });
});

describe('isDnd: notes starting with DND are hidden', () => {
  it('matches DND at the start only', () => {
    expect(isDnd('DND - store use only.')).toBe(true);
    expect(isDnd('  DND internal')).toBe(true);
    expect(isDnd('dnd test')).toBe(true);
    expect(isDnd('Ask DND staff')).toBe(false);
    expect(isDnd('')).toBe(false);
    expect(isDnd(null)).toBe(false);
  });
});

describe('shortDesc: the first 100 characters of the notes', () => {
  it('keeps short notes whole and cuts long ones at 100 characters', () => {
    expect(shortDesc('Short.')).toBe('Short.');
    const long = 'x'.repeat(99) + 'yz';
    expect(shortDesc(long)).toBe('x'.repeat(99) + 'y');
    expect(shortDesc(long)).toHaveLength(100);
    expect(isShortened(long)).toBe(true);
    expect(isShortened('x'.repeat(100))).toBe(false);
    expect(shortDesc(null)).toBe('');
  });

  it('never cuts a character in two', () => {
    const notes = '🥚'.repeat(101);
    expect(Array.from(shortDesc(notes))).toHaveLength(100);
    expect(shortDesc(notes)).toBe('🥚'.repeat(100));
  });
});

describe('byEndDate', () => {
  it('sorts ascending, undated last, ties in their order', () => {
    const items = [
      { id: 'a', end: '2026-05-01' },
      { id: 'b', end: null },
      { id: 'c', end: '2026-03-11' },
      { id: 'd', end: '2026-05-01' },
    ];
    expect(byEndDate(items, (i) => i.end).map((i) => i.id)).toEqual(['c', 'a', 'd', 'b']);
  });
});

describe('personalOffers (Level Up with Rewards)', () => {
  const offers = [
    offer({ offerCode: '0415', offerEndDate: '2026-06-08', offerProgress: 75 }),
    offer({ offerCode: '0412', offerEndDate: '2026-04-09', offerProgress: 100 }),
    offer({ offerCode: '0430', offerEndDate: '2026-03-05' }), // ended 5 days ago
    offer({ offerCode: '0490', notes: 'DND - internal test offer' }),
    offer({ offerCode: '0509', offerProgress: 126, participationAmount: 126.4 }),
    offer({ offerCode: '0701', qualifierLevel: 'Transactional' }),
  ];

  it('lists the Accumulated offers shown, by end date, with their progress', () => {
    const list = personalOffers(offers, TODAY);
    expect(list.map((o) => o.code)).toEqual(['0509', '0412', '0415']);
    expect(list[0].progress).toEqual({ kind: 'participation', amount: 126.4, goal: 100 });
    expect(list[1].progress).toMatchObject({ kind: 'bar', redeem: true });
    expect(list[2]).toMatchObject({
      description: 'Buy 10 yogurts, get 1 free',
      shortDesc: 'Any yogurt counts.',
      endDate: '2026-06-08',
      progress: { kind: 'bar', percent: 75, redeem: false },
    });
  });

  it('reads the qualifier level whatever its case', () => {
    const list = personalOffers([offer({ qualifierLevel: ' accumulated ' })], TODAY);
    expect(list).toHaveLength(1);
  });
});

describe('rewardCoupons (Instant Savings)', () => {
  it('derives coupons from Transactional offers and premiums, shown ones only, by end date', () => {
    const coupons = rewardCoupons(
      [
        offer({ offerCode: '0701', qualifierLevel: 'Transactional', offerEndDate: '2026-03-20' }),
        offer({ offerCode: '0702', qualifierLevel: 'Transactional', offerEndDate: '2026-03-12' }),
        offer({ offerCode: '0412', qualifierLevel: 'Accumulated', offerEndDate: '2026-03-11' }),
        offer({ offerCode: '0799', qualifierLevel: 'Transactional', notes: 'DND sample' }),
      ],
      [
        premium({ premium: 'PRM-PIE', endDate: '2026-03-15', limit: 2 }),
        premium({ premium: 'PRM-BIRD', endDate: '2026-03-07' }), // ended 3 days ago
        premium({ premium: 'PRM-DND', notes: 'DND - store use only.' }),
      ],
      TODAY,
    );
    expect(coupons.map((c) => c.id)).toEqual(['offer-0702', 'premium-PRM-PIE', 'offer-0701']);
    expect(coupons[1]).toEqual({
      id: 'premium-PRM-PIE',
      offer: 'Free apple pie',
      product: 'PRM-PIE',
      image: '/images/coupons/bakery.svg',
      restrictions: 'Redeem 400 points.',
      shortDesc: 'Redeem 400 points.',
      expires: '2026-03-15',
      limit: 2,
    });
  });

  it('cuts a long restriction to 100 characters for the card, keeps it whole for the dialog', () => {
    const notes = 'One-time redemption of up to 20 gallons. '.repeat(4);
    const [coupon] = rewardCoupons([offer({ qualifierLevel: 'Transactional', notes })], [], TODAY);
    expect(coupon.restrictions).toBe(notes);
    expect(coupon.shortDesc).toBe(notes.slice(0, 100));
  });
});
