/**
 * The store locator (/locations) and a store's page (/locations/{slug})
 * (docs/reference/stores.md "What the shopper sees", "Rules"). Everything is computed
 * here, on the server, so that the pages answer the shopper's three questions (which store is
 * nearest, is it open now, how do I get there) with JavaScript off and no maps key: the search
 * text is resolved from the ZIP-code table, the list sorted by great-circle distance, and the
 * open-now line read from each store's hours on its own wall clock.
 *
 * Both pages are the same for every guest (with the same home-store cookie): shared caching.
 */
import { data, type AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import type { Location } from '~/content/source/types';
import { notFound } from '~/lib/errors.server';
import { cacheHeaders } from '~/lib/http/cache.server';
import { resolveHomeStore, visibleLocations } from '~/stores/home-store/locations';
import { matchStoreNumber } from '~/lib/session/shopper.server';
import { metresBetween, milesBetween, type GeoPoint } from './distance';
import { lookupPlaces, MAX_SEARCH_LENGTH, type PlaceChoice } from './geo-lookup.server';
import { hoursView, storeDay } from './hours';
import { directionsUrl, telHref } from './links';
import { mapData } from './map-data.server';
import {
  hasFilters,
  matchesFilters,
  NO_FILTERS,
  parseStoreFilters,
  serviceOptions,
  setFilterParams,
  storeServices,
  type StoreFilters,
} from './services';
import { upcomingSpecialHours, weekWithSpecialHours } from './special-hours';
import { LOCATION_NOT_FOUND_MESSAGE, OWN_LOCATION_LABEL } from './messages';
import type {
  LocationsPageData,
  SearchPoint,
  StoreDetail,
  StorePageData,
  StoreSummary,
} from './types';

/** A coordinate from the query: a plain decimal number within range; anything else is ignored. */
const coordinate = (limit: number) =>
  z
    .string()
    .trim()
    .max(24)
    .regex(/^[-+]?\d{1,3}(?:\.\d+)?$/)
    .transform(Number)
    .pipe(z.number().min(-limit).max(limit));
const latitudeSchema = coordinate(90);
const longitudeSchema = coordinate(180);

/** The locator's query: `q` (search text), or `lat` and `lng` (both valid, else neither). */
export function parseLocationsQuery(params: URLSearchParams): {
  q: string;
  coordinates: GeoPoint | null;
} {
  const q = (params.get('q') ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_SEARCH_LENGTH);
  const lat = latitudeSchema.safeParse(params.get('lat') ?? undefined);
  const lng = longitudeSchema.safeParse(params.get('lng') ?? undefined);
  return {
    q,
    coordinates: lat.success && lng.success ? { latitude: lat.data, longitude: lng.data } : null,
  };
}

const hasPoint = (l: Location): l is Location & GeoPoint =>
  l.latitude !== null && l.longitude !== null;

interface Viewer {
  now: number;
  homeStore: string | null;
  savedStore: string | null;
  point: GeoPoint | null;
}

function summary(location: Location, viewer: Viewer): StoreSummary {
  const hours = hoursView(location.hours, viewer.now, location.timeZone, location.specialHours);
  const pharmacy = location.pharmacy;
  const pharmacyHours = pharmacy
    ? hoursView(pharmacy.hours, viewer.now, location.timeZone, pharmacy.specialHours)
    : null;
  return {
    storeNumber: location.storeNumber,
    name: location.name,
    slug: location.slug,
    href: `/locations/${location.slug}`,
    address: location.address,
    addressLine2: location.addressLine2,
    city: location.city,
    state: location.state,
    zip: location.zip,
    latitude: location.latitude,
    longitude: location.longitude,
    phone: location.phone,
    phoneHref: telHref(location.phone),
    services: storeServices(location.services, pharmacy !== null),
    directionsUrl: directionsUrl(location),
    today: hours.today,
    status: hours.status,
    pharmacy:
      pharmacy && pharmacyHours
        ? {
            phone: pharmacy.phone,
            phoneHref: telHref(pharmacy.phone),
            today: pharmacyHours.today,
            status: pharmacyHours.status,
          }
        : null,
    miles: viewer.point && hasPoint(location) ? milesBetween(viewer.point, location) : null,
    isHome: viewer.homeStore === location.storeNumber,
    isSaved: viewer.savedStore === location.storeNumber,
    canChoose: !location.hiddenInHomeSelector,
  };
}

function viewerOf(context: AppLoadContext, locations: Location[], point: GeoPoint | null): Viewer {
  const home = resolveHomeStore(context, context.session.get('homeStore'));
  const savedStore = context.shopper
    ? matchStoreNumber(
        context.shopper.myStore,
        locations.map((l) => l.storeNumber),
      )
    : null;
  return { now: Date.now(), homeStore: home?.storeNumber ?? null, savedStore, point };
}

/** The locator's own address for a search and filters (where forms and links come back to). */
export function locatorHref(
  q: string,
  coordinates: GeoPoint | null,
  filters: StoreFilters = NO_FILTERS,
): string {
  const search = new URLSearchParams();
  if (q) search.set('q', q);
  if (coordinates) {
    search.set('lat', String(coordinates.latitude));
    search.set('lng', String(coordinates.longitude));
  }
  setFilterParams(search, filters);
  return `/locations${search.size ? `?${search}` : ''}`;
}

/**
 * /locations: every visible store, nearest first when a place was searched, narrowed by the
 * filters ('Open now', 'Has pharmacy', a service).
 */
export function locationsLoader(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const { q, coordinates } = parseLocationsQuery(url.searchParams);
  const filters = parseStoreFilters(url.searchParams);
  const locations = visibleLocations(context);

  let point: SearchPoint | null = null;
  let unmatched = false;
  let others: PlaceChoice[] = [];
  if (coordinates) {
    point = { ...coordinates, label: q || OWN_LOCATION_LABEL };
  } else if (q) {
    const found = lookupPlaces(q, locations.filter(hasPoint));
    point = found.match;
    others = found.others;
    unmatched = point === null;
  }

  const viewer = viewerOf(context, locations, point);
  const rows = locations.map((l) => ({
    store: summary(l, viewer),
    // Sorted on the exact distance (nearby stores often tie in whole miles); stores without
    // coordinates keep their content order after the others (the sort is stable).
    metres: point && hasPoint(l) ? metresBetween(point, l) : Infinity,
  }));
  if (point) rows.sort((a, b) => a.metres - b.metres);
  const all = rows.map((r) => r.store);
  const stores = all.filter((s) => matchesFilters(s, filters));

  // The map starts on the nearest store after a search, else on the home store.
  const nearest = point ? stores.find((s) => s.latitude !== null && s.longitude !== null) : null;
  const body: LocationsPageData = {
    q,
    point,
    coordinates,
    unmatched,
    placeChoices: others.map((c) => ({
      label: c.label,
      href: locatorHref(c.query, null, filters),
    })),
    stores,
    total: all.length,
    filters,
    serviceOptions: serviceOptions(all.map((s) => s.services)),
    clearFiltersHref: hasFilters(filters) ? locatorHref(q, coordinates) : null,
    signedIn: context.shopper !== null,
    redirectTo: locatorHref(q, coordinates, filters),
    map: mapData(context, {
      kind: 'locator',
      selected: nearest?.storeNumber ?? viewer.homeStore,
      home: viewer.homeStore,
    }),
  };
  return data(body, { headers: cacheHeaders(context, 'shared') });
}

/** The location a store address names (case-insensitive); hidden stores have no page. */
export function findLocationBySlug(
  locations: Location[],
  slug: string | undefined,
): Location | null {
  if (typeof slug !== 'string' || slug.length === 0 || slug.length > 200) return null;
  const wanted = slug.toLowerCase();
  return locations.find((l) => l.slug === wanted) ?? null;
}

/** /locations/{slug}: the store's page; an unknown store is a 404 'Location not found.' */
export function storePageLoader(context: AppLoadContext, slug: string | undefined) {
  const locations = visibleLocations(context);
  const location = findLocationBySlug(locations, slug);
  if (!location) throw notFound(LOCATION_NOT_FOUND_MESSAGE);
  const viewer = viewerOf(context, locations, null);
  const hours = hoursView(location.hours, viewer.now, location.timeZone);
  const { date: today, weekday } = storeDay(viewer.now, location.timeZone);
  const store: StoreDetail = {
    ...summary(location, viewer),
    week: weekWithSpecialHours(hours.rows, location.specialHours, today, weekday),
    pharmacyWeek: location.pharmacy
      ? weekWithSpecialHours(
          hoursView(location.pharmacy.hours, viewer.now, location.timeZone).rows,
          location.pharmacy.specialHours,
          today,
          weekday,
        )
      : null,
    specialHours: upcomingSpecialHours(location.specialHours, today),
    pharmacySpecialHours: location.pharmacy
      ? upcomingSpecialHours(location.pharmacy.specialHours, today)
      : null,
    weeklyAdHref: location.adviewerPage
      ? `/weekly-ad?location=${encodeURIComponent(location.storeNumber)}`
      : null,
  };
  const body: StorePageData = {
    store,
    signedIn: context.shopper !== null,
    redirectTo: store.href,
    map: mapData(context, {
      kind: 'embedded',
      focus: location.storeNumber,
      home: viewer.homeStore,
    }),
  };
  return data(body, { headers: cacheHeaders(context, 'shared') });
}
