/**
 * The rules of the offline copy (docs/reference/offline.md), shared by the service worker
 * (service-worker.ts, bundled on its own by scripts/build-sw.mjs), the server and the offline
 * page: which pages a signed-in shopper finds offline, under which key each is kept, and when the
 * kept copies must go. Plain functions without the browser, so they are tested as they are.
 */

/** Where the service worker is served (at the root: its scope is the whole site). */
export const SERVICE_WORKER_PATH = '/sw.js';

/** The page shown for any navigation that cannot reach the site. */
export const OFFLINE_PATH = '/offline';

/**
 * The response header that names the signed-in shopper of a page by an opaque key (never the card
 * number): absent on a guest's page. The service worker compares it across responses.
 */
export const SHOPPER_KEY_HEADER = 'X-Shopper-Key';

/** The service worker's caches (one origin = one brand, so no brand in the name). */
export const SHOPPER_PAGES_CACHE = 'shopper-pages';
export const OFFLINE_SHELL_CACHE = 'offline-shell';

/** A page kept offline: its path and, for a view of a page, the query values that make it. */
export interface KeptPage {
  path: string;
  query?: Record<string, string>;
  /** The link text of the offline page. */
  label: string;
}

/**
 * The pages a signed-in shopper finds offline, each as they last saw it: the loyalty card at the
 * register, the shopping list in the aisle, and the coupons clipped to the card.
 */
export const KEPT_PAGES: readonly KeptPage[] = [
  { path: '/card', label: 'Your card' },
  { path: '/list', label: 'Your shopping list' },
  { path: '/digital-coupons', query: { tab: 'clipped' }, label: 'Your clipped coupons' },
];

/** A kept page's address (path and query), as the offline page links to it. */
export function keptPageHref(page: KeptPage): string {
  const query = new URLSearchParams(page.query).toString();
  return query ? `${page.path}?${query}` : page.path;
}

/**
 * The key under which a request's page is kept, or null when the page is not kept. A page's data
 * request (`/digital-coupons.data?tab=clipped`, a navigation with JavaScript) has the key of its
 * page. Other query values (sort, search, the router's own) do not make another copy: the shopper
 * finds their latest visit of the view, whatever its order.
 */
export function keptPageKey(url: URL): string | null {
  const path = url.pathname.endsWith('.data')
    ? url.pathname.slice(0, -'.data'.length)
    : url.pathname;
  const page = KEPT_PAGES.find(
    (p) =>
      (path === p.path || path === `${p.path}/`) &&
      Object.entries(p.query ?? {}).every(([name, value]) => url.searchParams.get(name) === value),
  );
  return page ? keptPageHref(page) : null;
}

/** Whether the request signs the shopper out (its page post, or its data post with JavaScript). */
export function isLogout(url: URL): boolean {
  return /^\/(sso\/)?logout(\.data)?\/?$/.test(url.pathname);
}

/**
 * What a response says of who is signed in: a shopper's key, null for a guest, undefined when it
 * cannot tell (a redirect the worker may not read, a failed answer from elsewhere).
 */
export function shopperOfResponse(response: {
  type: string;
  headers: { get(name: string): string | null };
}): string | null | undefined {
  if (response.type === 'opaqueredirect' || response.type === 'opaque') return undefined;
  return response.headers.get(SHOPPER_KEY_HEADER);
}

/**
 * The kept pages that must go once a response shows who is signed in now: all of them for a guest
 * (signed out, or the sign-in ended), those of any other shopper when a shopper is signed in, none
 * when the response cannot tell. `kept` pairs each kept copy's key with the shopper it was kept
 * for.
 */
export function staleKeptPages(
  signedIn: string | null | undefined,
  kept: readonly { key: string; shopper: string | null }[],
): string[] {
  if (signedIn === undefined) return [];
  return kept.filter((k) => signedIn === null || k.shopper !== signedIn).map((k) => k.key);
}

/**
 * Whether a page's response may be kept: a kept page, answered 200 for a signed-in shopper (a
 * guest's page, an error or a redirect is never kept).
 */
export function mayKeep(
  url: URL,
  response: { status: number; type: string; headers: { get(name: string): string | null } },
): boolean {
  return keptPageKey(url) !== null && response.status === 200 && !!shopperOfResponse(response);
}
