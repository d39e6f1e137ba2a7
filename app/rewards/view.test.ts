import { describe, expect, it } from 'vitest';
import { tenantSchema, type Tenant } from '~/lib/tenant/schema';
import type { CreditDetails, LoyaltyInfo, PointsRow } from '~/lib/loyalty/types';
import { REWARDS_MESSAGES } from './messages';
import { callsNeeded, rewardsFlags, rewardsView, type RewardsResults } from './view';

function tenant(fields: Record<string, unknown> = {}): Tenant {
  const config = tenantSchema.parse({
    sitePath: 'demo',
    hostnames: ['demo.localhost'],
    retailerName: 'Demo Market',
    ...fields,
  });
  return { ...config, origin: 'http://demo.localhost', title: 'Demo Market', file: 'demo.json' };
}

const INFO: LoyaltyInfo = {
  fuelRewards: [{ rewardSubscriptionAvailableCentsPerGallon: 30 }],
  credits: [{ balance: 7.5 }],
  points: [{ points: 463 }],
  offers: [
    {
      offerCode: '0412',
      offerDescription: 'Buy 10 yogurts',
      notes: 'Any yogurt.',
      imageUrl: null,
      offerEndDate: '2026-04-01',
      qualifierLevel: 'Accumulated',
      redemptionLimit: 1,
      offerProgress: 60,
      participationAmount: null,
    },
    {
      offerCode: '0701',
      offerDescription: '$5 off $50',
      notes: 'One use.',
      imageUrl: null,
      offerEndDate: '2026-03-20',
      qualifierLevel: 'Transactional',
      redemptionLimit: 1,
      offerProgress: 0,
      participationAmount: null,
    },
  ],
  premiums: [],
};
const CREDITS: CreditDetails = {
  currentCredits: 7.5,
  adjustmentHistory: [
    {
      description: 'RC500 - $5.00 reward credit',
      date: '2026-03-01',
      issuedBalance: 5,
      balance: 5,
      expirationDate: '2026-08-28T06:00:00.000Z',
    },
  ],
  expiredCredits: [],
};
const HISTORY: PointsRow[] = [
  { description: 'Purchase - Store 0012', adjustmentDate: '2026-03-02', adjustmentValue: 24 },
];
const ALL: RewardsResults = {
  info: { ok: true, value: INFO },
  credits: { ok: true, value: CREDITS },
  history: { ok: true, value: HISTORY },
};
const TODAY = '2026-03-10';

describe('rewardsFlags and the calls they need', () => {
  it('a brand with tiers: panel, offers, coupons; every call', () => {
    const flags = rewardsFlags(tenant({ rewards: { tiers: [500, 1000, 2000] } }));
    expect(flags).toMatchObject({
      title: 'My Rewards',
      showPanel: true,
      showOffers: true,
      showCoupons: true,
      fuelLabel: 'Fuel Rewards',
    });
    expect(callsNeeded(flags)).toEqual({ info: true, history: true, credits: true });
  });

  it('Perks wording, relabelled fuel, a credit note', () => {
    const flags = rewardsFlags(
      tenant({
        rewards: {
          perksWording: true,
          fuelRewardsLabel: 'Fuel Rewards (some stores)',
          creditNote: 'You have 180 days to redeem your credit.',
        },
      }),
    );
    expect(flags).toMatchObject({
      title: 'My Perks',
      fuelLabel: 'Fuel Rewards (some stores)',
      creditNote: 'You have 180 days to redeem your credit.',
      showPanel: false,
    });
  });

  it('hides the reward offers by the reward-offers element', () => {
    const flags = rewardsFlags(tenant({ hiddenElements: ['reward-offers'] }));
    expect(flags.showOffers).toBe(false);
  });

  it('noPoints: no Instant Savings unless showSavings; no points calls', () => {
    const off = rewardsFlags(tenant({ rewards: { noPoints: true } }));
    expect(off.showCoupons).toBe(false);
    expect(callsNeeded(off)).toEqual({ info: true, history: false, credits: true });
    const savings = rewardsFlags(tenant({ rewards: { noPoints: true, showSavings: true } }));
    expect(savings.showCoupons).toBe(true);
  });

  it('makes no loyalty-info call when nothing on the page needs it', () => {
    const flags = rewardsFlags(
      tenant({ rewards: { noPoints: true }, hiddenElements: ['reward-offers'] }),
    );
    expect(callsNeeded(flags)).toEqual({ info: false, history: false, credits: true });
  });
});

