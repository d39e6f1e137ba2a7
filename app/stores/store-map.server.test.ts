/** The key-less SVG map: projection, cache, outline, store-page zoom. */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createContentService } from '~/content/source/content.server';
import { locationSchema } from '~/content/source/schemas.server';
import type { Location } from '~/content/source/types';
import {
  MAP_WIDTH,
  clearStoreMaps,
  focusViewBox,
  storeMapFor,
  storeMapOutline,
} from './store-map.server';

afterEach(() => clearStoreMaps());

/** A location as content gives it (through the content schema, so it has every field). */
function store(
  storeNumber: string,
  name: string,
  latitude: number | null,
  longitude: number | null,
) {
  return locationSchema.parse({
    name,
    storeNumber,
    address: '1 Main St',
    city: 'Town',
    state: 'UT',
    zip: '84000',
    latitude,
    longitude,
  }) as Location;
}

const UTAH = [
  store('1', 'Salt Lake', 40.7608, -111.891),
  store('2', 'Provo', 40.2338, -111.6585),
  store('3', 'Ogden', 41.223, -111.9738),
  store('4', 'No Coordinates', null, null),
];

/** Kilometres between two points (haversine). */
function km(a: [number, number], b: [number, number]) {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLon = (b[0] - a[0]) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

describe('storeMapFor', () => {
  it('places every store with coordinates inside the map, in content order, and leaves the others off', () => {
    const view = storeMapFor('utah', 1, UTAH);
    expect(view.width).toBe(MAP_WIDTH);
    expect(view.viewBox).toBe(`0 0 ${view.width} ${view.height}`);
    expect(view.markers.map((m) => m.storeNumber)).toEqual(['1', '2', '3']);
    for (const m of view.markers) {
      // Inside, with room for the pin (drawn above its point) on every side.
      expect(m.x).toBeGreaterThanOrEqual(20);
      expect(m.x).toBeLessThanOrEqual(view.width - 20);
      expect(m.y).toBeGreaterThanOrEqual(20);
      expect(m.y).toBeLessThanOrEqual(view.height - 20);
    }
    // North is up: Ogden above Salt Lake above Provo.
    const [slc, provo, ogden] = view.markers;
    expect(ogden.y).toBeLessThan(slc.y);
    expect(slc.y).toBeLessThan(provo.y);
    expect(view.markers[0]).toEqual({
      storeNumber: '1',
      slug: 'salt-lake',
      name: 'Salt Lake',
      x: expect.any(Number),
      y: expect.any(Number),
    });
  });

  it('places every demo brand’s visible stores inside its map', () => {
    const content = createContentService({ dir: path.resolve('content') });
    try {
      for (const site of fs.readdirSync('content').filter((s) => s !== 'shared')) {
        const locations = content.retailerInfo(site).locations.filter((l) => !l.hidden);
        const view = storeMapFor(site, content.version(site), locations);
        const located = locations.filter((l) => l.latitude !== null && l.longitude !== null);
        expect(view.markers.length, site).toBe(located.length);
        for (const m of view.markers) {
          expect(m.x, `${site} ${m.name}`).toBeGreaterThan(0);
          expect(m.x, `${site} ${m.name}`).toBeLessThan(view.width);
          expect(m.y, `${site} ${m.name}`).toBeGreaterThan(0);
          expect(m.y, `${site} ${m.name}`).toBeLessThan(view.height);
        }
      }
    } finally {
      content.close();
    }
  });

  it('shows a one-store brand with 60 to 100 km around the store', () => {
    const view = storeMapFor('one', 1, [store('1', 'Kamas', 40.643, -111.2807)]);
    const [m] = view.markers;
    // In the middle (Mercator stretches the north half of the box a little).
    expect(Math.abs(m.x - view.width / 2)).toBeLessThan(1);
    expect(Math.abs(m.y - view.height / 2)).toBeLessThan(3);
    const acrossKm = view.width / view.unitsPerKm;
    const downKm = view.height / view.unitsPerKm;
    expect(acrossKm).toBeGreaterThanOrEqual(60);
    expect(acrossKm).toBeLessThanOrEqual(110);
    expect(downKm).toBeGreaterThanOrEqual(60);
    expect(downKm).toBeLessThanOrEqual(110);
  });

  it('keeps the scale true: map distance matches the distance on the ground', () => {
    const view = storeMapFor('utah', 1, UTAH);
    const [slc, provo] = view.markers;
    const mapKm = Math.hypot(slc.x - provo.x, slc.y - provo.y) / view.unitsPerKm;
    const groundKm = km([-111.891, 40.7608], [-111.6585, 40.2338]);
    expect(Math.abs(mapKm - groundKm) / groundKm).toBeLessThan(0.03);
  });

  it('is built once per brand and content version: the second call returns the cached object', () => {
    const first = storeMapFor('utah', 1, UTAH);
    expect(storeMapFor('utah', 1, [...UTAH])).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.markers[0])).toBe(true);
    // Another brand has its own map.
    expect(storeMapFor('other', 1, UTAH.slice(0, 1))).not.toBe(first);
    expect(storeMapFor('utah', 1, UTAH)).toBe(first);
  });

  it('is rebuilt when the content version changes, or the stores do', () => {
    const first = storeMapFor('utah', 1, UTAH);
    const next = storeMapFor('utah', 2, UTAH);
    expect(next).not.toBe(first);
    expect(next).toEqual(first);
    expect(storeMapFor('utah', 2, UTAH)).toBe(next);
    const moved = storeMapFor('utah', 2, [store('1', 'Salt Lake', 40.7, -111.9), ...UTAH.slice(1)]);
    expect(moved).not.toBe(next);
    expect(moved.markers[0]).not.toEqual(next.markers[0]);
  });

  it('has no markers and no outline when no store has coordinates', () => {
    const view = storeMapFor('none', 1, [store('1', 'Nowhere', null, null)]);
    expect(view.markers).toEqual([]);
    expect(view.outlineHref).toBe('');
    expect(storeMapOutline('none', 1, [store('1', 'Nowhere', null, null)]).svg).toBe('');
  });
});

