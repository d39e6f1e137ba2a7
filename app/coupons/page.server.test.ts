import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startActionHarness, type ActionHarness, type HarnessBrowser } from '@test/action-harness';
import { shopperFromSession } from '~/lib/session/shopper.server';
import { GENERIC_FAILURE_MESSAGE } from '~/lib/loyalty/errors';
import type { Offer } from '~/lib/loyalty/types';
import {
  action as couponsRouteAction,
  loader as couponsRouteLoader,
} from '~/routes/digital-coupons._index';
import { action as loginRouteAction } from '~/routes/login';
import { DEMO_SHOPPERS } from '@test/demo';
import { availableCache } from './offers.server';
import { COUPONS_UNAVAILABLE_MESSAGE, type CouponsLoaderData } from './page.server';
import { DEFAULT_REDEEMED_SORT } from './filter-sort';
import { DEFAULT_COUPON_VIEW } from './url-state';

/**
 * The /digital-coupons loader and action against the reference loyalty service. Guests read
 * lins (nothing is changed there); shoppers use southend: Ava read-only, and a freshly
 * registered shopper for every test that clips.
 */
const [ava] = DEMO_SHOPPERS;
let h: ActionHarness;

beforeAll(async () => {
  h = await startActionHarness({ sites: ['lins', 'southend'] });
}, 60_000);
afterAll(() => h?.close());

const PASSWORD = 'Coupons1!pass';
let seq = 0;

async function load(b: HarnessBrowser, search = '') {
  const res = await b.call(couponsRouteLoader, `/digital-coupons${search}`);
  expect(res.status).toBe(200);
  return res.data as CouponsLoaderData;
}

/** A post; `js: '1'` posts as the card's fetcher does (Sec-Fetch-Dest: empty). */
function post(b: HarnessBrowser, form: Record<string, string>) {
  const { js, ...fields } = form;
  const headers: Record<string, string> = js === '1' ? { 'Sec-Fetch-Dest': 'empty' } : {};
  return b.call(couponsRouteAction, '/digital-coupons', fields, { headers });
}

async function logIn(b: HarnessBrowser, email: string, password: string) {
  const res = await b.call(loginRouteAction, '/login', { intent: 'login', email, password });
  expect(res.status).toBe(302);
  const shopper = shopperFromSession(await b.session());
  expect(shopper).not.toBeNull();
  return shopper!;
}

/** A new shopper on southend (no clipped or redeemed coupons), logged in. */
async function freshShopper() {
  seq += 1;
  const b = h.browser('southend');
  const email = `coupons-test-${seq}-${Date.now()}@example.com`;
  const customer = await b.loyalty.register({
    firstName: 'Cody',
    lastName: 'Coupon',
    email,
    phone: `80166${String(seq).padStart(5, '0')}`,
    password: PASSWORD,
    zip: '84101',
  });
  await logIn(b, email, PASSWORD);
  return { b, frq: customer.frqShopperNo };
}

async function demoShopper() {
  const b = h.browser('southend');
  const shopper = await logIn(b, ava.email, ava.password);
  return { b, frq: shopper.frqShopperNo };
}

const idsOf = (list: readonly { offerId: string }[]) => list.map((o) => String(o.offerId));
const cents = (v: number | null | undefined) => Math.round((v ?? 0) * 100);