describe('rewardsView', () => {
  it('noPoints: titles read Rewards Credits, no points in the panel, no points tab', () => {
    const flags = rewardsFlags(tenant({ rewards: { noPoints: true, tiers: [500] } }));
    const view = rewardsView(flags, TODAY, { ...ALL, history: null });
    expect(view.detailsTitle).toBe('Rewards Credits');
    expect(view.panel!.title).toBe('Rewards Credits');
    expect(view.panel!.points).toBeNull();
    expect(view.summary.points).toBeNull();
    // The credit's expiry (06:00 UTC is midnight in Denver in August): the soonest one is named.
    expect(view.summary.credits).toEqual({
      ok: true,
      value: 'You have $7.50 in credits. Use $5.00 by Aug 28, 2026, when it expires.',
    });
    expect(view.details.points).toBeNull();
    expect(view.coupons).toBeNull();
  });

  it('with points: the panel, the fuel line and both tabs', () => {
    const flags = rewardsFlags(tenant({ rewards: { tiers: [500, 1000] } }));
    const view = rewardsView(flags, TODAY, ALL);
    expect(view.panel).toMatchObject({
      title: 'Points and Credits',
      points: { ok: true, value: { points: 463, nextThreshold: 500, pointsNeeded: 37 } },
      credits: { ok: true, value: { balance: 7.5 } },
      fuel: { ok: true, value: 'Fuel Rewards: 30¢ off per gallon' },
    });
    expect(view.summary.points).toEqual({
      ok: true,
      value: 'You have 463 points — 37 more for your next reward.',
    });
    expect(view.offers).toMatchObject({ ok: true, value: [{ code: '0412' }] });
    expect(view.coupons).toMatchObject({ ok: true, value: [{ id: 'offer-0701' }] });
    expect(view.details.points).toMatchObject({ ok: true, value: [{ points: 24 }] });
    expect(view.details.credits).toMatchObject({
      ok: true,
      value: { adjustments: [{ description: '$5.00 reward credit' }] },
    });
  });

  it('says nothing of fuel when the service reports none', () => {
    const flags = rewardsFlags(tenant({ rewards: { tiers: [500] } }));
    const info = { ok: true as const, value: { ...INFO, fuelRewards: [] } };
    expect(rewardsView(flags, TODAY, { ...ALL, info }).panel!.fuel).toEqual({
      ok: true,
      value: null,
    });
  });

  it('turns each failed call into the messages of its own sections only', () => {
    const flags = rewardsFlags(tenant({ rewards: { tiers: [500] } }));
    const view = rewardsView(flags, TODAY, { ...ALL, info: { ok: false } });
    const pointsFailed = { ok: false, message: REWARDS_MESSAGES.pointsUnavailable };
    expect(view.summary.points).toEqual(pointsFailed);
    expect(view.panel!.points).toEqual(pointsFailed);
    expect(view.offers).toEqual({ ok: false, message: REWARDS_MESSAGES.offersUnavailable });
    expect(view.coupons).toEqual({ ok: false, message: REWARDS_MESSAGES.couponsUnavailable });
    expect(view.panel!.fuel).toEqual({ ok: false, message: REWARDS_MESSAGES.fuelUnavailable });
    expect(view.summary.credits.ok).toBe(true);
    expect(view.panel!.credits.ok).toBe(true);
    expect(view.details.points!.ok).toBe(true);

    const noHistory = rewardsView(flags, TODAY, { ...ALL, history: { ok: false } });
    expect(noHistory.details.points).toEqual({
      ok: false,
      message: REWARDS_MESSAGES.historyUnavailable,
    });
    expect(noHistory.panel!.points!.ok).toBe(true);
    expect(noHistory.offers!.ok).toBe(true);
  });

  it('takes the points from the loyalty info; none there is a points message', () => {
    const flags = rewardsFlags(tenant({ rewards: { tiers: [500] } }));
    const info = { ok: true as const, value: { ...INFO, points: [] } };
    const view = rewardsView(flags, TODAY, { ...ALL, info });
    expect(view.summary.points).toEqual({ ok: false, message: REWARDS_MESSAGES.pointsUnavailable });
    expect(view.offers!.ok).toBe(true);
  });
});
