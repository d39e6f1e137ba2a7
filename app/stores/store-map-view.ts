/**
 * The key-less store map as pages receive it (built by store-map.server.ts): serialisable, the
 * same for every shopper of a brand, and what the store page's zoom is computed from.
 */

export interface StoreMapMarker {
  storeNumber: string;
  slug: string;
  name: string;
  /** Position in the map's user units (0..width, 0..height). */
  x: number;
  y: number;
}

export interface StoreMapView {
  width: number;
  height: number;
  /** '0 0 width height'. */
  viewBox: string;
  /** Address of the outline SVG (states, counties), versioned by its content hash. */
  outlineHref: string;
  /** Map units per kilometre (at the map's centre), for zooming around one store. */
  unitsPerKm: number;
  /** One per store with coordinates, in the order given; stores without are left off. */
  markers: StoreMapMarker[];
}

/** Store pages show about this many kilometres across around the store, zooming in at most 4x. */
const FOCUS_SPAN_KM = 60;
const MAX_FOCUS_ZOOM = 4;

export const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * The view box of a store's page map: the brand's map around that store (about
 * FOCUS_SPAN_KM across, zoomed in at most MAX_FOCUS_ZOOM times), kept inside the map. The whole
 * map for a store that is not on it.
 */
export function focusViewBox(view: StoreMapView, storeNumber: string): string {
  const marker = view.markers.find((m) => m.storeNumber === storeNumber);
  if (!marker || !view.height) return view.viewBox;
  const wanted = FOCUS_SPAN_KM * view.unitsPerKm;
  const width = Math.min(view.width, Math.max(view.width / MAX_FOCUS_ZOOM, wanted));
  const height = (width * view.height) / view.width;
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), max);
  const x = clamp(marker.x - width / 2, view.width - width);
  const y = clamp(marker.y - height / 2, view.height - height);
  return [x, y, width, height].map(round1).join(' ');
}
