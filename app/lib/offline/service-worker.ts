/**
 * The service worker (docs/reference/offline.md, docs/decisions/0035-service-worker.md), bundled
 * on its own by scripts/build-sw.mjs into build/sw.js with Workbox's runtime modules; server/app.ts
 * serves it at /sw.js. It:
 * - keeps the script and style files of the shell (the root's, from the build's manifest) and the
 *   offline page with its stylesheet and images;
 * - keeps the pages of KEPT_PAGES for a signed-in shopper, each as last loaded (network first,
 *   the kept copy when the network fails);
 * - answers the offline page for any other navigation the network fails;
 * - drops the kept pages when the shopper signs out, when a page comes back for a guest, and
 *   when it comes back for another shopper (the X-Shopper-Key header).
 * It replaces the one before at once (skipWaiting and clients.claim): every page comes from the
 * network first, so a new deployment reaches a tab on its next navigation.
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  OFFLINE_PATH,
  OFFLINE_SHELL_CACHE,
  SHOPPER_KEY_HEADER,
  SHOPPER_PAGES_CACHE,
  isLogout,
  keptPageKey,
  mayKeep,
  shopperOfResponse,
  staleKeptPages,
} from './kept-pages';

/** Set by the build: the shell's files (hashed addresses, so no revision). */
declare const __PRECACHE_MANIFEST__: { url: string; revision: string | null }[];

/** The parts of the worker's global scope used here (the DOM types have no worker scope). */
interface WorkerScope {
  location: Location;
  registration: { navigationPreload?: { enable(): Promise<void> } };
  skipWaiting(): Promise<void>;
  addEventListener(
    type: 'install' | 'activate' | 'fetch',
    listener: (event: WorkerEvent) => void,
  ): void;
}
interface WorkerEvent extends Event {
  request: Request;
  waitUntil(promise: Promise<unknown>): void;
}

const sw = self as unknown as WorkerScope;
const origin = sw.location.origin;

/** The kept pages that are not the signed-in shopper's (see staleKeptPages). */
async function dropStalePages(signedIn: string | null | undefined): Promise<void> {
  if (signedIn === undefined) return;
  const cache = await caches.open(SHOPPER_PAGES_CACHE);
  const requests = await cache.keys();
  const kept = await Promise.all(
    requests.map(async (r) => ({
      key: r.url,
      shopper: (await cache.match(r))?.headers.get(SHOPPER_KEY_HEADER) ?? null,
    })),
  );
  await Promise.all(staleKeptPages(signedIn, kept).map((key) => cache.delete(key)));
}

// Signing out drops the kept pages before the request leaves (first of the fetch listeners).
sw.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (url.origin === origin && isLogout(url)) event.waitUntil(dropStalePages(null));
});

/** The offline page, fetched as a guest, and the same-origin stylesheets and images it shows. */
async function keepOfflinePage(): Promise<void> {
  const cache = await caches.open(OFFLINE_SHELL_CACHE);
  const response = await fetch(OFFLINE_PATH, { credentials: 'omit', cache: 'no-store' });
  if (!response.ok) throw new Error(`${OFFLINE_PATH} answered ${response.status}`);
  const html = await response.clone().text();
  await cache.put(OFFLINE_PATH, response);
  const assets = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="(?:stylesheet|icon)"[^>]*>|<img[^>]+>/g)) {
    const src = /\s(?:href|src)="([^"]+)"/.exec(m[0])?.[1]?.replaceAll('&amp;', '&');
    if (!src) continue;
    const url = new URL(src, origin);
    if (url.origin === origin && !url.pathname.startsWith('/build/')) assets.add(url.href);
  }
  await Promise.all(
    [...assets].map(async (url) => {
      const asset = await fetch(url, { credentials: 'omit' });
      if (asset.ok) await cache.put(url, asset);
    }),
  );
}

const offlinePage = async (): Promise<Response> =>
  (await caches.match(OFFLINE_PATH, { cacheName: OFFLINE_SHELL_CACHE })) ??
  new Response('You are offline.', {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });

/** Responses the worker made up (the offline page): never read for who is signed in. */
const fallbacks = new WeakSet<Response>();

const offlineFallback: WorkboxPlugin = {
  handlerDidError: async () => {
    const page = await offlinePage();
    fallbacks.add(page);
    return page;
  },
};

/** The key of a kept page's copy, whatever else its address says. */
const keptCacheKey: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const key = keptPageKey(new URL(request.url));
    return key ? new URL(key, origin).href : request;
  },
};

/** A kept page's answer from the network: the stale copies go, and it is kept when it may be. */
const keepForShopper: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) => {
    await dropStalePages(shopperOfResponse(response));
    return mayKeep(new URL(request.url), response) ? response : null;
  },
};

/** Any other page's answer from the network says who is signed in now. */
const watchShopper: WorkboxPlugin = {
  handlerWillRespond: async ({ event, response }) => {
    if (!fallbacks.has(response)) {
      (event as WorkerEvent).waitUntil(dropStalePages(shopperOfResponse(response)));
    }
    return response;
  },
};

sw.addEventListener('install', (event) => {
  event.waitUntil(keepOfflinePage());
  void sw.skipWaiting();
});
sw.addEventListener('activate', (event) => {
  // The navigation goes out while the worker starts, instead of after.
  event.waitUntil(sw.registration.navigationPreload?.enable() ?? Promise.resolve());
});
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute(__PRECACHE_MANIFEST__);

const isPage = (request: Request) => request.mode === 'navigate';

// The kept pages: the network's answer, else the shopper's last copy, else the offline page.
registerRoute(
  ({ request, url }) => isPage(request) && keptPageKey(url) !== null,
  new NetworkFirst({
    cacheName: SHOPPER_PAGES_CACHE,
    plugins: [keptCacheKey, keepForShopper, offlineFallback],
  }),
);

// Their data with JavaScript (a tab of the coupons page): the page itself is fetched again and
// kept, so the copy is the shopper's latest view.
registerRoute(
  ({ request, url }) =>
    !isPage(request) &&
    url.origin === origin &&
    url.pathname.endsWith('.data') &&
    !!keptPageKey(url),
  new NetworkOnly({
    plugins: [
      {
        handlerWillRespond: async ({ event, request, response }) => {
          const signedIn = shopperOfResponse(response);
          (event as WorkerEvent).waitUntil(
            (async () => {
              await dropStalePages(signedIn);
              if (!signedIn || !response.ok) return;
              const page = new URL(keptPageKey(new URL(request.url))!, origin);
              const fresh = await fetch(page, { credentials: 'same-origin' });
              if (!mayKeep(page, fresh)) return;
              await dropStalePages(shopperOfResponse(fresh));
              await (await caches.open(SHOPPER_PAGES_CACHE)).put(page.href, fresh);
            })().catch(() => undefined),
          );
          return response;
        },
      },
    ],
  }),
);

// Every other page: the network's answer, else the offline page.
registerRoute(
  ({ request }) => isPage(request),
  new NetworkOnly({ plugins: [watchShopper, offlineFallback] }),
);

// The shell's stylesheet and images: the network's, else those kept with the offline page.
registerRoute(
  ({ request, url }) =>
    url.origin === origin &&
    (request.destination === 'style' || request.destination === 'image') &&
    !url.pathname.startsWith('/build/'),
  new NetworkOnly({
    plugins: [
      {
        handlerDidError: async ({ request }) =>
          caches.match(request, { cacheName: OFFLINE_SHELL_CACHE }),
      },
    ],
  }),
);
