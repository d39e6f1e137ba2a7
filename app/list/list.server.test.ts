import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startActionHarness, type ActionHarness, type HarnessBrowser } from '@test/action-harness';
import { action as loginAction } from '~/routes/login';
import { action as logoutAction } from '~/routes/logout';
import { action as listAction, loader as listLoader } from '~/routes/list';
import type { ListPageData } from './list.server';
import { COUPON_NOT_CLIPPED_MESSAGE, MERGED_MESSAGE, TEXT_REQUIRED_MESSAGE } from './rules';

/**
 * The list's loader and action against the real site store and loyalty service: a guest's list
 * in the cookie, merged at the shopper's first list request after logging in, and never shown to
 * anyone else on the same browser.
 */
let h: ActionHarness;

beforeAll(async () => {
  h = await startActionHarness({ sites: ['lins'] });
}, 120_000);
afterAll(() => h?.close());

const PASSWORD = 'Listing1!pass';
let seq = 0;

async function logIn(b: HarnessBrowser) {
  seq += 1;
  const email = `list-test-${seq}@example.com`;
  await b.loyalty.register({
    firstName: 'Lis',
    lastName: 'Tester',
    email,
    phone: `80157${String(seq).padStart(5, '0')}`,
    address1: '3 Elm St',
    zip: '84720',
    password: PASSWORD,
  });
  const login = await b.call(loginAction, '/login', { intent: 'login', email, password: PASSWORD });
  expect(login.status).toBe(302);
}

const page = async (b: HarnessBrowser) => (await b.call(listLoader, '/list')).data as ListPageData;
const texts = (data: ListPageData) => data.items.map((i) => `${i.text} ×${i.quantity}`);

describe('the shopping list', () => {
  it('keeps a guest list in the cookie and merges it at the first list request after login', async () => {
    const b = h.browser('lins');
    expect(
      (await b.call(listAction, '/list', { intent: 'add', text: 'Milk', quantity: '2' })).location,
    ).toBe('/list');
    await b.call(listAction, '/list', { intent: 'add', text: 'Bread' });
    await b.call(listAction, '/list', { intent: 'add', text: ' ' });
    const guest = await page(b);
    expect(guest).toMatchObject({ signedIn: false, maxItems: 20, error: TEXT_REQUIRED_MESSAGE });
    expect(texts(guest)).toEqual(['Milk ×2', 'Bread ×1']);
    expect(b.cookie).toContain('__list=');

    await logIn(b);
    const merged = await b.call(listLoader, '/list');
    const data = merged.data as ListPageData;
    expect(data).toMatchObject({ signedIn: true, notice: MERGED_MESSAGE });
    expect(texts(data)).toEqual(['Milk ×2', 'Bread ×1']);
    expect(merged.headers.get('Set-Cookie')).toMatch(/__list=;.*Max-Age=0/);
    expect(b.cookie).not.toContain('__list=');
    // Once only.
    expect((await page(b)).notice).toBeNull();

    // A fetcher gets the answer as data; a coupon not clipped is refused.
    const refused = await b.call(
      listAction,
      '/list',
      { intent: 'add-coupon', offerId: 'not-clipped' },
      { headers: { 'Sec-Fetch-Dest': 'empty' } },
    );
    expect(refused).toMatchObject({
      status: 400,
      data: { ok: false, message: COUPON_NOT_CLIPPED_MESSAGE },
    });

    // Logged out: the guest on that browser sees an empty list; so does the next shopper.
    await b.call(logoutAction, '/logout', {});
    expect((await page(b)).items).toEqual([]);
    await logIn(b);
    expect(await page(b)).toMatchObject({ signedIn: true, items: [] });
  });

  it('sends a guest who shares or adds a coupon to log in', async () => {
    const b = h.browser('lins');
    const share = await b.call(listAction, '/list', { intent: 'share' });
    expect(share.location).toMatch(/^\/login\?redirectTo=%2Flist/);
    const coupon = await b.call(listAction, '/list', {
      intent: 'add-coupon',
      offerId: '100',
      returnTo: '/digital-coupons?tab=clipped',
    });
    expect(coupon.location).toMatch(/^\/login\?redirectTo=%2Fdigital-coupons/);
  });
});
