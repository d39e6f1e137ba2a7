import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startActionHarness, type ActionHarness, type HarnessBrowser } from '@test/action-harness';
import { AVA, BEN, CARA, type DemoShopper } from '@test/demo';
import { recordingProxy } from '@test/loyalty-proxy';
import { shopperFromSession } from '~/lib/session/shopper.server';
import { loader as rewardsRouteLoader } from '~/routes/rewards._index';
import { loader as viewerRouteLoader } from '~/routes/rewards.viewer';
import { action as loginRouteAction } from '~/routes/login';
import { REWARDS_MESSAGES } from './messages';
import type { RewardsLoaderData } from './rewards.server';

/**
 * The /rewards loader against the reference loyalty service (its demo data): the guest redirect
 * per brand, the three demo shoppers against the tiers, the sections and their rules on the
 * seed's offers, premiums and credits, the calls the page makes, and one call failing at a time
 * behind a proxy. Nothing is changed: the demo shoppers are only read.
 */
let h: ActionHarness;

beforeAll(async () => {
  h = await startActionHarness({ sites: ['lins', 'southend', 'corner', 'harvest'] });
}, 60_000);
afterAll(() => h?.close());

async function signedIn(site: string, shopper: DemoShopper) {
  const b = h.browser(site);
  const res = await b.call(loginRouteAction, '/login', {
    intent: 'login',
    email: shopper.email,
    password: shopper.password,
  });
  expect(res.status).toBe(302);
  return b;
}

async function load(b: HarnessBrowser, path = '/rewards') {
  const res = await b.call(rewardsRouteLoader, path);
  return { ...res, page: res.data as RewardsLoaderData };
}

/** A section's value (fails the test with its message when it did not load). */
function ok<T>(section: { ok: true; value: T } | { ok: false; message: string } | null): T {
  expect(section).not.toBeNull();
  if (!section!.ok) throw new Error(`section failed: ${section!.message}`);
  return section!.value;
}

describe('guests', () => {
  it.each([
    ['lins', '/about-rewards'],
    ['corner', '/about-rewards'],
    ['southend', '/login?redirectTo=%2Frewards'],
  ])('on %s go to %s', async (site, target) => {
    const res = await load(h.browser(site));
    expect(res.status).toBe(302);
    expect(res.location).toBe(target);
  });
});

describe('the three demo shoppers against the tiers', () => {
  it.each([
    // lins: tiers 500 / 1000 / 2000.
    ['lins', 'Ava', AVA, { points: 463, nextThreshold: 500, pointsNeeded: 37 }],
    ['lins', 'Ben', BEN, { points: 763, nextThreshold: 1000, pointsNeeded: 237 }],
    [
      'lins',
      'Cara',
      CARA,
      { points: 2215, nextThreshold: null, pointsNeeded: 0, topTierReached: true },
    ],
    // harvest: tiers 250 / 750 / 1500.
    ['harvest', 'Ava', AVA, { points: 213, nextThreshold: 250, pointsNeeded: 37 }],
    ['harvest', 'Ben', BEN, { points: 513, nextThreshold: 750, pointsNeeded: 237 }],
    ['harvest', 'Cara', CARA, { points: 1715, nextThreshold: null, topTierReached: true }],
  ])('%s, %s', async (site, _name, shopper, expected) => {
    const { status, headers, page } = await load(await signedIn(site, shopper));
    expect(status).toBe(200);
    expect(headers.get('Cache-Control')).toBe('private, no-store');
    const progress = ok(page.panel!.points);
    expect(progress).toMatchObject(expected);
    const summary = ok(page.summary.points);
    if (progress.topTierReached) {
      expect(summary).toBe(
        `You have ${progress.points.toLocaleString('en-US')} points — you have reached the top reward level.`,
      );
      expect(progress.fill).toBe(1);
    } else {
      expect(summary).toBe(
        `You have ${progress.points} points — ${progress.pointsNeeded} more for your next reward.`,
      );
      expect(progress.fill).toBeCloseTo(progress.points / progress.nextThreshold!, 10);
    }
  });
});

