/**
 * HTTP caching in plain headers (decision record 0008). Every page says what it is:
 *
 * - a page that is the same for every guest: `public, max-age=0, s-maxage=N` (N =
 *   PAGE_CACHE_SECONDS): browsers always ask again, a shared cache (a CDN, or the in-process
 *   guest page cache, which reads this same header) may keep it N seconds. No
 *   stale-while-revalidate: browsers apply it to their own cache too, and served a guest's page
 *   data for seconds after the shopper signed in (decision record 0008);
 * - anything personal (a shopper's pages, tokens or addresses in the URL, a form's answer):
 *   `private, no-store`, so neither a shared cache nor the browser's Back button shows it again.
 *
 * Loaders set the header with `cacheHeaders`; routes export the shared `headers` below, which
 * keeps the strictest of the route's own and its parents' answers. A document that declares
 * nothing gets `private, no-store` (entry.server.tsx).
 */
import type { AppLoadContext, HeadersFunction } from '@remix-run/node';

export const PRIVATE_NO_STORE = 'private, no-store';

export function publicCacheControl(seconds: number): string {
  return `public, max-age=0, s-maxage=${seconds}`;
}

export type CachePolicy = 'shared' | 'personal';

/**
 * The Cache-Control of a page: `shared` pages are public for guests (a shopper's page is always
 * private: the shell greets them by name); `personal` pages are private for everyone.
 */
export function cacheControlFor(context: AppLoadContext, policy: CachePolicy): string {
  if (policy === 'personal' || context.shopper) return PRIVATE_NO_STORE;
  const seconds = context.services.env.PAGE_CACHE_SECONDS;
  return seconds > 0 ? publicCacheControl(seconds) : PRIVATE_NO_STORE;
}

/** Headers carrying the page's Cache-Control, merged into `init` (e.g. a Set-Cookie). */
export function cacheHeaders(
  context: AppLoadContext,
  policy: CachePolicy,
  init?: HeadersInit,
): Headers {
  const headers = new Headers(init);
  // A page that stores a session change (a notice shown once) is never shared.
  const personal = policy === 'personal' || headers.has('Set-Cookie');
  headers.set('Cache-Control', cacheControlFor(context, personal ? 'personal' : policy));
  return headers;
}

const isPrivate = (value: string | null) => value !== null && /\b(private|no-store)\b/.test(value);

/** The stricter of two Cache-Control values; null when neither says anything. */
export function strictest(own: string | null, parent: string | null): string | null {
  if (isPrivate(own) || isPrivate(parent)) return PRIVATE_NO_STORE;
  return own ?? parent;
}

/**
 * The shared route `headers` export: the strictest Cache-Control of this route (its loader, its
 * action or its error) and its parents, and Retry-After of a refused post.
 */
export const headers: HeadersFunction = ({
  loaderHeaders,
  parentHeaders,
  actionHeaders,
  errorHeaders,
}) => {
  const out = new Headers();
  let own = (errorHeaders ?? loaderHeaders).get('Cache-Control');
  own = strictest(actionHeaders.get('Cache-Control'), own);
  const cacheControl = strictest(own, parentHeaders.get('Cache-Control'));
  if (cacheControl) out.set('Cache-Control', cacheControl);
  const retryAfter = actionHeaders.get('Retry-After') ?? errorHeaders?.get('Retry-After');
  if (retryAfter) out.set('Retry-After', retryAfter);
  return out;
};
