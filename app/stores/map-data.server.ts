/**
 * Which map a page shows (docs/reference/stores.md "Map"; decision 0014):
 *
 * - no Maps key (the default, and every test): the server-drawn SVG map (store-map.server.ts);
 * - a key and stores with coordinates: Google's map, with the brand's map styles;
 * - a key but nothing to mark: Google's embedded place frame for the retailer or the store.
 */
import type { AppLoadContext } from '@remix-run/node';
import { visibleLocations } from '~/stores/home-store/locations';
import {
  MAP_FRAME_SIZE,
  embedFrameSrc,
  zoomFor,
  type GoogleMapMarker,
  type MapKind,
} from './google-map-logic';
import { mapsApiKey } from './maps-config.server';
import { storeMapFor, type StoreMapView } from './store-map.server';

export type MapData =
  | {
      kind: 'svg';
      view: StoreMapView;
      selected: string | null;
      focus: string | null;
      home?: string | null;
    }
  | {
      kind: 'google';
      apiKey: string;
      styles: unknown[];
      markers: GoogleMapMarker[];
      zoom: number;
      selected: string | null;
      home?: string | null;
      /** The server-drawn map, shown if Google's cannot load. */
      fallback: { view: StoreMapView; focus: string | null };
    }
  | { kind: 'frame'; src: string; title: string; width: number; height: number };

export interface MapDataOptions {
  /** 'locator' for /locations (zoom 8), 'embedded' for a map inside another page (zoom 10). */
  kind: MapKind;
  /** The store highlighted first (the home store, or the one searched for). */
  selected?: string | null;
  /** The store a page is about: its map is centred on it (zoom 15 with Google). */
  focus?: string | null;
  /** The visit's home store: its marker is drawn as such. */
  home?: string | null;
}

/** The brand's SVG map view (built once per content version, see store-map.server.ts). */
export function storeMapView(context: AppLoadContext): StoreMapView {
  const site = context.tenant.sitePath;
  return storeMapFor(site, context.services.content.version(site), visibleLocations(context));
}

export function mapData(context: AppLoadContext, options: MapDataOptions): MapData {
  const selected = options.selected ?? options.focus ?? null;
  const focus = options.focus ?? null;
  const home = options.home ?? null;
  const apiKey = mapsApiKey(context);
  if (!apiKey) return { kind: 'svg', view: storeMapView(context), selected, focus, home };

  const locations = visibleLocations(context);
  const markers: GoogleMapMarker[] = locations
    .filter((l) => l.latitude !== null && l.longitude !== null)
    .map((l) => ({
      storeNumber: l.storeNumber,
      slug: l.slug,
      title: l.name,
      lat: l.latitude as number,
      lng: l.longitude as number,
    }));
  if (markers.length) {
    return {
      kind: 'google',
      apiKey,
      styles: context.services.content.mapStyles(context.tenant.sitePath),
      markers,
      zoom: zoomFor(options.kind, focus),
      selected,
      home,
      fallback: { view: storeMapView(context), focus },
    };
  }
  const store = focus ? locations.find((l) => l.storeNumber === focus) : undefined;
  const query = store
    ? [store.address, store.city, `${store.state} ${store.zip}`].join(', ')
    : context.tenant.retailerName;
  return {
    kind: 'frame',
    src: embedFrameSrc(apiKey, query, zoomFor(options.kind, focus)),
    title: store ? `Map of ${store.name}` : `Map of ${context.tenant.retailerName}`,
    ...MAP_FRAME_SIZE,
  };
}