describe('digital coupons loader: guest', () => {
  it('shows the first 48 available coupons with counts and Show More', async () => {
    availableCache.clear();
    const b = h.browser('lins');
    const page = await load(b);
    const { available } = await b.loyalty.getOffers(null);
    expect(available.length).toBeGreaterThan(96);
    expect(page.signedIn).toBe(false);
    expect(page.loadError).toBeNull();
    expect(page.view).toEqual(DEFAULT_COUPON_VIEW);
    expect(page.items).toHaveLength(48);
    expect(page.total).toBe(available.length);
    expect(page.counts).toEqual({ available: available.length, clipped: 0, redeemed: 0 });
    expect(page.hasMore).toBe(true);
    expect(page.totals).toBeNull();
    expect(page.detail).toBeNull();
    expect(page.items.every((c) => c.state === 'available')).toBe(true);

    const more = await load(b, '?show=96');
    expect(more.items).toHaveLength(96);
    expect(idsOf(more.items).slice(0, 48)).toEqual(idsOf(page.items));
    const all = await load(b, `?show=${available.length}`);
    expect(all.items).toHaveLength(available.length);
    expect(all.hasMore).toBe(false);
  });

  it('falls back to the available tab for the shopper-only tabs', async () => {
    const b = h.browser('lins');
    const base = await load(b);
    for (const tab of ['clipped', 'redeemed']) {
      const page = await load(b, `?tab=${tab}`);
      expect(page.view.tab).toBe('available');
      expect(page.items).toHaveLength(48);
      expect(page.total).toBe(base.counts.available);
      expect(idsOf(page.items)).toEqual(idsOf(base.items));
    }
  });

  it('filters by category, brand and search', async () => {
    const b = h.browser('lins');
    const base = await load(b);
    const all = base.total;

    const category = base.facets.categories.find((c) => c.count > 1)!;
    const byCategory = await load(b, `?category=${encodeURIComponent(category.name)}&show=1000`);
    expect(byCategory.total).toBe(category.count);
    expect(byCategory.total).toBeLessThan(all);
    expect(byCategory.items.every((c) => c.categoryName === category.name)).toBe(true);

    const brand = base.facets.brands.find((c) => c.count > 0)!;
    const byBrand = await load(b, `?brand=${encodeURIComponent(brand.name)}&show=1000`);
    expect(byBrand.total).toBe(brand.count);
    expect(byBrand.total).toBeLessThan(all);
    expect(byBrand.items.every((c) => c.brandName === brand.name)).toBe(true);

    const word = brand.name.split(/\s+/)[0];
    const bySearch = await load(b, `?q=${encodeURIComponent(word.toUpperCase())}&show=1000`);
    expect(bySearch.total).toBeGreaterThan(0);
    expect(bySearch.total).toBeLessThan(all);
    expect(bySearch.total).toBeGreaterThanOrEqual(brand.count);
    expect(bySearch.view.q).toBe(word.toUpperCase());

    const none = await load(b, '?q=zzqxnonsensezz');
    expect(none.total).toBe(0);
    expect(none.items).toEqual([]);
    expect(none.hasMore).toBe(false);
    expect(none.loadError).toBeNull();
  });

  it('sorts by value (descending) and featured (promoted first)', async () => {
    const b = h.browser('lins');
    const byValue = await load(b, '?sort=value&show=1000');
    expect(byValue.view.sort).toBe('value');
    const values = byValue.items.map((c) => c.offerValue);
    for (let k = 1; k < values.length; k += 1) {
      expect(values[k]).toBeLessThanOrEqual(values[k - 1]);
    }
    expect(values[0]).toBeGreaterThan(values[values.length - 1]);

    const featured = await load(b, '?show=1000');
    const promoted = featured.items.map((c) => c.isPromoted);
    const firstPlain = promoted.indexOf(false);
    expect(firstPlain).toBeGreaterThan(0);
    expect(promoted.slice(firstPlain).includes(true)).toBe(false);
  });

  it('reads a bogus query as the default view and never throws', async () => {
    const b = h.browser('lins');
    const page = await load(
      b,
      `?tab=zzz&show=-5&sort=${encodeURIComponent('<script>alert(1)</script>')}&rsort=x&rdir=y`,
    );
    expect(page.view).toEqual(DEFAULT_COUPON_VIEW);
    expect(page.items).toHaveLength(48);
    expect(page.redeemedSort).toEqual(DEFAULT_REDEEMED_SORT);
    expect(page.loadError).toBeNull();
    const odd = await load(b, '?show=1e9&show=12&category=&brand=%00&offerCode=nope&q=%20');
    expect(odd.items).toHaveLength(48);
    expect(odd.detail).toBeNull();
  });

  it('sends a guest who clips to the login page with the clip reason', async () => {
    const b = h.browser('lins');
    const res = await post(b, {
      intent: 'clip',
      offerId: '100001',
      returnTo: '?tab=available',
      js: '1',
    });
    expect(res.status).toBe(302);
    const url = new URL(res.location!, 'http://x');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('reason')).toBe('clip');
    expect(url.searchParams.get('redirectTo')).toBe('/digital-coupons?tab=available');
    // Never back to another site.
    const evil = await post(b, { intent: 'clip', offerId: '100001', returnTo: '//evil.example' });
    expect(new URL(evil.location!, 'http://x').searchParams.get('redirectTo')).toBe(
      '/digital-coupons',
    );
  });
});

