/// <reference types="google.maps" />
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { sx } from '~/lib/theme/static-css';
import {
  MAP_FRAME_SIZE,
  MAP_MESSAGES,
  MAP_ZOOM,
  MARKER_BOUNCE_MS,
  mapCenter,
  routeMiles,
  type GoogleMapMarker,
  type LatLng,
} from './google-map-logic';

/**
 * The Google map, for a brand with a Maps key only (docs/reference/stores.md "Map"; decision 0014).
 * `@googlemaps/js-api-loader` is imported inside effects, so it is a chunk of its own that a
 * page without a key never loads. The loader gives Google's script the nonce of the page's first
 * nonced script (our CSP's), and Google's script passes it on to what it inserts.
 */

type Libraries = google.maps.ImportLibraryMap;
type LibraryName = keyof Libraries;

let configuredKey: string | null = null;

/** Loads one library of the Maps JavaScript API, setting the key on first use. */
async function mapsLibrary<N extends LibraryName>(
  name: N,
  apiKey?: string | null,
): Promise<Libraries[N]> {
  let loader: typeof import('@googlemaps/js-api-loader');
  try {
    loader = await import('@googlemaps/js-api-loader');
  } catch {
    throw new Error(MAP_MESSAGES.notLoaded);
  }
  if (!configuredKey) {
    if (!apiKey) throw new Error(MAP_MESSAGES.keyNotConfigured);
    // The loader accepts one set of options per page; every map of a brand has the same key.
    loader.setOptions({ key: apiKey, v: 'weekly' });
    configuredKey = apiKey;
  }
  try {
    return await loader.importLibrary(name);
  } catch {
    throw new Error(MAP_MESSAGES.notLoaded);
  }
}

/**
 * Geocodes an address through Google (only on Enter with a non-empty address). Rejects
 * with 'Address is required.' for an empty one and with the service status ('ZERO_RESULTS', …)
 * on failure; callers ignore the rejection (geocoding failures are silent).
 */
export async function geocodeAddress(address: string, apiKey?: string | null): Promise<LatLng> {
  if (!address.trim()) {
    console.warn(MAP_MESSAGES.addressRequired);
    throw new Error(MAP_MESSAGES.addressRequired);
  }
  const { Geocoder } = await mapsLibrary('geocoding', apiKey);
  let results: google.maps.GeocoderResult[];
  try {
    ({ results } = await new Geocoder().geocode({ address }));
  } catch (error) {
    // MapsRequestError carries the service status as its code.
    const code = (error as { code?: unknown })?.code;
    throw new Error(typeof code === 'string' ? code : 'ERROR');
  }
  const location = results[0]?.geometry.location;
  if (!location) throw new Error('ZERO_RESULTS');
  return { lat: location.lat(), lng: location.lng() };
}

export interface GoogleMapProps {
  apiKey: string;
  /** The brand's map-styles content. */
  styles: unknown[];
  markers: GoogleMapMarker[];
  /** Zoom without a selected store (8 on the locator, 10 embedded). */
  zoom: number;
  selected: string | null;
  /** The visit's home store: its marker is labelled as such. */
  home?: string | null;
  /** Grows each time the page asks to zoom to the selected store again ('Show on map'). */
  zoomRequest?: number;
  onSelect?: (storeNumber: string) => void;
  /** Where driving directions to the selected store start (the shopper's search or position). */
  origin?: LatLng | null;
  /** Driving distance to the selected store in miles, or null when there is no route. */
  onDistance?: (miles: number | null) => void;
  label?: string;
  /**
   * Shown instead when Google's map cannot load (the script blocked or unreachable, a key
   * refused): the brand's own server-drawn map, so the page keeps a working map.
   */
  fallback?: ReactNode;
}

type Status = 'loading' | 'loaded' | 'failed';

interface Loaded {
  map: google.maps.Map;
  markers: Map<string, google.maps.Marker>;
  bounce: typeof google.maps.Animation.BOUNCE;
  directions: google.maps.DirectionsRenderer | null;
}

const styles = {
  map: sx({ w: 'full', aspectRatio: '4 / 3', bg: 'bg.muted', borderRadius: 'md' }),
};

/** One string per marker set, so a new array with the same stores does not rebuild the map. */
const markersKey = (markers: GoogleMapMarker[]) =>
  markers.map((m) => `${m.storeNumber}@${m.lat},${m.lng}:${m.title}`).join('|');