describe('outline', () => {
  it('is a small SVG of the states and counties around the stores, named by its hash', () => {
    const view = storeMapFor('utah', 1, UTAH);
    const { svg, hash } = storeMapOutline('utah', 1, UTAH);
    expect(view.outlineHref).toBe(`/locations/map.svg?v=${hash}`);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain(`viewBox="0 0 ${view.width} ${view.height}"`);
    // Coordinates rounded to one decimal.
    expect(svg).not.toMatch(/\d\.\d{2}/);
    // Clipped to the map: nothing drawn beyond it.
    const numbers = [...svg.matchAll(/d="([^"]*)"/g)].flatMap((m) =>
      (m[1].match(/-?\d+(\.\d+)?/g) ?? []).map(Number),
    );
    expect(numbers.length).toBeGreaterThan(100);
    expect(Math.min(...numbers)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...numbers)).toBeLessThanOrEqual(Math.max(view.width, view.height));
  });

  it('names a state at its centre, never over a store', () => {
    const spread = [
      store('1', 'St. George', 37.0965, -113.5684),
      store('2', 'Logan', 41.737, -111.8338),
      store('3', 'Vernal', 40.4555, -109.5287),
      store('4', 'Richfield', 38.7725, -112.0841),
    ];
    const view = storeMapFor('spread', 1, spread);
    const { svg } = storeMapOutline('spread', 1, spread);
    expect(svg).toContain('>UTAH</text>');
    // The Wasatch Front stores sit near Utah's centre: no label there.
    const close = storeMapOutline('utah', 1, UTAH).svg;
    expect(close).not.toContain('>UTAH</text>');
    const labels = [...svg.matchAll(/<text x="([\d.]+)" y="([\d.]+)">/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    expect(labels.length).toBeGreaterThan(0);
    for (const [x, y] of labels) {
      for (const m of view.markers) {
        expect(Math.abs(m.x - x) >= 90 || Math.abs(m.y - y) >= 40, m.name).toBe(true);
      }
    }
  });

  it('names the same file alike in every process (the hash is of the content)', () => {
    const a = storeMapOutline('utah', 1, UTAH).hash;
    clearStoreMaps();
    expect(storeMapOutline('utah', 7, UTAH).hash).toBe(a);
  });

  it('stays under 40 KB for every demo brand', () => {
    const content = createContentService({ dir: path.resolve('content') });
    try {
      for (const site of fs.readdirSync('content').filter((s) => s !== 'shared')) {
        const locations = content.retailerInfo(site).locations.filter((l) => !l.hidden);
        const { svg } = storeMapOutline(site, content.version(site), locations);
        expect(svg.length, site).toBeGreaterThan(300);
        expect(Buffer.byteLength(svg), site).toBeLessThan(40_000);
      }
    } finally {
      content.close();
    }
  });
});

describe('focusViewBox', () => {
  const box = (s: string) => s.split(' ').map(Number);

  it('centres a store page’s map on its store, zoomed in, with the map’s proportions', () => {
    const view = storeMapFor('utah', 1, UTAH);
    const slc = view.markers[0];
    const [x, y, w, h] = box(focusViewBox(view, '1'));
    expect(w).toBeLessThan(view.width);
    expect(w).toBeGreaterThanOrEqual(view.width / 4);
    expect(h / w).toBeCloseTo(view.height / view.width, 2);
    expect(x + w / 2).toBeCloseTo(slc.x, 0);
    expect(y + h / 2).toBeCloseTo(slc.y, 0);
  });

  it('stays inside the map for a store near its edge', () => {
    const view = storeMapFor('utah', 1, UTAH);
    for (const m of view.markers) {
      const [x, y, w, h] = box(focusViewBox(view, m.storeNumber));
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(x + w).toBeLessThanOrEqual(view.width + 0.1);
      expect(y + h).toBeLessThanOrEqual(view.height + 0.1);
      // The store is in the window.
      expect(m.x).toBeGreaterThan(x);
      expect(m.x).toBeLessThan(x + w);
      expect(m.y).toBeGreaterThan(y);
      expect(m.y).toBeLessThan(y + h);
    }
  });

  it('shows the whole map for a store that is not on it, and never zooms out past it', () => {
    const view = storeMapFor('utah', 1, UTAH);
    expect(focusViewBox(view, '4')).toBe(view.viewBox);
    expect(focusViewBox(view, 'unknown')).toBe(view.viewBox);
    const one = storeMapFor('one', 1, [store('1', 'Kamas', 40.643, -111.2807)]);
    const [, , w] = box(focusViewBox(one, '1'));
    expect(w).toBeLessThanOrEqual(one.width);
  });
});