describe("a shopper's page (lins, Ben)", () => {
  let page: RewardsLoaderData;
  beforeAll(async () => {
    page = (await load(await signedIn('lins', BEN))).page;
  });

  it('titles the page for a Perks brand and reads the credits in plain words', () => {
    expect(page.title).toBe('My Perks');
    expect(page.detailsTitle).toBe('Points and Credit Details');
    const balance = ok(page.panel!.credits).balance;
    expect(balance).toBeGreaterThan(0);
    // The reference service sends each credit's ExpirationDate: the soonest one is named.
    expect(ok(page.summary.credits)).toMatch(
      /^You have \$\d+\.\d\d in credits\. Use (\$\d+\.\d\d|\d+¢) by [A-Z][a-z]{2} \d{1,2}, \d{4}, when it expires\.$/,
    );
    expect(ok(page.panel!.fuel)).toBe('Fuel Rewards: 20¢ off per gallon');
    expect(page.panel!.creditNote).toBeNull();
  });

  it('lists the Accumulated offers without the ended and DND ones, by end date', () => {
    const offers = ok(page.offers);
    const codes = offers.map((o) => o.code);
    expect(codes).not.toContain('0430'); // ended 5 days ago
    expect(codes).not.toContain('0490'); // DND notes
    expect(codes).not.toContain('0701'); // Transactional: a coupon
    expect(new Set(codes)).toEqual(new Set(['0412', '0421', '0509', '0500', '0415']));
    const ends = offers.map((o) => o.endDate!);
    expect([...ends].sort()).toEqual(ends);
    const byCode = Object.fromEntries(offers.map((o) => [o.code, o.progress]));
    expect(byCode['0412']).toMatchObject({ kind: 'bar', redeem: true }); // Ben: 100 %
    expect(byCode['0415']).toMatchObject({ kind: 'bar', percent: 75, redeem: false });
    expect(byCode['0509']).toMatchObject({ kind: 'participation' });
    expect(byCode['0500']).toMatchObject({ kind: 'participation' });
    const fuelOffer = offers.find((o) => o.code === '0509')!;
    expect(fuelOffer.notes.length).toBeGreaterThan(100);
    expect(fuelOffer.shortDesc).toBe(fuelOffer.notes.slice(0, 100));
  });

  it('derives Instant Savings from the Transactional offers and premiums, by end date', () => {
    const coupons = ok(page.coupons);
    const ids = coupons.map((c) => c.id);
    expect(new Set(ids)).toEqual(
      new Set([
        'offer-0701',
        'offer-0702',
        'offer-0703',
        'offer-0704',
        'premium-PRM-COFFEE',
        'premium-PRM-PIE',
        'premium-PRM-ICECREAM',
      ]),
    );
    const expires = coupons.map((c) => c.expires!);
    expect([...expires].sort()).toEqual(expires);
    expect(coupons.find((c) => c.id === 'premium-PRM-ICECREAM')).toMatchObject({
      offer: 'Free Polar Peak ice cream, 48 oz',
      restrictions: 'Redeem 300 points for any 48 oz Polar Peak ice cream.',
      limit: 2,
      image: '/images/coupons/frozen.svg',
    });
  });

  it('has the credit and points tables newest first, credit descriptions shortened', () => {
    const credits = ok(page.details.credits);
    expect(credits.adjustments.length).toBeGreaterThan(0);
    expect(credits.expired.length).toBeGreaterThan(0);
    for (const row of [...credits.adjustments, ...credits.expired]) {
      expect(row.description).not.toMatch(/^(RC\d*|PROMO|HOLIDAY) - /);
    }
    // Ben's promotional credit, 'PROMO - $3.00 welcome back credit' in the service.
    expect(credits.adjustments.map((r) => r.description)).toContain('$3.00 welcome back credit');
    const points = ok(page.details.points);
    const times = points.map((r) => Date.parse(r.date));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(points.reduce((sum, r) => sum + r.points, 0)).toBe(763);
  });
});

describe('brands', () => {
  it('corner (no tiers): no panel, the points said plainly, offers and coupons shown', async () => {
    const { page } = await load(await signedIn('corner', AVA));
    expect(page.panel).toBeNull();
    expect(page.title).toBe('My Rewards');
    expect(ok(page.summary.points)).toMatch(/^You have \d+ points\.$/);
    expect(ok(page.offers).length).toBeGreaterThan(0);
    expect(ok(page.coupons).length).toBeGreaterThan(0);
  });

  it("southend: the brand's credit note in the panel", async () => {
    const { page } = await load(await signedIn('southend', AVA));
    expect(page.panel!.creditNote).toBe('You have 180 days to redeem your credit.');
  });

  it('the page names who it was made for without their number, differently per shopper', async () => {
    const ava = (await load(await signedIn('lins', AVA))).page.viewer;
    const ben = (await load(await signedIn('lins', BEN))).page.viewer;
    expect(ava).toMatch(/^[0-9a-f]{16}$/);
    expect(ava).not.toBe(ben);
    const b = await signedIn('lins', AVA);
    const number = shopperFromSession(await b.session())!.frqShopperNo;
    // The number is in the card alone (its barcode and reveal), nowhere else in the page's data.
    const { card, ...rest } = (await load(b)).page;
    expect(card.number).toBe(number);
    expect(JSON.stringify(rest)).not.toContain(number);
  });
});