describe('digital coupons loader: one offers call per page view', () => {
  it('serves guests from the shared list and makes one personal call for a shopper', async () => {
    availableCache.clear();
    const guest = h.browser('southend');
    const client = guest.loyalty;
    const spy = vi.spyOn(client, 'getOffers');
    await load(guest);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenLastCalledWith(null);
    spy.mockClear();
    await load(guest, '?sort=value');
    await load(h.browser('southend'), '?show=96');
    expect(spy).not.toHaveBeenCalled();

    const { b, frq } = await demoShopper();
    expect(b.loyalty).toBe(client);
    spy.mockClear();
    await load(b);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy).toHaveBeenLastCalledWith(frq, expect.objectContaining({ personalOnly: true }));
    spy.mockClear();
    await load(b, '?tab=redeemed');
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

describe('digital coupons loader and action: shopper', () => {
  it('lists available without clipped or redeemed, with totals and the redeemed sort', async () => {
    const { b, frq } = await demoShopper();
    const full = await b.loyalty.getOffers(frq);
    expect(full.activated.length).toBeGreaterThan(0);
    expect(full.redeemed.length).toBeGreaterThan(0);

    const page = await load(b, '?show=10000');
    expect(page.signedIn).toBe(true);
    expect(page.counts).toEqual({
      available: full.available.length,
      clipped: full.activated.length,
      redeemed: full.redeemed.length,
    });
    const taken = new Set([...idsOf(full.activated), ...idsOf(full.redeemed)]);
    expect(page.items).toHaveLength(full.available.length);
    expect(idsOf(page.items).filter((id) => taken.has(id))).toEqual([]);
    expect(new Set(idsOf(page.items))).toEqual(new Set(idsOf(full.available)));

    const clippedCents = full.activated.reduce((sum, o) => sum + cents(o.offerValue), 0);
    const redeemedCents = full.redeemed.reduce(
      (sum, o: Offer) => sum + cents(o.offerValue) * (o.timesRedeemed ?? 0),
      0,
    );
    expect(page.totals).toEqual({
      clippedValue: clippedCents / 100,
      redeemedValue: redeemedCents / 100,
    });
    expect(page.totals!.redeemedValue).toBeGreaterThan(0);

    const clipped = await load(b, '?tab=clipped&show=10000');
    expect(clipped.view.tab).toBe('clipped');
    expect(new Set(idsOf(clipped.items))).toEqual(new Set(idsOf(full.activated)));
    expect(clipped.items.every((c) => c.state === 'clipped')).toBe(true);

    const redeemed = await load(b, '?tab=redeemed');
    expect(redeemed.redeemedSort).toEqual({ column: 'lastRedeemed', direction: 'desc' });
    expect(redeemed.items).toHaveLength(full.redeemed.length);
    expect(redeemed.total).toBe(full.redeemed.length);
    expect(redeemed.hasMore).toBe(false);
    const times = redeemed.items.map((c) => Date.parse(c.lastRedeemed));
    expect(times.every(Number.isFinite)).toBe(true);
    for (let k = 1; k < times.length; k += 1) {
      expect(times[k]).toBeLessThanOrEqual(times[k - 1]);
    }
    const byValue = await load(b, '?tab=redeemed&rsort=offerValue&rdir=asc');
    expect(byValue.redeemedSort).toEqual({ column: 'offerValue', direction: 'asc' });
    const values = byValue.items.map((c) => c.offerValue);
    expect(values).toEqual([...values].sort((x, y) => x - y));
  });

  it('opens the details of a clipped coupon from ?offerCode=', async () => {
    const { b, frq } = await demoShopper();
    const { activated } = await b.loyalty.getOffers(frq, { personalOnly: true });
    const coupon = activated[0];
    const page = await load(b, `?tab=clipped&offerCode=${encodeURIComponent(coupon.offerCode!)}`);
    expect(page.detail).toMatchObject({
      offerId: String(coupon.offerId),
      offerCode: coupon.offerCode,
      state: 'clipped',
      offerDescription: coupon.offerDescription,
    });
    // By code, case-insensitively, from any tab.
    const lower = await load(
      b,
      `?offerCode=${encodeURIComponent(coupon.offerCode!.toLowerCase())}`,
    );
    expect(lower.detail?.offerId).toBe(String(coupon.offerId));
  });

  it('clips one coupon (with and without JavaScript)', async () => {
    const { b } = await freshShopper();
    const before = await load(b);
    expect(before.counts.clipped).toBe(0);
    const [first, second] = before.items;

    const res = await post(b, {
      intent: 'clip',
      offerId: first.offerId,
      returnTo: '?tab=available',
      js: '1',
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ ok: true, message: null, clipped: 1 });

    const after = await load(b, '?show=10000');
    expect(after.counts.clipped).toBe(1);
    expect(after.counts.available).toBe(before.counts.available - 1);
    expect(idsOf(after.items)).not.toContain(first.offerId);
    const clipped = await load(b, '?tab=clipped');
    expect(idsOf(clipped.items)).toEqual([first.offerId]);
    expect(clipped.items[0].state).toBe('clipped');

    const plain = await post(b, {
      intent: 'clip',
      offerId: second.offerId,
      returnTo: '?category=Nope&sort=value',
    });
    expect(plain.status).toBe(302);
    // Back at the coupon's card (its anchor), not at the top of the page.
    expect(plain.location).toBe(
      `/digital-coupons?category=Nope&sort=value#coupon-${second.offerId}`,
    );
    // That view does not show it: the page names it above the coupons, once.
    const landed = await load(b, '?category=Nope&sort=value');
    expect(landed.justClipped).toEqual({
      card: expect.objectContaining({ offerId: second.offerId, state: 'clipped' }),
      position: null,
    });
    const again = await load(b, '?tab=clipped');
    expect(new Set(idsOf(again.items))).toEqual(new Set([first.offerId, second.offerId]));
    expect(again.notice).toBeFalsy();
    expect(again.justClipped).toBeNull();

    // Clipped from the default view: its card stays at its place there, reading 'Clipped'.
    const view = await load(b);
    const third = view.items[5];
    const kept = await post(b, { intent: 'clip', offerId: third.offerId, returnTo: '' });
    expect(kept.location).toBe(`/digital-coupons#coupon-${third.offerId}`);
    const back = await load(b);
    expect(back.justClipped?.position).toBe(5);
    expect(back.justClipped?.card.state).toBe('clipped');
    expect(idsOf(back.items)).not.toContain(third.offerId);
    expect(back.clippedIds).toContain(third.offerId);
    expect((await load(b)).justClipped).toBeNull();
    // A refused clip lands at the card too, and says nothing.
    const refused = await post(b, { intent: 'clip', offerId: '999999', returnTo: '?sort=value' });
    expect(refused.location).toBe('/digital-coupons?sort=value#coupon-999999');
    expect((await load(b, '?sort=value')).justClipped).toBeNull();

    // returnTo is only ever a query string of this page.
    const evil = await post(b, { intent: 'clip', offerId: second.offerId, returnTo: '//x.y/' });
    expect(evil.location).toBe(`/digital-coupons#coupon-${second.offerId}`);
    // Control and non-Latin-1 characters never reach the Location header (a 500 before).
    for (const returnTo of ['?tab=clipped\r\nSet-Cookie: x=1', '?\u0100\u4e2d', '?\u0000']) {
      const odd = await post(b, { intent: 'clip', offerId: second.offerId, returnTo });
      expect(odd.location).toMatch(/^\/digital-coupons[\x21-\x7e]*$/);
    }
  });

  it('answers an unknown coupon with ok false and a message, changing nothing', async () => {
    const { b, frq } = await freshShopper();
    const before = await load(b);
    for (const offerId of ['999999', 'not a valid id!', '']) {
      const res = await post(b, { intent: 'clip', offerId, returnTo: '', js: '1' });
      expect(res.status).toBe(400);
      const body = res.data as { ok: boolean; message: string | null; clipped: number };
      expect(body.ok).toBe(false);
      expect(body.clipped).toBe(0);
      expect(body.message).toBeTruthy();
    }
    const unknownIntent = await post(b, { intent: 'nope', returnTo: '', js: '1' });
    expect(unknownIntent.status).toBe(400);
    expect((unknownIntent.data as { message: string }).message).toBe(GENERIC_FAILURE_MESSAGE);
    const after = await load(b);
    expect(after.counts).toEqual(before.counts);
    const { activated } = await b.loyalty.getOffers(frq, { personalOnly: true });
    expect(activated).toEqual([]);
  });

  it('clips all coupons of a filtered view once, then none', async () => {
    const { b, frq } = await freshShopper();
    const base = await load(b);
    const category = base.facets.categories.find((c) => c.count > 2)!;
    const filter = `?category=${encodeURIComponent(category.name)}`;
    const before = await load(b, `${filter}&show=10000`);
    const n = before.total;
    expect(n).toBe(category.count);

    const res = await post(b, { intent: 'clip-all', returnTo: `${filter}&sort=value` });
    expect(res.status).toBe(302);
    const target = new URL(res.location!, 'http://x');
    expect(target.pathname).toBe('/digital-coupons');
    expect(target.searchParams.get('tab')).toBe('clipped');
    expect(target.searchParams.get('category')).toBe(category.name);
    expect(target.searchParams.get('sort')).toBe('value');

    const clipped = await load(b, `${target.search}&show=10000`);
    expect(clipped.notice).toBe(`${n} coupons clipped.`);
    expect(clipped.view.tab).toBe('clipped');
    expect(clipped.total).toBe(n);
    expect(clipped.counts.clipped).toBe(n);
    expect(clipped.counts.available).toBe(base.counts.available - n);
    expect(new Set(idsOf(clipped.items))).toEqual(new Set(idsOf(before.items)));
    // The notice is shown once.
    expect((await load(b, target.search)).notice).toBeNull();
    // Nothing of that category is left to clip; the other categories are untouched.
    expect((await load(b, filter)).total).toBe(0);

    const second = await post(b, { intent: 'clip-all', returnTo: filter });
    expect(second.status).toBe(302);
    const again = await load(b, new URL(second.location!, 'http://x').search);
    expect(again.notice).toBe('All the coupons shown are already clipped.');
    expect(again.counts.clipped).toBe(n);
    const { activated } = await b.loyalty.getOffers(frq, { personalOnly: true });
    expect(activated).toHaveLength(n);
    expect(new Set(idsOf(activated)).size).toBe(n);
  });
});

describe('digital coupons loader: loyalty service down', () => {
  it('says the coupons cannot be loaded (not a failed submission), never an error page', async () => {
    const { b } = await demoShopper();
    availableCache.clear();
    await h.loyalty.close();

    const guest = await load(h.browser('lins'));
    expect(guest.loadError).toBe(COUPONS_UNAVAILABLE_MESSAGE);
    expect(guest.loadError).not.toBe(GENERIC_FAILURE_MESSAGE);
    expect(guest.items).toEqual([]);
    expect(guest.total).toBe(0);
    expect(guest.counts).toEqual({ available: 0, clipped: 0, redeemed: 0 });
    expect(guest.hasMore).toBe(false);

    const shopper = await load(b, '?tab=clipped');
    expect(shopper.signedIn).toBe(true);
    expect(shopper.loadError).toBe(COUPONS_UNAVAILABLE_MESSAGE);
    expect(shopper.items).toEqual([]);

    const clip = await post(b, { intent: 'clip', offerId: '100001', returnTo: '', js: '1' });
    expect(clip.status).toBe(400);
    expect((clip.data as { ok: boolean }).ok).toBe(false);
  });
});
