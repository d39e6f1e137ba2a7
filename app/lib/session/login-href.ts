import { safeRedirect } from '~/lib/security/safe-redirect';

/** Why a visitor is asked to log in ('clip': 'You must log in to clip coupons.'). */
export type LoginReason = 'clip';

/**
 * /login with the reason and a way back to `returnTo` (a path on this site): where a guest goes
 * without the login dialog (no JavaScript, a narrow screen). Client-safe.
 */
export function loginHref(returnTo: string, reason?: LoginReason): string {
  const query = new URLSearchParams();
  if (reason) query.set('reason', reason);
  const back = safeRedirect(returnTo, '/');
  if (back !== '/') query.set('redirectTo', back);
  const text = query.toString();
  return text ? `/login?${text}` : '/login';
}

/**
 * Where a guest asking for `request`'s page goes: /login with the page (path and query) as
 * redirectTo, so the login lands back there (docs/reference/accounts.md "Who may see what").
 */
export function guestLoginHref(request: Request): string {
  const url = new URL(request.url);
  // The framework's own parameters (which route of the page, a script's data request) are not
  // part of the page.
  url.searchParams.delete('index');
  url.searchParams.delete('_data');
  return loginHref(url.pathname + url.search);
}