describe('/rewards/viewer: who is signed in now', () => {
  it("answers the page's viewer for a shopper and null for a guest, never stored", async () => {
    const b = await signedIn('lins', AVA);
    const { page } = await load(b);
    const now = await b.call(viewerRouteLoader, '/rewards/viewer');
    expect(now.status).toBe(200);
    expect(now.headers.get('Cache-Control')).toBe('private, no-store');
    expect(now.data).toEqual({ viewer: page.viewer });

    const guest = await h.browser('lins').call(viewerRouteLoader, '/rewards/viewer');
    expect(guest.data).toEqual({ viewer: null });
    expect(guest.headers.get('Cache-Control')).toBe('private, no-store');

    // Another shopper signing in on the same browser: another viewer.
    await b.call(loginRouteAction, '/login', {
      intent: 'login',
      email: BEN.email,
      password: BEN.password,
    });
    const ben = await b.call(viewerRouteLoader, '/rewards/viewer');
    expect((ben.data as { viewer: string }).viewer).toMatch(/^[0-9a-f]{16}$/);
    expect(ben.data).not.toEqual({ viewer: page.viewer });
  });
});

describe('loyalty calls', () => {
  /** Ava on lins, her loyalty calls going through a recording proxy (rewriting some answers). */
  async function throughProxy(rewrite?: (path: string, body: unknown) => unknown) {
    const b = await signedIn('lins', AVA);
    const proxy = await recordingProxy(h.services.loyalty.embedded!.url, {
      rewrite: rewrite ? (body, request) => rewrite(request.path, body) : undefined,
    });
    b.services = {
      ...b.services,
      loyalty: { embedded: { ...h.services.loyalty.embedded!, url: proxy.url } },
    };
    return { b, proxy };
  }

  it('are four GETs per view, each once (the rewards calls and the year-to-date savings)', async () => {
    const { b, proxy } = await throughProxy();
    try {
      const { status } = await load(b);
      expect(status).toBe(200);
      const paths = proxy.requests.map(
        (r) => `${r.method} ${r.path.replace(/\/(customers?)\/\d+/, '/$1/{id}')}`,
      );
      expect(paths.sort()).toEqual([
        'GET /loyalty/lins/customer/{id}/savings',
        'GET /loyalty/lins/customers/{id}/credits',
        'GET /loyalty/lins/customers/{id}/loyaltyinfo',
        'GET /loyalty/lins/customers/{id}/points/history',
      ]);
      // Opening a dialog is the same data: the page's address carries it, the loader reads none.
      proxy.requests.length = 0;
      await load(b, '/rewards?details=points&coupon=offer-0701');
      expect(proxy.requests).toHaveLength(4);
    } finally {
      await proxy.close();
    }
  });

  /** An answer of the wrong shape: the client refuses it as it would a failed call. */
  const broken = (match: string) => (path: string, body: unknown) =>
    path.includes(match) ? 'broken' : body;

  it('a failing points history hides only the Points tab', async () => {
    const { b, proxy } = await throughProxy(broken('/points/history'));
    try {
      const { status, page } = await load(b);
      expect(status).toBe(200);
      expect(page.details.points).toEqual({
        ok: false,
        message: REWARDS_MESSAGES.historyUnavailable,
      });
      expect(ok(page.details.credits).adjustments.length).toBeGreaterThan(0);
      expect(ok(page.panel!.points).points).toBe(463);
      expect(ok(page.offers).length).toBeGreaterThan(0);
      expect(ok(page.coupons).length).toBeGreaterThan(0);
    } finally {
      await proxy.close();
    }
  });

  it('a failing credits call hides only the credits', async () => {
    const { b, proxy } = await throughProxy(broken('/credits'));
    try {
      const { page } = await load(b);
      const failed = { ok: false, message: REWARDS_MESSAGES.creditsUnavailable };
      expect(page.summary.credits).toEqual(failed);
      expect(page.panel!.credits).toEqual(failed);
      expect(page.details.credits).toEqual(failed);
      ok(page.panel!.points);
      ok(page.details.points);
      ok(page.coupons);
    } finally {
      await proxy.close();
    }
  });

  it('a failing loyalty info hides the points, offers, coupons and fuel line, not the credits', async () => {
    const { b, proxy } = await throughProxy(broken('/loyaltyinfo'));
    try {
      const { page } = await load(b);
      const pointsFailed = { ok: false, message: REWARDS_MESSAGES.pointsUnavailable };
      expect(page.summary.points).toEqual(pointsFailed);
      expect(page.panel!.points).toEqual(pointsFailed);
      expect(page.offers).toEqual({ ok: false, message: REWARDS_MESSAGES.offersUnavailable });
      expect(page.coupons).toEqual({ ok: false, message: REWARDS_MESSAGES.couponsUnavailable });
      expect(page.panel!.fuel).toEqual({ ok: false, message: REWARDS_MESSAGES.fuelUnavailable });
      ok(page.summary.credits);
      ok(page.panel!.credits);
      ok(page.details.credits);
      ok(page.details.points);
    } finally {
      await proxy.close();
    }
  });
});
