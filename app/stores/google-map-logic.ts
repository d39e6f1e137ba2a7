/** Pure rules of the Google map (docs/reference/stores.md "Map", "Constants"). */

export const MAP_ZOOM = { locator: 8, embedded: 10, selected: 15 } as const;
export type MapKind = keyof Omit<typeof MAP_ZOOM, 'selected'>;

/** The embedded component's default size (docs/reference/stores.md "Constants"). */
export const MAP_FRAME_SIZE = { width: 500, height: 500 } as const;
export const MARKER_BOUNCE_MS = 500;
/** Distance in miles is metres divided by 1609, rounded. */
export const METRES_PER_MILE = 1609;

/** Configuration errors: logged to the console, never shown. */
export const MAP_MESSAGES = {
  keyNotConfigured: 'Google Maps key not configured.',
  noCenter: 'Could not determine map center.',
  notLoaded: 'Google Maps API not loaded.',
  addressRequired: 'Address is required.',
} as const;

export interface LatLng {
  lat: number;
  lng: number;
}

export interface GoogleMapMarker extends LatLng {
  storeNumber: string;
  slug: string;
  /** The marker's title (the store's name). */
  title: string;
}

export function milesFromMetres(metres: number): number {
  return Math.round(metres / METRES_PER_MILE);
}

/** Zoom of a map: 15 on a selected store, else the kind's default (8 locator, 10 embedded). */
export function zoomFor(kind: MapKind, selected: string | null | undefined): number {
  return selected ? MAP_ZOOM.selected : MAP_ZOOM[kind];
}

/**
 * Where a map opens: on the selected store, else the middle of the stores' box; null without
 * stores (the map then logs 'Could not determine map center.').
 */
export function mapCenter(
  markers: readonly GoogleMapMarker[],
  selected: string | null | undefined,
): LatLng | null {
  const chosen = selected ? markers.find((m) => m.storeNumber === selected) : undefined;
  if (chosen) return { lat: chosen.lat, lng: chosen.lng };
  if (!markers.length) return null;
  const lats = markers.map((m) => m.lat);
  const lngs = markers.map((m) => m.lng);
  return {
    lat: (Math.min(...lats) + Math.max(...lats)) / 2,
    lng: (Math.min(...lngs) + Math.max(...lngs)) / 2,
  };
}

/** The Maps Embed API's place frame (used when there are no markers to draw). */
export function embedFrameSrc(apiKey: string, query: string, zoom?: number): string {
  const params = new URLSearchParams({ key: apiKey, q: query });
  if (zoom !== undefined) params.set('zoom', String(zoom));
  return `https://www.google.com/maps/embed/v1/place?${params}`;
}

/** Total driving distance of a route's legs in miles (metres / 1609, rounded). */
export function routeMiles(legs: readonly { distance?: { value: number } | null }[]): number {
  return milesFromMetres(legs.reduce((sum, leg) => sum + (leg.distance?.value ?? 0), 0));
}
