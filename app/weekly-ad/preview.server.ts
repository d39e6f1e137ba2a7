/**
 * The home page's weekly-ad preview
 * (docs/reference/weekly-ad.md "Home page preview"): the cards of the home store's ad page (else
 * the first store's), read through the shared ad cache (adviewer.server.ts), never by a call of
 * the page's own; which store it is, and a link to that same store's ad.
 *
 * The page never waits on the ad viewer for long: on a cache miss the loader waits at most
 * PREVIEW_WAIT_MS, then answers 'loading' (skeleton cards) and the browser asks the preview
 * resource route (PREVIEW_DATA_PATH), which waits for the same cached call.
 */
import type { AppLoadContext } from '@remix-run/node';
import { resolveHomeStore, visibleLocations } from '~/stores/home-store/locations';
import { chooseAdPage, type AdPageChoice } from './ad-page.server';
import { adviewerBase, adviewerUrl, brandAds, isAdPageName } from './adviewer.server';
import type { AdsResult } from './types';
import { previewCards } from './preview-cards';
import {
  WEEKLY_AD_PATH,
  type PreviewCardsReply,
  type PreviewLink,
  type PreviewStore,
  type WeeklyAdPreviewData,
} from './preview';

/**
 * How long the home page waits for ads the cache does not hold yet: long enough for a healthy
 * ad viewer's two calls (tens of milliseconds), short enough that a slow one never slows the page.
 */
export const PREVIEW_WAIT_MS = 400;

/**
 * Which ad the preview shows: the home store's; without a home store the first visible store's
 * (docs/reference/weekly-ad.md "Which ad the home preview shows"). Chosen by the same function as
 * /weekly-ad's, the first store standing in for the `location` parameter, so the page its cards
 * link to (`/weekly-ad?location=` that store) shows the very same ad.
 */
export function previewChoice(context: AppLoadContext): AdPageChoice {
  const locations = visibleLocations(context);
  const home = resolveHomeStore(context, context.session.get('homeStore'));
  return chooseAdPage({
    locations,
    location: home ? null : (locations[0]?.storeNumber ?? null),
    home,
    tenantDefaultPage: context.tenant.services.adviewer?.defaultPage ?? null,
    retailerPage: context.services.content.retailerInfo(context.tenant.sitePath).adviewerPage,
  });
}

/**
 * Where the cards lead: the brand's external weekly ad when configured; else /weekly-ad, naming
 * the store (`?location=`) when it is not the home store (a guest without one), so the full ad is
 * the one the preview showed.
 */
export function previewLink(context: AppLoadContext, choice?: AdPageChoice): PreviewLink {
  const external = context.tenant.services.weeklyAdExternalUrl;
  if (external) return { href: external, external: true };
  const { store, source } = choice ?? previewChoice(context);
  const href =
    store && source === 'location'
      ? `${WEEKLY_AD_PATH}?${new URLSearchParams({ location: store.storeNumber }).toString()}`
      : WEEKLY_AD_PATH;
  return { href, external: false };
}

/**
 * The brand's own ad pages: the only pages the preview route reads, so a request can never make
 * the site call the ad viewer for a page of its choosing.
 */
export function brandAdPages(context: AppLoadContext): Set<string> {
  const info = context.services.content.retailerInfo(context.tenant.sitePath);
  const pages = [
    info.adviewerPage,
    context.tenant.services.adviewer?.defaultPage,
    ...visibleLocations(context).map((l) => l.adviewerPage),
  ];
  return new Set(pages.filter((p): p is string => typeof p === 'string' && isAdPageName(p)));
}

/** The cards of an answer of the ad cache; none when the ad viewer is unavailable. */
function cardsOf(context: AppLoadContext, result: AdsResult): PreviewCardsReply {
  const base = adviewerBase(context);
  if (result.status !== 'ok' || !base) return { cards: [], imageBase: '' };
  return {
    cards: previewCards(result.content.blocks, {
      now: Date.now(),
      // A retailer with more than one location hides the price (prices vary by store).
      showPrice: visibleLocations(context).length <= 1,
    }),
    imageBase: adviewerUrl(base, 'images/afs/products/').href,
  };
}

const TIMED_OUT = Symbol('timed out');

/** The promise's value, or TIMED_OUT after `ms` (the promise keeps running for the cache). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), ms);
    timer.unref?.();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The preview for the home page: the cards of the shopper's ad page when the cache holds them or
 * the ad viewer answers within `waitMs`; 'loading' otherwise. Never throws: an ad viewer that is
 * down gives no cards (the "no weekly ads" message), the rest of the page stands.
 */
export async function weeklyAdPreview(
  context: AppLoadContext,
  waitMs = PREVIEW_WAIT_MS,
): Promise<WeeklyAdPreviewData> {
  const choice = previewChoice(context);
  const link = previewLink(context, choice);
  const store: PreviewStore | null = choice.store
    ? { storeNumber: choice.store.storeNumber, name: choice.store.name }
    : null;
  const { page } = choice;
  if (!page || !adviewerBase(context)) {
    return { state: 'ready', cards: [], imageBase: '', link, store };
  }
  const result = await within(brandAds(context, page), waitMs);
  if (result === TIMED_OUT) return { state: 'loading', page, link, store };
  return { state: 'ready', ...cardsOf(context, result), link, store };
}

/**
 * The cards of one of the brand's ad pages, waiting for the ad cache as long as it takes (its
 * calls have their own deadlines); null for a page that is not the brand's.
 */
export async function previewCardsOfPage(
  context: AppLoadContext,
  page: string,
): Promise<PreviewCardsReply | null> {
  if (!brandAdPages(context).has(page)) return null;
  return cardsOf(context, await brandAds(context, page));
}
