/**
 * The signed-in shopper in the session (docs/reference/accounts.md "Log out and sessions").
 *
 * `session.shopper` holds the login result (shopper number, first name, saved store, the two
 * tokens), the sign-in time and when the sign-in ends: 90 days after signing in, 30 days after
 * an account update. An ended or malformed sign-in counts as signed out. The request context
 * reads it once (context.shopper); responses store changes through ./respond.server.ts. Signing
 * in or out gives the session a new id when it is stored (./session.server.ts), and the old one
 * ends.
 *
 * The guest page cache stores only pages that declare themselves public
 * (app/lib/http/cache.server.ts), which a signed-in shopper's pages never do.
 */
import { redirect, type AppLoadContext } from '@remix-run/node';
import type { LoginResult } from '~/lib/loyalty/types';
import { redirectWithSession } from './respond.server';
import type { AppSession, SessionShopper } from './session.server';

export type { SessionShopper };

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long a sign-in lasts: 90 days. */
export const SHOPPER_SESSION_MAX_AGE_MS = 90 * DAY_MS;
/** How long it lasts after an account update: 30 days from the update. */
export const SHOPPER_SESSION_AFTER_UPDATE_MS = 30 * DAY_MS;

/** The shopper of a session, or null for a guest or a sign-in that has ended or is malformed. */
export function shopperFromSession(session: AppSession, now = Date.now()): SessionShopper | null {
  const shopper = session.get('shopper');
  if (!shopper || typeof shopper !== 'object') return null;
  if (typeof shopper.frqShopperNo !== 'string' || !shopper.frqShopperNo) return null;
  if (typeof shopper.signedInAt !== 'number') return null;
  const endsAt =
    typeof shopper.expiresAt === 'number'
      ? shopper.expiresAt
      : shopper.signedInAt + SHOPPER_SESSION_MAX_AGE_MS;
  if (now > endsAt) return null;
  return shopper;
}

/**
 * The signed-in shopper, or a thrown redirect (default /login) for a guest. An ended sign-in is
 * removed from the cookie on the way.
 */
export async function requireShopper(
  context: AppLoadContext,
  redirectTo = '/login',
): Promise<SessionShopper> {
  if (context.shopper) return context.shopper;
  if (context.session.has('shopper')) {
    signOut(context.session);
    throw await redirectWithSession(context, redirectTo);
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
   * shopper's saved store becomes it if it is one of them.
   */
  storeNumbers?: readonly string[];
  now?: number;
  /** The shopper must accept new terms (see terms.server.ts). */
  termsPending?: boolean;
}

/**
 * Stores the login result in the session (commit it in the response: the session then gets a new
 * id and the one it had ends, so an id known before the sign-in is worth nothing after it).
 */
export function signIn(
  session: AppSession,
  login: LoginResult,
  options: SignInOptions = {},
): SessionShopper {
  const now = options.now ?? Date.now();
  const shopper: SessionShopper = {
    frqShopperNo: login.frqShopperNo,
    firstName: login.firstName ?? '',
    myStore: login.myStore || '0',
    frequentShopperJwt: login.frequentShopperJwt,
    oAuthJwt: login.oAuthJwt,
    signedInAt: now,
    expiresAt: now + SHOPPER_SESSION_MAX_AGE_MS,
    ...(options.termsPending ? { termsPending: true } : {}),
  };
  session.set('shopper', shopper);
  if (!session.get('homeStore') && options.storeNumbers) {
    const home = matchStoreNumber(shopper.myStore, options.storeNumbers);
    if (home) session.set('homeStore', home);
  }
  return shopper;
}

/**
 * Keeps the session's copy in step with the loyalty record (name, saved store, terms state). After
 * an account update (`accountUpdated`) the sign-in ends 30 days from then.
 */
export function updateShopper(
  session: AppSession,
  changes: Partial<Pick<SessionShopper, 'firstName' | 'myStore' | 'termsPending'>>,
  options: { accountUpdated?: boolean; now?: number } = {},
): SessionShopper | null {
  const now = options.now ?? Date.now();
  const shopper = shopperFromSession(session, now);
  if (!shopper) return null;
  const updated = {
    ...shopper,
    ...changes,
    ...(options.accountUpdated ? { expiresAt: now + SHOPPER_SESSION_AFTER_UPDATE_MS } : {}),
  };
  session.set('shopper', updated);
  return updated;
}

/**
 * Forgets the shopper and their tokens (logging out clears the shopper and the stored customer and
 * single-sign-on tokens, both held in `shopper`). The home store stays: it is the visitor's choice,
 * not personal. When the session is stored, its record is deleted (a replayed cookie is a guest)
 * and what is left moves to a new id.
 */
export function signOut(session: AppSession): void {
  session.unset('shopper');
}

/**
 * Clears the single-sign-on token (and its refresh token) the session keeps; the shopper stays
 * signed in on the site (app/sso/token.server.ts has the token's rules).
 */
export function clearSsoToken(session: AppSession, now = Date.now()): void {
  const shopper = shopperFromSession(session, now);
  if (!shopper?.sso) return;
  const rest = { ...shopper };
  delete rest.sso;
  session.set('shopper', rest);
}

/**
 * Ends every other session of the signed-in shopper on this brand (after a password change):
 * browsers signed in elsewhere become guests on their next request.
 */
export async function endOtherSessions(context: AppLoadContext): Promise<void> {
  const shopper = shopperFromSession(context.session);
  if (!shopper) return;
  await context.services.sessions.endSessions(context.tenant.sitePath, shopper.frqShopperNo, {
    except: context.session.id,
  });
}

/** Ends every session of a shopper on this brand (after a password reset by e-mail). */
export async function endShopperSessions(
  context: AppLoadContext,
  frqShopperNo: string,
): Promise<void> {
  await context.services.sessions.endSessions(context.tenant.sitePath, frqShopperNo);
}
