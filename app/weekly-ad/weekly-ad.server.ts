/**
 * /weekly-ad (docs/reference/weekly-ad.md "`/weekly-ad`"): the brand's ad viewer in a frame, and
 * beside it the same ad as text, built here from the content call (brandAds, cached per page).
 *
 * Caching: a guest's page depends on the address and the home store only, which the guest page
 * cache keys on (decision 0004): shared. A shopper's frame address carries their token:
 * personal, never stored. An ad viewer that is down costs the text section only (the "no weekly
 * ads" sentence there); the page is still 200.
 */
import { data, type AppLoadContext } from '@remix-run/node';
import { cacheHeaders } from '~/lib/http/cache.server';
import { resolveHomeStore, visibleLocations } from '~/stores/home-store/locations';
import { adFrameUrl, chooseAdPage, MAX_LOCATION_PARAM, type AdPageChoice } from './ad-page.server';
import { buildAdText, normaliseAdQuery } from './ad-text';
import { adviewerBase, adviewerOrigin, brandAds } from './adviewer.server';
import type { WeeklyAdFrame, WeeklyAdPageData, WeeklyAdStore, WeeklyAdText } from './page-data';

/** The page's query: the store to show (`location`) and the text search (`q`). */
export function parseWeeklyAdQuery(params: URLSearchParams): {
  location: string | null;
  q: string;
} {
  const location = params.get('location');
  return {
    location: location === null ? null : location.slice(0, MAX_LOCATION_PARAM + 1),
    q: normaliseAdQuery(params.get('q')),
  };
}

function frameTitle(choice: AdPageChoice, retailerName: string, chooseStore: boolean): string {
  if (choice.store) return `Weekly ad for ${choice.store.name}`;
  if (chooseStore) return `${retailerName} weekly ad: choose your store`;
  return `${retailerName} weekly ad`;
}

async function adText(context: AppLoadContext, page: string | null): Promise<WeeklyAdText> {
  if (!page) return { status: 'unavailable' };
  const ads = await brandAds(context, page);
  if (ads.status !== 'ok') return { status: 'unavailable' };
  const weeks = buildAdText(ads.content.blocks, Date.now());
  return weeks.length ? { status: 'ok', weeks } : { status: 'unavailable' };
}

export async function weeklyAdLoader(request: Request, context: AppLoadContext) {
  const { tenant } = context;
  const { location, q } = parseWeeklyAdQuery(new URL(request.url).searchParams);
  const info = context.services.content.retailerInfo(tenant.sitePath);
  const locations = visibleLocations(context);
  const home = resolveHomeStore(context, context.session.get('homeStore'));
  const choice = chooseAdPage({
    locations,
    location,
    home,
    tenantDefaultPage: tenant.services.adviewer?.defaultPage ?? null,
    retailerPage: info.adviewerPage,
  });

  const token = context.shopper?.frequentShopperJwt || null;
  const base = adviewerBase(context);
  const src = base ? adFrameUrl(base, choice, token) : null;
  const chooseStore = !token && !choice.store;
  const frame: WeeklyAdFrame | null = src
    ? { src, title: frameTitle(choice, tenant.retailerName, chooseStore), chooseStore }
    : null;

  const stores: WeeklyAdStore[] = locations.flatMap((l) =>
    l.adviewerPage
      ? [
          {
            storeNumber: l.storeNumber,
            name: l.name,
            page: l.adviewerPage,
            canChoose: !l.hiddenInHomeSelector,
            listed: !l.hiddenInStoreSelector,
          },
        ]
      : [],
  );

  const body: WeeklyAdPageData = {
    frame,
    viewerOrigin: frame ? adviewerOrigin(context) : null,
    store: choice.store
      ? {
          storeNumber: choice.store.storeNumber,
          name: choice.store.name,
          fromLocation: choice.source === 'location',
        }
      : null,
    unknownLocation: choice.unknownLocation,
    stores,
    homeStoreNumber: home?.storeNumber ?? null,
    signedIn: context.shopper !== null,
    q,
    text: await adText(context, choice.page),
    externalUrl: tenant.services.weeklyAdExternalUrl ?? null,
    retailerName: tenant.retailerName,
  };
  // The token in the frame's address makes the page the shopper's own.
  return data(body, { headers: cacheHeaders(context, token ? 'personal' : 'shared') });
}
