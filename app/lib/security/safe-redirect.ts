/**
 * Returns `to` when it is a same-site relative path, else `fallback`. Every redirect target that
 * comes from input (redirectTo, returnTo, successRoute, afterLogIn) goes through here, so a
 * crafted link can never send a shopper to another site, and never breaks the Location header.
 *
 * The target is resolved the way a browser resolves a Location header (WHATWG URL against this
 * site) BEFORE it is checked: `/..//evil.example`, `/%2e%2e//x` or `/a/..//x` look like paths,
 * but resolve to `//evil.example`, which a browser reads as another host. What comes back is
 * the resolved path, query and fragment as the URL parser serialises them: non-ASCII is
 * percent-encoded, so the value is printable ASCII, safe in a header.
 *
 * Refused (fallback), beyond anything that leaves the site:
 * - anything not starting with exactly one '/' once resolved ('//', '/\', a scheme, a host);
 * - control characters (C0, DEL, C1) and backslashes anywhere: browsers drop tabs and newlines
 *   inside '//' and read '\' as '/';
 * - an encoded slash or backslash (%2F, %5C) in the path: browsers keep them encoded (checked in
 *   Chromium: `Location: /%2f%2fevil` stays on the site), but a proxy that decodes them would
 *   see '//'; no page of the site has one. In the query they are fine (`?redirectTo=%2Fx`);
 * - anything longer than MAX_TARGET_LENGTH once encoded.
 */
const BASE = 'http://site.invalid';
const MAX_TARGET_LENGTH = 4096;

/** One '/', then no second slash or backslash, then printable ASCII only. */
const PLAIN_TARGET = /^\/(?![/\\])[\x21-\x7e]*$/;

export function safeRedirect(
  to: FormDataEntryValue | string | null | undefined,
  fallback = '/',
): string {
  if (typeof to !== 'string' || !to.startsWith('/')) return fallback;
  if (/[\u0000-\u001f\u007f-\u009f\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  if (/%(2f|5c)/i.test(url.pathname)) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  if (target.length > MAX_TARGET_LENGTH || !PLAIN_TARGET.test(target)) return fallback;
  return target;
}
