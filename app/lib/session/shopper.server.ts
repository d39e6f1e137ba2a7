/**
 * The signed-in shopper in the cookie session (spec accounts-loyalty §4 "Session").
 *
 * The whole session is the signed cookie: `session.shopper` holds the login result (shopper
 * number, first name, saved store, the two tokens) and the sign-in time. A sign-in older than
 * 90 days (the spec's stored-user lifetime, also the cookie's maxAge) counts as signed out.
 * Both tokens together stay well under the 4 KB cookie limit (reference service JWTs are about
 * 300 characters each).
 *
 * The guest page cache (server/page-cache.ts) treats every session key but 'homeStore' as
 * personal, so a signed-in shopper's pages are never cached or shared.
 */
import { redirect, type AppLoadContext } from '@remix-run/node';
import type { LoginResult } from '~/lib/loyalty/types';
import { commitSession, getSession, type AppSession, type SessionShopper } from './session.server';

export type { SessionShopper };

export const SHOPPER_SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

/** The shopper of a session, or null for a guest or a sign-in that is too old or malformed. */
export function shopperFromSession(session: AppSession, now = Date.now()): SessionShopper | null {
  const shopper = session.get('shopper');
  if (!shopper || typeof shopper !== 'object') return null;
  if (typeof shopper.frqShopperNo !== 'string' || !shopper.frqShopperNo) return null;
  if (
    typeof shopper.signedInAt !== 'number' ||
    now - shopper.signedInAt > SHOPPER_SESSION_MAX_AGE_MS
  )
    return null;
  return shopper;
}

export async function getShopper(
  request: Request,
  context: AppLoadContext,
): Promise<SessionShopper | null> {
  return shopperFromSession(await getSession(request, context));
}

/**
 * The signed-in shopper, or a thrown redirect (default /login) for a guest. A stale sign-in is
 * removed from the cookie on the way.
 */
export async function requireShopper(
  request: Request,
  context: AppLoadContext,
  redirectTo = '/login',
): Promise<SessionShopper> {
  const session = await getSession(request, context);
  const shopper = shopperFromSession(session);
  if (shopper) return shopper;
  if (session.has('shopper')) {
    signOut(session);
    throw redirect(redirectTo, {
      headers: { 'Set-Cookie': await commitSession(session, context) },
    });
  }
  throw redirect(redirectTo);
}

/**
 * The location number matching a shopper's saved store: the same number, or the same after
 * zero-padding ('5' matches '005'); null when none matches or the store is '0' / empty.
 */
export function matchStoreNumber(
  myStore: string | null | undefined,
  storeNumbers: readonly string[],
): string | null {
  const mine = (myStore ?? '').trim();
  if (!mine || /^0+$/.test(mine)) return null;
  if (storeNumbers.includes(mine)) return mine;
  const bare = mine.replace(/^0+/, '');
  return storeNumbers.find((n) => n.replace(/^0+/, '') === bare) ?? null;
}

export interface SignInOptions {
  /**
   * Store numbers of the brand's visible locations: when the session has no home store yet, the
   * shopper's saved store becomes it if it is one of them (spec §4).
   */
  storeNumbers?: readonly string[];
  now?: number;
  /** The shopper must accept new terms (see terms.server.ts). */
  termsPending?: boolean;
}

/** Stores the login result in the session (commit it in the response). */
export function signIn(
  session: AppSession,
  login: LoginResult,
  options: SignInOptions = {},
): SessionShopper {
  const shopper: SessionShopper = {
    frqShopperNo: login.frqShopperNo,
    firstName: login.firstName ?? '',
    myStore: login.myStore || '0',
    frequentShopperJwt: login.frequentShopperJwt,
    oAuthJwt: login.oAuthJwt,
    signedInAt: options.now ?? Date.now(),
    ...(options.termsPending ? { termsPending: true } : {}),
  };
  session.set('shopper', shopper);
  if (!session.get('homeStore') && options.storeNumbers) {
    const home = matchStoreNumber(shopper.myStore, options.storeNumbers);
    if (home) session.set('homeStore', home);
  }
  return shopper;
}

/** Keeps the session's copy in step after an account update (name or saved store changed). */
export function updateShopper(
  session: AppSession,
  changes: Partial<Pick<SessionShopper, 'firstName' | 'myStore' | 'termsPending'>>,
): SessionShopper | null {
  const shopper = shopperFromSession(session);
  if (!shopper) return null;
  const updated = { ...shopper, ...changes };
  session.set('shopper', updated);
  return updated;
}

/**
 * Forgets the shopper and their tokens (spec §4: logout clears the user and the stored customer
 * and single-sign-on tokens). The home store stays: it is the visitor's choice, not personal.
 */
export function signOut(session: AppSession): void {
  session.unset('shopper');
}
