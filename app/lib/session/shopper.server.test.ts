import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import type { LoginResult } from '~/lib/loyalty/types';
import { commitSession, createSessionStorages, getSession } from './session.server';
import {
  getShopper,
  matchStoreNumber,
  requireShopper,
  SHOPPER_SESSION_MAX_AGE_MS,
  shopperFromSession,
  signIn,
  signOut,
  updateShopper,
} from './shopper.server';

const context = {
  tenant: { origin: 'http://dans.localhost:3000' },
  https: false,
  services: { sessions: createSessionStorages('x'.repeat(40), false) },
} as unknown as AppLoadContext;

const login: LoginResult = {
  firstName: 'Pat',
  frqShopperNo: '400000000017',
  myStore: '5',
  frequentShopperJwt: `eyJ.${'a'.repeat(900)}.sig`,
  oAuthJwt: `eyJ.${'b'.repeat(900)}.sig`,
};

/** A request carrying the cookie of a committed session. */
async function requestWith(setCookie: string | null) {
  const cookie = setCookie ? setCookie.split(';')[0] : '';
  return new Request('http://dans.localhost:3000/account', {
    headers: cookie ? { Cookie: cookie } : {},
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
    const session = await getSession(await requestWith(null), context);
    const shopper = signIn(session, login, { storeNumbers: ['004', '005'], now: Date.now() });
    expect(shopper).toMatchObject({ frqShopperNo: '400000000017', firstName: 'Pat', myStore: '5' });
    expect(session.get('homeStore')).toBe('005');
    const cookie = await commitSession(session, context);
    expect(cookie.length).toBeLessThan(4096);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const request = await requestWith(cookie);
    expect(await getShopper(request, context)).toEqual(shopper);
    expect(await requireShopper(request, context)).toEqual(shopper);

    const again = await getSession(request, context);
    signOut(again);
    expect(again.get('homeStore')).toBe('005');
    const out = await requestWith(await commitSession(again, context));
    expect(await getShopper(out, context)).toBeNull();
  });

  it('keeps a chosen home store and ignores a store that is not a location', async () => {
    const session = await getSession(await requestWith(null), context);
    session.set('homeStore', '004');
    signIn(session, login, { storeNumbers: ['004', '005'] });
    expect(session.get('homeStore')).toBe('004');

    const fresh = await getSession(await requestWith(null), context);
    signIn(fresh, { ...login, myStore: '9', firstName: null }, { storeNumbers: ['004'] });
    expect(fresh.get('homeStore')).toBeUndefined();
    expect(shopperFromSession(fresh)?.firstName).toBe('');
  });

  it('updates the name and store after an account change', async () => {
    const session = await getSession(await requestWith(null), context);
    expect(updateShopper(session, { firstName: 'X' })).toBeNull();
    signIn(session, login);
    expect(updateShopper(session, { firstName: 'Patricia', myStore: '4' })).toMatchObject({
      firstName: 'Patricia',
      myStore: '4',
      frqShopperNo: login.frqShopperNo,
    });
  });

  it('treats a sign-in older than 90 days as signed out', async () => {
    const session = await getSession(await requestWith(null), context);
    const now = Date.now();
    signIn(session, login, { now: now - SHOPPER_SESSION_MAX_AGE_MS - 1000 });
    expect(shopperFromSession(session, now)).toBeNull();
    const request = await requestWith(await commitSession(session, context));
    expect(await getShopper(request, context)).toBeNull();

    // requireShopper redirects and drops the stale sign-in from the cookie.
    const thrown = await requireShopper(request, context).catch((r: unknown) => r);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/login');
    const cleaned = await getSession(
      await requestWith(response.headers.get('Set-Cookie')),
      context,
    );
    expect(cleaned.has('shopper')).toBe(false);
  });

  it('redirects a guest to /login or the given path', async () => {
    const guest = await requestWith(null);
    expect(await getShopper(guest, context)).toBeNull();
    const toLogin = (await requireShopper(guest, context).catch((r: unknown) => r)) as Response;
    expect(toLogin.headers.get('Location')).toBe('/login');
    expect(toLogin.headers.get('Set-Cookie')).toBeNull();
    const toHome = (await requireShopper(guest, context, '/').catch((r: unknown) => r)) as Response;
    expect(toHome.headers.get('Location')).toBe('/');
  });
});
