import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startActionHarness, type ActionHarness, type HarnessBrowser } from '@test/action-harness';
import { issueResetToken } from '~/accounts/reset-tokens.server';
import { resetTokenAppId } from '~/accounts/password-reset.server';
import {
  action as accountRouteAction,
  loader as accountRouteLoader,
} from '~/routes/account._index';
import { action as homeStoreRouteAction } from '~/routes/home-store';
import { action as loginRouteAction } from '~/routes/login';
import { action as logoutRouteAction } from '~/routes/logout';
import { action as resetPasswordRouteAction } from '~/routes/reset-password';
import { shopperFromSession } from './shopper.server';

/**
 * Sessions end on the server (decision docs/decisions/0012-server-side-sessions.md), through the
 * real pages' actions against the reference loyalty service: logout, a password change, a password
 * reset; a copied cookie is a guest on another brand; the id changes at login. Every test registers
 * its own shopper.
 */
let h: ActionHarness;

beforeAll(async () => {
  h = await startActionHarness({ sites: ['lins', 'dans'] });
}, 60_000);
afterAll(() => h?.close());

const PASSWORD = 'Session1!pass';
let seq = 0;

/** A new shopper on `site` (through the loyalty service); returns their e-mail and number. */
async function newShopper(site: string) {
  seq += 1;
  const email = `session-test-${site}-${seq}-${Date.now()}@example.com`;
  const customer = await h.browser(site).loyalty.register({
    firstName: 'Sam',
    lastName: 'Session',
    email,
    phone: `80166${String(seq).padStart(5, '0')}`,
    address1: '1 Main St',
    zip: '84720',
    password: PASSWORD,
  });
  return { email, frqShopperNo: customer.frqShopperNo };
}

/** A browser signed in on `site` through /login. */
async function signedIn(site: string, email: string, password = PASSWORD) {
  const b = h.browser(site);
  const res = await b.call(loginRouteAction, '/login', { intent: 'login', email, password });
  expect(res.status).toBe(302);
  expect(shopperFromSession(await b.session())).not.toBeNull();
  return b;
}

/** What /account answers this browser: 200 for a shopper, a redirect to /login for a guest. */
/** Where a guest asking for /account goes: /login, and back to /account after it. */
const GUEST_LOGIN = '/login?redirectTo=%2Faccount';

async function accountPage(b: HarnessBrowser) {
  const res = await b.call(accountRouteLoader, '/account');
  return res.status === 200 ? 'account' : res.location;
}

describe('sessions end on the server', () => {
  it('a cookie replayed after logout is a guest: no account page, no change', async () => {
    const who = await newShopper('lins');
    const b = await signedIn('lins', who.email);
    const saved = b.cookie;
    expect(await accountPage(b)).toBe('account');

    const out = await b.call(logoutRouteAction, '/logout', {});
    expect(out.location).toBe('/');

    const replay = h.browser('lins');
    replay.useCookie(saved);
    expect(await accountPage(replay)).toBe(GUEST_LOGIN);
    const post = await replay.call(accountRouteAction, '/account?index', {
      intent: 'fullName',
      firstName: 'Mallory',
      lastName: 'Replay',
    });
    expect(post.status).toBe(302);
    expect(post.location).toBe(GUEST_LOGIN);
    const record = await replay.loyalty.getCustomer({ frqShopperNo: who.frqShopperNo });
    expect(record?.firstName).toBe('Sam');
  });

  it('a password change signs out every other browser of the shopper, not this one', async () => {
    const who = await newShopper('lins');
    const here = await signedIn('lins', who.email);
    const there = await signedIn('lins', who.email);
    const elsewhere = await signedIn('lins', (await newShopper('lins')).email);
    expect(await accountPage(there)).toBe('account');

    const res = await here.call(accountRouteAction, '/account?index', {
      intent: 'password',
      currentPassword: PASSWORD,
      newPassword: 'Changed!2026',
      confirmPassword: 'Changed!2026',
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe('/account');
    expect(await accountPage(here)).toBe('account');
    expect(await accountPage(there)).toBe(GUEST_LOGIN);
    expect(await accountPage(elsewhere)).toBe('account');
  });

  it('a password reset signs out every browser of the shopper on the brand', async () => {
    const who = await newShopper('lins');
    const one = await signedIn('lins', who.email);
    const two = await signedIn('lins', who.email);
    const tenant = h.tenant('lins');
    const token = await issueResetToken(h.accounts.siteStore, {
      appId: resetTokenAppId(tenant),
      email: who.email,
    });

    const stranger = h.browser('lins');
    const query = new URLSearchParams({ address: who.email, token });
    const res = await stranger.call(resetPasswordRouteAction, `/reset-password?${query}`, {
      intent: 'reset',
      password: 'Reset!pass2026',
      confirmPassword: 'Reset!pass2026',
    });
    expect(res.status).toBe(302);
    expect(res.location).toMatch(/^\/login\?/);
    expect(await accountPage(one)).toBe(GUEST_LOGIN);
    expect(await accountPage(two)).toBe(GUEST_LOGIN);
    expect(await accountPage(await signedIn('lins', who.email, 'Reset!pass2026'))).toBe('account');
  });

  it("a brand's cookie copied to another brand is a guest there", async () => {
    const who = await newShopper('lins');
    const lins = await signedIn('lins', who.email);
    const dans = h.browser('dans');
    dans.useCookie(lins.cookie);
    expect(await accountPage(dans)).toBe(GUEST_LOGIN);
    expect(shopperFromSession(await dans.session())).toBeNull();
    expect(await accountPage(lins)).toBe('account');
  });

  it('logging in gives a new id: the cookie from before is worth nothing', async () => {
    const who = await newShopper('lins');
    const b = h.browser('lins');
    const store = h.content.retailerInfo('lins').locations[0].storeNumber;
    await b.call(homeStoreRouteAction, '/home-store', { storeNumber: store, redirectTo: '/' });
    const before = b.cookie;
    expect((await b.session()).get('homeStore')).toBe(store);

    await b.call(loginRouteAction, '/login', {
      intent: 'login',
      email: who.email,
      password: PASSWORD,
    });
    expect(b.cookie).not.toBe(before);
    const session = await b.session();
    expect(shopperFromSession(session)?.frqShopperNo).toBe(who.frqShopperNo);
    expect(session.get('homeStore')).toBe(store);

    const planted = h.browser('lins');
    planted.useCookie(before);
    expect((await planted.session()).data).toEqual({});
  });
});
