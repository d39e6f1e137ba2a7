import type { AppLoadContext } from '@remix-run/node';
import { redirectWithSession } from '~/lib/session/respond.server';
import { signOut } from '~/lib/session/shopper.server';

/**
 * Logging out is a form post (a GET link could be triggered by any page): it forgets the shopper
 * and their tokens and goes home. Storing the session deletes its record, so the cookie the browser
 * had is worth nothing afterwards, wherever it was copied.
 */
export async function logoutAction(context: AppLoadContext) {
  signOut(context.session);
  return redirectWithSession(context, '/');
}
