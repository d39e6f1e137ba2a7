import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppLoadContext, type AppServices } from '~/lib/context.server';
import type { LoginResult } from '~/lib/loyalty/types';
import { openSiteStore, type SiteStore } from '~/lib/site-store/site-store.server';
import type { Tenant } from '~/lib/tenant/schema';
import { commitSession, createSessionStorages } from './session.server';
import {
  matchStoreNumber,
  requireShopper,
  SHOPPER_SESSION_AFTER_UPDATE_MS,
  SHOPPER_SESSION_MAX_AGE_MS,
  shopperFromSession,
  signIn,
  signOut,
  updateShopper,
} from './shopper.server';

let store: SiteStore;
let services: AppServices;
beforeAll(async () => {
  store = await openSiteStore({ dataDir: 'memory://' });
  services = { sessions: createSessionStorages(store, 'x'.repeat(40), false) } as AppServices;
});
afterAll(() => store?.close());
const tenant = { sitePath: 'dans', origin: 'http://dans.localhost:3000' } as Tenant;

const login: LoginResult = {
  firstName: 'Pat',
  frqShopperNo: '400000000017',
  myStore: '5',
  frequentShopperJwt: `eyJ.${'a'.repeat(900)}.sig`,
  oAuthJwt: `eyJ.${'b'.repeat(900)}.sig`,
};

/** The request context of a request carrying the cookie of a committed session. */
async function requestWith(setCookie: string | null) {
  const cookie = setCookie ? setCookie.split(';')[0] : null;
  return createAppLoadContext(services, {
    tenant,
    nonce: 'n',
    https: false,
    clientIp: '203.0.113.7',
    cookie,
  });
}

describe('matchStoreNumber', () => {
  it('matches exactly or after zero-padding; 0 and empty match nothing', () => {
    expect(matchStoreNumber('5', ['003', '005'])).toBe('005');
    expect(matchStoreNumber('0101', ['0101'])).toBe('0101');
    expect(matchStoreNumber('005', ['5', '6'])).toBe('5');
    expect(matchStoreNumber('7', ['005'])).toBeNull();
    expect(matchStoreNumber('0', ['0', '000'])).toBeNull();
    expect(matchStoreNumber('', ['1'])).toBeNull();
    expect(matchStoreNumber(null, ['1'])).toBeNull();
  });
});

describe('signed-in shopper in the session', () => {
  it('signs in, survives the cookie round trip and signs out keeping the home store', async () => {
    const context = await requestWith(null);
    const session = context.session;
    const shopper = signIn(session, login, { storeNumbers: ['004', '005'], now: Date.now() });
    expect(shopper).toMatchObject({ frqShopperNo: '400000000017', firstName: 'Pat', myStore: '5' });
    expect(session.get('homeStore')).toBe('005');
    const cookie = await commitSession(context);
    expect(cookie.length).toBeLessThan(4096);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const request = await requestWith(cookie);
    expect(request.shopper).toEqual(shopper);
    expect(await requireShopper(request)).toEqual(shopper);

    const again = await requestWith(cookie);
    signOut(again.session);
    expect(again.session.get('homeStore')).toBe('005');
    const out = await requestWith(await commitSession(again));
    expect(out.shopper).toBeNull();
  });

  it('keeps a chosen home store and ignores a store that is not a location', async () => {
    const session = (await requestWith(null)).session;
    session.set('homeStore', '004');
    signIn(session, login, { storeNumbers: ['004', '005'] });
    expect(session.get('homeStore')).toBe('004');

    const fresh = (await requestWith(null)).session;
    signIn(fresh, { ...login, myStore: '9', firstName: null }, { storeNumbers: ['004'] });
    expect(fresh.get('homeStore')).toBeUndefined();
    expect(shopperFromSession(fresh)?.firstName).toBe('');
  });

  it('updates the name and store after an account change', async () => {
    const session = (await requestWith(null)).session;
    expect(updateShopper(session, { firstName: 'X' })).toBeNull();
    signIn(session, login);
    expect(updateShopper(session, { firstName: 'Patricia', myStore: '4' })).toMatchObject({
      firstName: 'Patricia',
      myStore: '4',
      frqShopperNo: login.frqShopperNo,
    });
  });

  it('treats a sign-in older than 90 days as signed out', async () => {
    const context = await requestWith(null);
    const session = context.session;
    const now = Date.now();
    signIn(session, login, { now: now - SHOPPER_SESSION_MAX_AGE_MS - 1000 });
    expect(shopperFromSession(session, now)).toBeNull();
    const request = await requestWith(await commitSession(context));
    expect(request.shopper).toBeNull();

    // requireShopper redirects and drops the stale sign-in from the cookie.
    const thrown = await requireShopper(request).catch((r: unknown) => r);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login');
    const cleaned = (await requestWith(response.headers.get('Set-Cookie'))).session;
    expect(cleaned.has('shopper')).toBe(false);
  });

  it('redirects a guest to /login or the given path', async () => {
    const guest = await requestWith(null);
    expect(guest.shopper).toBeNull();
    const toLogin = (await requireShopper(guest).catch((r: unknown) => r)) as Response;
    expect(toLogin.headers.get('Location')).toBe('/login');
    expect(toLogin.headers.get('Set-Cookie')).toBeNull();
    const toHome = (await requireShopper(guest, '/').catch((r: unknown) => r)) as Response;
    expect(toHome.headers.get('Location')).toBe('/');
  });

  it('lasts 90 days from signing in and 30 days from an account update (spec §9)', async () => {
    const context = await requestWith(null);
    const now = Date.parse('2026-11-24T12:00:00Z');
    signIn(context.session, login, { now });
    expect(shopperFromSession(context.session, now)?.expiresAt).toBe(
      now + SHOPPER_SESSION_MAX_AGE_MS,
    );
    const maxAge = (cookie: string) => Number(/Max-Age=(\d+)/i.exec(cookie)?.[1]);
    expect(maxAge(await commitSession(context, now))).toBe(90 * 24 * 3600);

    // A name change 10 days later: 30 days from then, for the record and for the cookie.
    const later = now + 10 * 24 * 3600 * 1000;
    updateShopper(context.session, { firstName: 'Patricia' }, { accountUpdated: true, now: later });
    const updated = shopperFromSession(context.session, later)!;
    expect(updated.expiresAt).toBe(later + SHOPPER_SESSION_AFTER_UPDATE_MS);
    expect(maxAge(await commitSession(context, later))).toBe(30 * 24 * 3600);
    expect(shopperFromSession(context.session, later + 29 * 24 * 3600 * 1000)).not.toBeNull();
    expect(shopperFromSession(context.session, later + 31 * 24 * 3600 * 1000)).toBeNull();

    // Keeping the terms flag in step is not an account update: the end stays where it was.
    updateShopper(context.session, { termsPending: false }, { now: later + 1000 });
    expect(shopperFromSession(context.session, later + 1000)?.expiresAt).toBe(
      later + SHOPPER_SESSION_AFTER_UPDATE_MS,
    );
  });
});