export function GoogleMap({
  apiKey,
  styles: mapStyles,
  markers,
  zoom,
  selected,
  home = null,
  zoomRequest = 0,
  onSelect,
  origin = null,
  onDistance,
  label = 'Map of our stores',
  fallback = null,
}: GoogleMapProps) {
  const element = useRef<HTMLDivElement>(null);
  const loaded = useRef<Loaded | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  // Latest callbacks and selection without re-creating the map.
  const latest = useRef({ onSelect, onDistance, selected });
  latest.current = { onSelect, onDistance, selected };
  const key = markersKey(markers);

  useEffect(() => {
    let cancelled = false;
    const center = mapCenter(markers, latest.current.selected);
    if (!apiKey) {
      console.warn(MAP_MESSAGES.keyNotConfigured);
      setStatus('failed');
      return;
    }
    if (!center) {
      console.warn(MAP_MESSAGES.noCenter);
      setStatus('failed');
      return;
    }
    setStatus('loading');
    (async () => {
      const [{ Map: GMap }, { Marker, Animation }] = await Promise.all([
        mapsLibrary('maps', apiKey),
        mapsLibrary('marker', apiKey),
      ]);
      if (cancelled || !element.current) return;
      const map = new GMap(element.current, {
        center,
        zoom: latest.current.selected ? MAP_ZOOM.selected : zoom,
        styles: mapStyles as google.maps.MapTypeStyle[],
      });
      const placed = new Map<string, google.maps.Marker>();
      for (const m of markers) {
        const marker = new Marker({ map, position: { lat: m.lat, lng: m.lng }, title: m.title });
        placed.set(m.storeNumber, marker);
        marker.addListener('click', () => latest.current.onSelect?.(m.storeNumber));
      }
      loaded.current = { map, markers: placed, bounce: Animation.BOUNCE, directions: null };
      setStatus('loaded');
    })().catch((error: unknown) => {
      if (cancelled) return;
      console.warn(error instanceof Error ? error.message : MAP_MESSAGES.notLoaded);
      setStatus('failed');
    });
    return () => {
      cancelled = true;
      const current = loaded.current;
      loaded.current = null;
      current?.markers.forEach((m) => m.setMap(null));
      current?.directions?.setMap(null);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the marker set is compared by `key`
  }, [apiKey, key, mapStyles, zoom]);

  // Selecting a store zooms to it (15) and bounces its marker for 500 ms; so does asking again
  // for the store already selected (the shopper may have zoomed out since).
  useEffect(() => {
    const current = loaded.current;
    if (status !== 'loaded' || !current || !selected) return;
    const marker = current.markers.get(selected);
    const position = marker?.getPosition();
    if (!marker || !position) return;
    current.map.setZoom(MAP_ZOOM.selected);
    current.map.panTo(position);
    marker.setAnimation(current.bounce);
    const timer = setTimeout(() => marker.setAnimation(null), MARKER_BOUNCE_MS);
    return () => clearTimeout(timer);
  }, [status, selected, zoomRequest]);

  // The home store's marker says so (its title and a house label), and follows a new choice.
  useEffect(() => {
    const current = loaded.current;
    if (status !== 'loaded' || !current) return;
    for (const m of markers) {
      const marker = current.markers.get(m.storeNumber);
      const isHome = m.storeNumber === home;
      marker?.setTitle(isHome ? `${m.title} (your store)` : m.title);
      marker?.setLabel(isHome ? { text: '⌂', color: 'white', fontWeight: 'bold' } : null);
      marker?.setZIndex(isHome ? 1 : 0);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the marker set is compared by `key`
  }, [status, home, key]);

  // Driving directions from the origin to the selected store, with the distance in miles.
  const destination = markers.find((m) => m.storeNumber === selected) ?? null;
  const from = origin ? `${origin.lat},${origin.lng}` : '';
  const to = destination ? `${destination.lat},${destination.lng}` : '';
  useEffect(() => {
    const current = loaded.current;
    if (status !== 'loaded' || !current) return;
    if (!from || !to) {
      current.directions?.setMap(null);
      current.directions = null;
      return;
    }
    let cancelled = false;
    (async () => {
      const { DirectionsService, DirectionsRenderer } = await mapsLibrary('routes', apiKey);
      const [oLat, oLng] = from.split(',').map(Number);
      const [dLat, dLng] = to.split(',').map(Number);
      const result = await new DirectionsService().route({
        origin: { lat: oLat, lng: oLng },
        destination: { lat: dLat, lng: dLng },
        travelMode: 'DRIVING' as google.maps.TravelMode,
      });
      if (cancelled || loaded.current !== current) return;
      current.directions ??= new DirectionsRenderer({ map: current.map, suppressMarkers: true });
      current.directions.setDirections(result);
      latest.current.onDistance?.(routeMiles(result.routes[0]?.legs ?? []));
    })().catch((error: unknown) => {
      if (cancelled) return;
      console.warn(error instanceof Error ? error.message : String(error));
      latest.current.onDistance?.(null);
    });
    return () => {
      cancelled = true;
    };
  }, [status, from, to, apiKey]);

  if (status === 'failed' && fallback) return <>{fallback}</>;
  return (
    <div
      ref={element}
      role="region"
      aria-label={label}
      aria-busy={status === 'loading'}
      data-status={status}
      className={styles.map}
      data-testid="google-map"
    />
  );
}

export interface MapFrameProps {
  src: string;
  title: string;
  width?: number;
  height?: number;
}

/** The Maps Embed API frame, shown with a key when there are no markers to draw. */
export function MapFrame({
  src,
  title,
  width = MAP_FRAME_SIZE.width,
  height = MAP_FRAME_SIZE.height,
}: MapFrameProps) {
  return (
    <iframe
      src={src}
      title={title}
      width={width}
      height={height}
      loading="lazy"
      allowFullScreen
      style={{ border: 0, maxWidth: '100%' }}
      data-testid="map-frame"
    />
  );
}
