import { createSession } from '@remix-run/node';
import { describe, expect, it, vi } from 'vitest';
import type { AppSession, SessionData, SessionFlash } from '~/lib/session/session.server';
import { signIn, signOut } from '~/lib/session/shopper.server';
import {
  clearSsoToken,
  SSO_EXPIRY_MARGIN_MS,
  storedSsoToken,
  storeSsoToken,
  tokenFromLogin,
  validSsoToken,
  type SsoRefresher,
} from './token.server';

const NOW = Date.UTC(2026, 10, 20, 15, 0, 0);

function signedInSession(): AppSession {
  const session = createSession<SessionData, SessionFlash>();
  signIn(
    session,
    {
      firstName: 'Ben',
      frqShopperNo: '400000000002',
      myStore: '0012',
      frequentShopperJwt: 'fs-jwt',
      oAuthJwt: 'customer-jwt',
    },
    { now: NOW - 60_000 },
  );
  return session;
}

const refresher = (impl: SsoRefresher['refresh']) => ({ refresh: vi.fn(impl) });
const neverCalled = () => refresher(() => Promise.reject(new Error('must not be called')));

describe('tokenFromLogin', () => {
  it('expires expiresIn seconds from now; no refresh token is null', () => {
    expect(tokenFromLogin({ customerToken: 'c', refreshToken: 'r', expiresIn: 600 }, NOW)).toEqual({
      customerToken: 'c',
      refreshToken: 'r',
      expiresAt: NOW + 600_000,
    });
    expect(tokenFromLogin({ customerToken: 'c', expiresIn: -5 }, NOW)).toEqual({
      customerToken: 'c',
      refreshToken: null,
      expiresAt: NOW,
    });
  });
});

describe('the single-sign-on token in the session', () => {
  it('is stored with the signed-in shopper only, and signing out drops it', () => {
    const guest = createSession<SessionData, SessionFlash>();
    const token = { customerToken: 'c', refreshToken: 'r', expiresAt: NOW + 600_000 };
    expect(storeSsoToken(guest, token, NOW)).toBe(false);
    expect(guest.get('shopper')).toBeUndefined();

    const session = signedInSession();
    expect(storeSsoToken(session, token, NOW)).toBe(true);
    expect(storedSsoToken(session, NOW)).toEqual(token);
    // The shopper's other fields stay as they were.
    expect(session.get('shopper')).toMatchObject({ firstName: 'Ben', oAuthJwt: 'customer-jwt' });

    signOut(session);
    expect(storedSsoToken(session, NOW)).toBeNull();
    expect(session.get('shopper')).toBeUndefined();
  });

  it('goes when another shopper signs in in the same session', () => {
    const session = signedInSession();
    storeSsoToken(session, { customerToken: 'c', refreshToken: 'r', expiresAt: NOW + 1e6 }, NOW);
    signIn(session, {
      firstName: 'Cara',
      frqShopperNo: '400000000003',
      myStore: '0',
      frequentShopperJwt: null,
      oAuthJwt: null,
    });
    expect(storedSsoToken(session)).toBeNull();
  });

  it('clearSsoToken keeps the shopper signed in', () => {
    const session = signedInSession();
    storeSsoToken(session, { customerToken: 'c', refreshToken: 'r', expiresAt: NOW + 1e6 }, NOW);
    clearSsoToken(session, NOW);
    expect(session.get('shopper')).toMatchObject({ frqShopperNo: '400000000002' });
    expect(session.get('shopper')).not.toHaveProperty('sso');
  });
});

describe('validSsoToken (spec §4: valid until expiry, refresh when expired, else cleared)', () => {
  it('a token before its expiry is valid as it is: no provider call, nothing to store', async () => {
    const session = signedInSession();
    const token = { customerToken: 'c', refreshToken: 'r', expiresAt: NOW + 120_000 };
    storeSsoToken(session, token, NOW);
    const provider = neverCalled();
    expect(await validSsoToken(session, provider, NOW)).toEqual({ token, changed: false });
    expect(provider.refresh).not.toHaveBeenCalled();
  });

  it('an expired token is refreshed, and the new pair replaces the old (rotation)', async () => {
    const session = signedInSession();
    storeSsoToken(session, { customerToken: 'old', refreshToken: 'r1', expiresAt: NOW - 1 }, NOW);
    const provider = refresher(async () => ({
      accessToken: 'new',
      refreshToken: 'r2',
      expiresIn: 900,
    }));
    const state = await validSsoToken(session, provider, NOW);
    const fresh = { customerToken: 'new', refreshToken: 'r2', expiresAt: NOW + 900_000 };
    expect(state).toEqual({ token: fresh, changed: true });
    expect(provider.refresh).toHaveBeenCalledWith('r1');
    expect(storedSsoToken(session, NOW)).toEqual(fresh);
  });

  it('a token about to expire (within the margin) is refreshed too', async () => {
    const session = signedInSession();
    const expiresAt = NOW + SSO_EXPIRY_MARGIN_MS - 1;
    storeSsoToken(session, { customerToken: 'old', refreshToken: 'r1', expiresAt }, NOW);
    const provider = refresher(async () => ({
      accessToken: 'new',
      refreshToken: 'r2',
      expiresIn: 900,
    }));
    expect((await validSsoToken(session, provider, NOW)).token?.customerToken).toBe('new');
  });

  it('a refused refresh clears both tokens: not valid, the shopper still signed in', async () => {
    const session = signedInSession();
    storeSsoToken(session, { customerToken: 'old', refreshToken: 'r1', expiresAt: NOW - 1 }, NOW);
    const provider = refresher(() => Promise.reject(new Error('invalid_grant')));
    expect(await validSsoToken(session, provider, NOW)).toEqual({ token: null, changed: true });
    expect(storedSsoToken(session, NOW)).toBeNull();
    expect(session.get('shopper')).not.toHaveProperty('sso');
    expect(session.get('shopper')).toMatchObject({ frqShopperNo: '400000000002' });
  });

  it('a refresh answering an already expired token counts as failed', async () => {
    const session = signedInSession();
    storeSsoToken(session, { customerToken: 'old', refreshToken: 'r1', expiresAt: NOW - 1 }, NOW);
    const provider = refresher(async () => ({
      accessToken: 'new',
      refreshToken: 'r2',
      expiresIn: 0,
    }));
    expect(await validSsoToken(session, provider, NOW)).toEqual({ token: null, changed: true });
  });

  it('an expired token without a refresh token is cleared without a provider call', async () => {
    const session = signedInSession();
    storeSsoToken(session, { customerToken: 'old', refreshToken: null, expiresAt: NOW - 1 }, NOW);
    const provider = neverCalled();
    expect(await validSsoToken(session, provider, NOW)).toEqual({ token: null, changed: true });
    expect(provider.refresh).not.toHaveBeenCalled();
    expect(session.get('shopper')).not.toHaveProperty('sso');
  });

  it('no token, or no one signed in: not valid, nothing changed', async () => {
    const provider = neverCalled();
    expect(await validSsoToken(signedInSession(), provider, NOW)).toEqual({
      token: null,
      changed: false,
    });
    const guest = createSession<SessionData, SessionFlash>();
    expect(await validSsoToken(guest, provider, NOW)).toEqual({ token: null, changed: false });
  });

  it('a malformed leftover is cleared', async () => {
    const session = signedInSession();
    session.set('shopper', { ...session.get('shopper')!, sso: { customerToken: 5 } as never });
    expect(await validSsoToken(session, neverCalled(), NOW)).toEqual({
      token: null,
      changed: true,
    });
    expect(session.get('shopper')).not.toHaveProperty('sso');
  });
});
