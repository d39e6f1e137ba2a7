/**
 * Which ad page /weekly-ad shows and the address of its frame
 * (docs/reference/weekly-ad.md "`/weekly-ad`", "Rules"). Pure: the loader hands in the brand's
 * locations and settings.
 *
 * - The store comes from the `location` query parameter (a visible location's store number or
 *   name slug), else the home store; its page is the store's adviewerPage.
 * - Without a store (or for a store without a page of its own) the retailer's default ad page:
 *   the tenant's `services.adviewer.defaultPage`, else retailer-info's `adviewerPage`, else the
 *   first visible location's.
 * - An unknown `location` is no error: it is reported (the page says the store was not found)
 *   and the choice goes on as if it were absent.
 */
import type { Location } from '~/content/source/types';
import { matchStoreNumber } from '~/lib/session/shopper.server';
import { adviewerUrl } from './adviewer.server';

/** A `location` longer than this names no store (numbers and slugs are short). */
export const MAX_LOCATION_PARAM = 200;

export interface AdPageInputs {
  /** The brand's locations (hidden ones are never a store to show, even if passed). */
  locations: Location[];
  /** The `location` query parameter as sent, or null. */
  location: string | null;
  /** The home store of this visit (resolveHomeStore), or null. */
  home: Location | null;
  /** Tenant `services.adviewer.defaultPage`. */
  tenantDefaultPage: string | null;
  /** Retailer-info `adviewerPage`. */
  retailerPage: string | null;
}

export interface AdPageChoice {
  /** The ad page to show; null when no store, retailer or tenant names one. */
  page: string | null;
  /** The store whose ad it is (from `location` or the home store); null: the retailer's. */
  store: Location | null;
  /** Where the choice came from. */
  source: 'location' | 'home' | 'default';
  /** A `location` was given and names no visible location. */
  unknownLocation: boolean;
}

/** The visible location a `location` parameter names: its store number or its slug. */
export function findAdLocation(all: Location[], value: string | null): Location | null {
  const wanted = value?.trim() ?? '';
  if (!wanted || wanted.length > MAX_LOCATION_PARAM) return null;
  const locations = all.filter((l) => !l.hidden);
  if (/^\d+$/.test(wanted)) {
    // '12' and '0012' are the same store (numbers are written zero-padded in content).
    const number = matchStoreNumber(
      wanted,
      locations.map((l) => l.storeNumber),
    );
    return locations.find((l) => l.storeNumber === number) ?? null;
  }
  const slug = wanted.toLowerCase();
  return locations.find((l) => l.slug === slug) ?? null;
}

/** The retailer's default ad page: the tenant's, else the retailer's, else the first store's. */
export function retailerDefaultPage(
  inputs: Pick<AdPageInputs, 'locations' | 'tenantDefaultPage' | 'retailerPage'>,
): string | null {
  return (
    inputs.tenantDefaultPage ??
    inputs.retailerPage ??
    inputs.locations.find((l) => !l.hidden && l.adviewerPage)?.adviewerPage ??
    null
  );
}

export function chooseAdPage(inputs: AdPageInputs): AdPageChoice {
  const fallback = retailerDefaultPage(inputs);
  const given = (inputs.location ?? '').trim() !== '';
  const named = given ? findAdLocation(inputs.locations, inputs.location) : null;
  const unknownLocation = given && named === null;
  if (named) {
    return {
      page: named.adviewerPage ?? fallback,
      store: named,
      source: 'location',
      unknownLocation,
    };
  }
  if (inputs.home) {
    return {
      page: inputs.home.adviewerPage ?? fallback,
      store: inputs.home,
      source: 'home',
      unknownLocation,
    };
  }
  return { page: fallback, store: null, source: 'default', unknownLocation };
}

/**
 * The viewer frame's address: `{viewer}/{page}?token={JWT}` for a shopper with a token;
 * `{viewer}/{page}` for anyone else with a store; `{viewer}/{default page}?chooseStore` (the
 * viewer's choose-store prompt) with neither. Null when there is no page to show. Where the
 * prompt shows, the page hides its own chooser on wide screens with JavaScript, so the page has one
 * store picker (docs/reference/weekly-ad.md "One ad, one picker").
 */
export function adFrameUrl(
  base: string,
  choice: Pick<AdPageChoice, 'page' | 'store'>,
  token: string | null,
): string | null {
  if (!choice.page) return null;
  const page = encodeURIComponent(choice.page);
  if (token) {
    const url = adviewerUrl(base, page);
    url.searchParams.set('token', token);
    return url.href;
  }
  if (choice.store) return adviewerUrl(base, page).href;
  // A bare flag, as the viewer documents it (`?chooseStore`, not `?chooseStore=`).
  return adviewerUrl(base, `${page}?chooseStore`).href;
}
