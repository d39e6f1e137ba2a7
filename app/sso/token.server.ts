import { logger } from '@common/logger.server';
import type { AppSession, SsoSessionToken } from '~/lib/session/session.server';
import { clearSsoToken, shopperFromSession } from '~/lib/session/shopper.server';

/**
 * The single-sign-on token in the session (docs/reference/sso.md "Rules"): valid until its expiry;
 * once expired, refreshed with the refresh token (the provider rotates it: the new pair replaces
 * the old); when the refresh fails, or there is no refresh token, both are cleared and there is no
 * valid token. It lives in the signed-in shopper's session record (server side), never in a cookie
 * value or a page.
 */

export type { SsoSessionToken };

/**
 * A token counts as expired this long before its expiry: the provider call that uses it (the
 * authorization code, a revocation) is made just after the check and must not meet a token
 * that ran out in between.
 */
export const SSO_EXPIRY_MARGIN_MS = 30_000;

/** What the token rules need of the provider (app/lib/sso/provider.server.ts). */
export interface SsoRefresher {
  refresh(
    refreshToken: string,
  ): Promise<{ accessToken: string; refreshToken: string; expiresIn: number }>;
}

/** The token of a provider login reply, expiring `expiresIn` seconds from `now`. */
export function tokenFromLogin(
  reply: { customerToken: string; refreshToken?: string | null; expiresIn: number },
  now = Date.now(),
): SsoSessionToken {
  return {
    customerToken: reply.customerToken,
    refreshToken: reply.refreshToken || null,
    expiresAt: now + Math.max(0, reply.expiresIn) * 1000,
  };
}

/** The token stored with the signed-in shopper, whatever its expiry; null without one. */
export function storedSsoToken(session: AppSession, now = Date.now()): SsoSessionToken | null {
  const token = shopperFromSession(session, now)?.sso;
  if (!token || typeof token !== 'object') return null;
  if (typeof token.customerToken !== 'string' || !token.customerToken) return null;
  if (typeof token.expiresAt !== 'number') return null;
  return token;
}

/** Stores the token with the signed-in shopper (false when no one is signed in). */
export function storeSsoToken(
  session: AppSession,
  token: SsoSessionToken,
  now = Date.now(),
): boolean {
  const shopper = shopperFromSession(session, now);
  if (!shopper) return false;
  session.set('shopper', { ...shopper, sso: token });
  return true;
}

export { clearSsoToken };

export interface SsoTokenState {
  /** The valid token, or null. */
  token: SsoSessionToken | null;
  /** The session changed (refreshed or cleared): the response must store it. */
  changed: boolean;
}

/**
 * The session's valid single-sign-on token, refreshing an expired one: the rule above, in full. The
 * caller stores the session when `changed`.
 */
export async function validSsoToken(
  session: AppSession,
  provider: SsoRefresher,
  now = Date.now(),
): Promise<SsoTokenState> {
  const token = storedSsoToken(session, now);
  if (!token) {
    // No token (or a malformed one): nothing valid; a malformed leftover is cleared.
    const had = shopperFromSession(session, now)?.sso !== undefined;
    if (had) clearSsoToken(session, now);
    return { token: null, changed: had };
  }
  if (token.expiresAt - SSO_EXPIRY_MARGIN_MS > now) return { token, changed: false };
  if (token.refreshToken) {
    try {
      const reply = await provider.refresh(token.refreshToken);
      const fresh = tokenFromLogin(
        {
          customerToken: reply.accessToken,
          refreshToken: reply.refreshToken,
          expiresIn: reply.expiresIn,
        },
        now,
      );
      if (fresh.customerToken && fresh.expiresAt - SSO_EXPIRY_MARGIN_MS > now) {
        storeSsoToken(session, fresh, now);
        return { token: fresh, changed: true };
      }
    } catch (error) {
      logger.info({ err: error }, 'single-sign-on token not refreshed');
    }
  }
  clearSsoToken(session, now);
  return { token: null, changed: true };
}
