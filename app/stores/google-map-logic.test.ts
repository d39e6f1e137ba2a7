import { describe, expect, it } from 'vitest';
import {
  MAP_FRAME_SIZE,
  MAP_MESSAGES,
  MARKER_BOUNCE_MS,
  embedFrameSrc,
  mapCenter,
  milesFromMetres,
  routeMiles,
  zoomFor,
  type GoogleMapMarker,
} from './google-map-logic';

const marker = (storeNumber: string, lat: number, lng: number): GoogleMapMarker => ({
  storeNumber,
  slug: `store-${storeNumber}`,
  title: `Store ${storeNumber}`,
  lat,
  lng,
});

describe('Google map rules (spec §9)', () => {
  it('zooms 8 on the locator, 10 embedded and 15 on a selected store', () => {
    expect(zoomFor('locator', null)).toBe(8);
    expect(zoomFor('embedded', undefined)).toBe(10);
    expect(zoomFor('locator', '12')).toBe(15);
    expect(zoomFor('embedded', '12')).toBe(15);
  });

  it('gives distances in miles as metres divided by 1609, rounded', () => {
    expect(milesFromMetres(0)).toBe(0);
    expect(milesFromMetres(804)).toBe(0);
    expect(milesFromMetres(805)).toBe(1);
    expect(milesFromMetres(16090)).toBe(10);
    expect(milesFromMetres(24134)).toBe(15);
    expect(routeMiles([{ distance: { value: 8045 } }, { distance: { value: 8045 } }, {}])).toBe(10);
  });

  it('opens on the selected store, else the middle of the stores; no stores, no centre', () => {
    const markers = [marker('1', 40, -112), marker('2', 42, -110), marker('3', 41, -111.5)];
    expect(mapCenter(markers, '3')).toEqual({ lat: 41, lng: -111.5 });
    expect(mapCenter(markers, null)).toEqual({ lat: 41, lng: -111 });
    expect(mapCenter(markers, 'unknown')).toEqual({ lat: 41, lng: -111 });
    expect(mapCenter([], '1')).toBeNull();
  });

  it('builds the embedded place frame address with the key and an encoded query', () => {
    const src = embedFrameSrc('AIza-key', "Lin's Market, 150 N Main St & 1st", 10);
    const url = new URL(src);
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/embed/v1/place');
    expect(url.searchParams.get('key')).toBe('AIza-key');
    expect(url.searchParams.get('q')).toBe("Lin's Market, 150 N Main St & 1st");
    expect(url.searchParams.get('zoom')).toBe('10');
    expect(new URL(embedFrameSrc('k', 'x')).searchParams.has('zoom')).toBe(false);
  });

  it('keeps the spec’s constants and messages', () => {
    expect(MAP_FRAME_SIZE).toEqual({ width: 500, height: 500 });
    expect(MARKER_BOUNCE_MS).toBe(500);
    expect(Object.values(MAP_MESSAGES)).toEqual([
      'Google Maps key not configured.',
      'Could not determine map center.',
      'Google Maps API not loaded.',
      'Address is required.',
    ]);
  });
});
