import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startActionHarness, type ActionHarness } from '@test/action-harness';
import { shopperFromSession } from '~/lib/session/shopper.server';
import { sortCoupons } from '~/coupons/filter-sort';
import { GENERIC_FAILURE_MESSAGE, LoyaltyUnavailableError } from '~/lib/loyalty/errors';
import { action as loginAction } from '~/routes/login';
import { DEMO_SHOPPERS } from '@test/demo';
import { loader } from '~/routes/digital-coupons.print';

/** /digital-coupons/print against the reference loyalty service (demo brand lins). */
const [ava] = DEMO_SHOPPERS;
let h: ActionHarness;

beforeAll(async () => {
  h = await startActionHarness({ sites: ['lins'] });
}, 60_000);
afterAll(() => h?.close());

interface PrintData {
  shopperNo: string;
  firstName: string | null;
  retailerName: string;
  now: number;
  coupons:
    | {
        offerId: string;
        brandName: string | null;
        offerSummary: string | null;
        offerExpiryDate: string | null;
        offerValue: number | null;
      }[]
    | null;
  loadError: string | null;
}

async function signedIn() {
  const browser = h.browser('lins');
  const res = await browser.call(loginAction, '/login', {
    intent: 'login',
    email: ava.email,
    password: ava.password,
  });
  expect(res.status).toBe(302);
  const shopper = shopperFromSession(await browser.session());
  expect(shopper).not.toBeNull();
  return { browser, shopper: shopper! };
}

describe('digital coupons print loader', () => {
  it('sends a guest to the login page, coming back here afterwards', async () => {
    const res = await h.browser('lins').call(loader, '/digital-coupons/print');
    expect(res.status).toBe(302);
    expect(res.location).toBe('/login?redirectTo=%2Fdigital-coupons%2Fprint');
    expect(new URL(res.location!, 'http://x').searchParams.get('redirectTo')).toBe(
      '/digital-coupons/print',
    );
  });

  it('gives a shopper their clipped coupons, soonest expiry first, and their number', async () => {
    const { browser, shopper } = await signedIn();
    const before = Date.now();
    const res = await browser.call(loader, '/digital-coupons/print');
    expect(res.status).toBe(200);
    const body = res.data as PrintData;

    expect(body.shopperNo).toBe(shopper.frqShopperNo);
    expect(body.shopperNo).toMatch(/^\d+$/);
    expect(body.firstName).toBe(ava.firstName);
    expect(body.retailerName).toBe(browser.tenant.retailerName);
    expect(body.loadError).toBeNull();
    expect(body.now).toBeGreaterThanOrEqual(before);

    const { activated } = await browser.loyalty.getOffers(shopper.frqShopperNo);
    expect(activated.length).toBeGreaterThan(0);
    expect(body.coupons).toHaveLength(activated.length);
    const ids = body.coupons!.map((c) => c.offerId);
    expect(ids).toEqual(sortCoupons(activated, 'expiration').map((o) => String(o.offerId)));
    const expiries = body.coupons!.map((c) => Date.parse(c.offerExpiryDate ?? ''));
    expect(expiries.every(Number.isFinite)).toBe(true);
    for (let k = 1; k < expiries.length; k += 1) {
      expect(expiries[k]).toBeGreaterThanOrEqual(expiries[k - 1]);
    }
    // Only what the page shows goes to the browser.
    expect(Object.keys(body.coupons![0]).sort()).toEqual([
      'brandName',
      'offerExpiryDate',
      'offerId',
      'offerSummary',
      'offerValue',
    ]);
  });

  it('shows the generic failure message, not an error page, when the service fails', async () => {
    const { browser } = await signedIn();
    const spy = vi
      .spyOn(browser.loyalty, 'getOffers')
      .mockRejectedValue(new LoyaltyUnavailableError(503, 'test outage'));
    try {
      const res = await browser.call(loader, '/digital-coupons/print');
      expect(res.status).toBe(200);
      const body = res.data as PrintData;
      expect(body.coupons).toBeNull();
      expect(body.loadError).toBe(GENERIC_FAILURE_MESSAGE);
      expect(body.shopperNo).toMatch(/^\d+$/);
      expect(spy).toHaveBeenCalledOnce();
    } finally {
      spy.mockRestore();
    }
  });
});
