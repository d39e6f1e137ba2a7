import type { AppLoadContext } from '@remix-run/node';
import { redirectWithNotice, redirectWithSession } from '~/lib/session/respond.server';
import { endShopperSessions, shopperFromSession, signOut } from '~/lib/session/shopper.server';
import { revokeShopperGrants } from '~/lib/sso/provider.server';

/** Shown on the login page after 'Log Out Everywhere'. */
export const LOGGED_OUT_EVERYWHERE_MESSAGE =
  'You have been logged out on every device and partner site.';

/**
 * Logging out is a form post (a GET link could be triggered by any page): it forgets the shopper
 * and their tokens and goes home. Storing the session deletes its record, so the cookie the browser
 * had is worth nothing afterwards, wherever it was copied.
 */
export async function logoutAction(context: AppLoadContext) {
  signOut(context.session);
  return redirectWithSession(context, '/');
}

/**
 * 'Log Out Everywhere': every session of the shopper on this brand ends (this one too) and every
 * partner grant made with the account is revoked at the provider; the login page says so. A
 * guest (a replayed or expired cookie) is simply sent home.
 */
export async function logoutEverywhereAction(context: AppLoadContext) {
  const shopper = shopperFromSession(context.session);
  if (!shopper) return logoutAction(context);
  await revokeShopperGrants(context, shopper.frqShopperNo, 'logged out everywhere');
  await endShopperSessions(context, shopper.frqShopperNo);
  signOut(context.session);
  return redirectWithNotice(context, '/login', LOGGED_OUT_EVERYWHERE_MESSAGE);
}
