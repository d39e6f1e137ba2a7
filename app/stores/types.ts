/**
 * What the store locator and the store pages render (client-safe): the loaders in
 * ./locations.server.ts build these from content and the request.
 */
import type { Location } from '~/content/source/types';
import type { MapData } from './map-data.server';
import type { GeoPoint } from './distance';
import type { OpenStatus, WeekRow } from './hours';
import type { StoreFilters } from './services';
import type { SpecialHoursRow } from './special-hours';

export type { GeoPoint, OpenStatus, SpecialHoursRow, StoreFilters, WeekRow };

export interface PharmacySummary {
  phone: string | null;
  phoneHref: string | null;
  /** Today's pharmacy hours as content writes them; null when not known. */
  today: string | null;
  status: OpenStatus | null;
}

/** One store as the locator lists it: the content's name, place and phone, and what follows. */
export interface StoreSummary
  extends Pick<
    Location,
    | 'storeNumber'
    | 'name'
    | 'slug'
    | 'address'
    | 'addressLine2'
    | 'city'
    | 'state'
    | 'zip'
    | 'latitude'
    | 'longitude'
    | 'phone'
  > {
  /** The store's page: /locations/{slug}. */
  href: string;
  phoneHref: string | null;
  /** Departments and services as content writes them ('Pharmacy' first for a store with one). */
  services: string[];
  /** Google Maps driving directions to the store (needs no key). */
  directionsUrl: string;
  /** Today's hours as content writes them; null when not known. */
  today: string | null;
  status: OpenStatus | null;
  pharmacy: PharmacySummary | null;
  /** Whole miles from the search point (metres ÷ 1609, rounded); null without a search point. */
  miles: number | null;
  /** The home store of this visit. */
  isHome: boolean;
  /** The signed-in shopper's saved home store. */
  isSaved: boolean;
  /** The store may be chosen as the home store (not hidden from the home selector). */
  canChoose: boolean;
}

/** The point the list is sorted from: a searched place or the shopper's own location. */
export interface SearchPoint extends GeoPoint {
  /** 'Saint George, UT', '84720' …, or 'your location'. */
  label: string;
}

export interface LocationsPageData {
  /** The search text as the box shows it (trimmed, at most 200 characters). */
  q: string;
  point: SearchPoint | null;
  /** `lat` and `lng` of the address (a position from the browser), which the filters keep. */
  coordinates: GeoPoint | null;
  /** A search text was given and names no place we know. */
  unmatched: boolean;
  /** Other places the search text may have meant ('Paris, TX'), each a link to its search. */
  placeChoices: { label: string; href: string }[];
  /** The stores that pass the filters, in the list's order. */
  stores: StoreSummary[];
  /** How many stores there are before the filters. */
  total: number;
  filters: StoreFilters;
  /** Every service the brand's stores list (the pharmacy apart), for the service filter. */
  serviceOptions: string[];
  /** The same search without filters; null when no filter is set. */
  clearFiltersHref: string | null;
  signedIn: boolean;
  /** This page's address, where the home-store forms come back to. */
  redirectTo: string;
  /** The brand's store map (server-drawn SVG without a Maps key; decision 0014). */
  map: MapData;
}

export interface StoreDetail extends StoreSummary {
  /** Seven rows Monday to Sunday with today marked (or the rows as written). */
  week: WeekRow[];
  pharmacyWeek: WeekRow[] | null;
  /** Holiday and special hours of the next 30 days on the store's calendar, in date order. */
  specialHours: SpecialHoursRow[];
  /** The pharmacy's own (null without a pharmacy). */
  pharmacySpecialHours: SpecialHoursRow[] | null;
  /** The store's weekly ad (/weekly-ad?location={storeNumber}); null when it has no ad page. */
  weeklyAdHref: string | null;
}

export interface StorePageData {
  store: StoreDetail;
  signedIn: boolean;
  redirectTo: string;
  /** The map centred on this store. */
  map: MapData;
}
