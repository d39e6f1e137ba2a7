import { safeRedirect as libSafeRedirect } from 'remix-utils/safe-redirect';

/**
 * Returns `to` when it is a same-site relative path, else `fallback`. Every redirect target that
 * comes from input (redirectTo, successRoute, afterLogIn) goes through here, so a crafted link
 * can never send a shopper to another site.
 *
 * remix-utils' safeRedirect does the common checks (a leading '/', no '//', no '/\', no '..');
 * this wrapper adds ours: no control character or backslash anywhere, and the path as a URL
 * parser reads it must stay on this site.
 */
export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = '/',
): string {
  if (typeof to !== 'string' || !to) return fallback;
  const value = libSafeRedirect(to, '');
  if (!value) return fallback;
  // Control characters and backslashes can be read as another host by some browsers.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    const url = new URL(value, 'http://site.invalid');
    if (url.host !== 'site.invalid') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
