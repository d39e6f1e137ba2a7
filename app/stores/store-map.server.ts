/**
 * The store map without a maps key (docs/reference/stores.md "Map", decision 0014): US state
 * and county outlines from us-atlas, projected with d3-geo to fit the brand's stores, drawn on
 * the server as SVG. No key, no network, no script.
 *
 * The work is done once per brand and content version and kept (a few milliseconds, but never
 * per request): a page gets the small serialisable `StoreMapView` (size, marker positions, the
 * outline's address) and draws the markers inline; the outlines, the same for every page of the
 * brand, are one SVG file served by /locations/map.svg?v=<hash> and cached by browsers for a
 * year (the hash is the file's own, so every process and machine names the same file alike).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import {
  geoBounds,
  geoCentroid,
  geoMercator,
  geoPath,
  type GeoPermissibleObjects,
  type GeoProjection,
} from 'd3-geo';
import { feature, merge, mesh } from 'topojson-client';
import type { GeometryCollection, GeometryObject, Topology } from 'topojson-specification';
import type { AppLoadContext } from '@remix-run/node';
import type { Location } from '~/content/source/types';
import { visibleLocations } from '~/stores/home-store/locations';
import { round1, type StoreMapView } from './store-map-view';

export { focusViewBox, type StoreMapMarker, type StoreMapView } from './store-map-view';

/** Width of the map in user units; the height follows the stores' spread. */
export const MAP_WIDTH = 800;
/** Height as a share of the width, kept between these so the map never turns into a strip. */
const MIN_ASPECT = 0.6;
const MAX_ASPECT = 1.1;
/** Smallest area shown (north–south), so a one-store brand shows its town and surroundings. */
const MIN_SPAN_KM = 70;
/** Room around the outermost stores, as a share of their spread, plus pixels for the pins. */
const MARGIN_SHARE = 0.15;
const EDGE_UNITS = 36;
/** Decimals of the outline's coordinates: 0.1 of a unit on an 800-unit map is plenty. */
const OUTLINE_DIGITS = 1;
const KM_PER_DEGREE_LAT = 111.2;

export const OUTLINE_PATH = '/locations/map.svg';

/** Outline colours: the file is an image, outside the page's stylesheet, so plain values. */
const COLOURS = {
  water: '#e8eef2',
  land: '#f7f6f1',
  county: '#c4beb2',
  state: '#8f8a80',
  coast: '#9fb3c2',
  label: '#6b665d',
};

interface Atlas {
  topology: Topology;
  counties: GeometryObject[];
  states: GeometryObject[];
  /** [[west, south], [east, north]] of each county / state, in the same order. */
  countyBounds: [[number, number], [number, number]][];
  stateBounds: [[number, number], [number, number]][];
}

let atlas: Atlas | null = null;
let releaseTimer: NodeJS.Timeout | null = null;
/**
 * The parsed atlas (~6 MB of heap) is let go this long after its last use: maps are built once
 * per brand and content version, so it serves the first requests of every brand after a start
 * or a content change, then leaves the process's memory at rest (decision 0013).
 */
const ATLAS_IDLE_MS = 60_000;

/**
 * us-atlas's counties-10m.json holds the counties, the states and the nation as one topology
 * (shared arcs, so state and county lines meet exactly); read from the package when needed.
 */
function loadAtlas(): Atlas {
  if (releaseTimer) clearTimeout(releaseTimer);
  releaseTimer = setTimeout(() => {
    atlas = null;
    releaseTimer = null;
  }, ATLAS_IDLE_MS);
  releaseTimer.unref();
  if (atlas) return atlas;
  const require = createRequire(import.meta.url);
  const file = require.resolve('us-atlas/counties-10m.json');
  const topology = JSON.parse(fs.readFileSync(file, 'utf8')) as Topology;
  const collection = (name: string) =>
    (topology.objects[name] as GeometryCollection).geometries as GeometryObject[];
  const counties = collection('counties');
  const states = collection('states');
  const bounds = (g: GeometryObject) =>
    geoBounds(feature(topology, g) as GeoPermissibleObjects) as [
      [number, number],
      [number, number],
    ];
  atlas = {
    topology,
    counties,
    states,
    countyBounds: counties.map(bounds),
    stateBounds: states.map(bounds),
  };
  return atlas;
}

interface Built {
  key: string;
  view: StoreMapView;
  svg: string;
  hash: string;
}

/** The last built map of each brand (site path). */
const built = new Map<string, Built>();

function located(locations: Location[]) {
  return locations.filter(
    (l) =>
      typeof l.latitude === 'number' &&
      typeof l.longitude === 'number' &&
      Number.isFinite(l.latitude) &&
      Number.isFinite(l.longitude) &&
      Math.abs(l.latitude) <= 85 &&
      Math.abs(l.longitude) <= 180,
  ) as (Location & { latitude: number; longitude: number })[];
}

/** What the map depends on besides the content version: the stores and where they are. */
function fingerprint(locations: Location[]): string {
  return located(locations)
    .map((l) => `${l.storeNumber}:${l.slug}:${l.name}:${l.latitude}:${l.longitude}`)
    .join('|');
}

/**
 * The brand's map view, built on the first call for a content version and returned as the same
 * (frozen) object until the content version or the stores change.
 */
export function storeMapFor(
  sitePath: string,
  contentVersion: number,
  locations: Location[],
): StoreMapView {
  return entryFor(sitePath, contentVersion, locations).view;
}

/** The outline SVG of the brand's map and its hash (the `v` of its address). */
export function storeMapOutline(
  sitePath: string,
  contentVersion: number,
  locations: Location[],
): { svg: string; hash: string } {
  const { svg, hash } = entryFor(sitePath, contentVersion, locations);
  return { svg, hash };
}

function entryFor(sitePath: string, contentVersion: number, locations: Location[]): Built {
  const key = `${contentVersion}\n${fingerprint(locations)}`;
  const cached = built.get(sitePath);
  if (cached && cached.key === key) return cached;
  const entry = { key, ...buildMap(locations) };
  built.set(sitePath, entry);
  return entry;
}

/** Forgets every built map (tests). */
export function clearStoreMaps(): void {
  built.clear();
}

/** The stores' box, widened to the minimum span and a margin, as [west, south, east, north]. */
function paddedBox(points: [number, number][]): [number, number, number, number] {
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  const [west, east] = [Math.min(...lons), Math.max(...lons)];
  const [south, north] = [Math.min(...lats), Math.max(...lats)];
  const midLat = (south + north) / 2;
  const midLon = (west + east) / 2;
  const minLat = MIN_SPAN_KM / KM_PER_DEGREE_LAT;
  const minLon = minLat / Math.max(0.2, Math.cos((midLat * Math.PI) / 180));
  const spanLat = Math.max(north - south, minLat) * (1 + 2 * MARGIN_SHARE);
  const spanLon = Math.max(east - west, minLon) * (1 + 2 * MARGIN_SHARE);
  return [midLon - spanLon / 2, midLat - spanLat / 2, midLon + spanLon / 2, midLat + spanLat / 2];
}

function fitTo(
  projection: GeoProjection,
  box: [number, number, number, number],
  width: number,
  height: number,
) {
  const [w, s, e, n] = box;
  return projection.fitExtent(
    [
      [EDGE_UNITS, EDGE_UNITS],
      [width - EDGE_UNITS, height - EDGE_UNITS],
    ],
    {
      type: 'MultiPoint',
      coordinates: [
        [w, s],
        [e, n],
        [w, n],
        [e, s],
      ],
    },
  );
}

function buildMap(locations: Location[]): Omit<Built, 'key'> {
  const stores = located(locations);
  const width = MAP_WIDTH;
  if (!stores.length) {
    // Nothing to place: no map (the page lists the stores; see StoreMap).
    return {
      view: Object.freeze({
        width,
        height: 0,
        viewBox: `0 0 ${width} 0`,
        outlineHref: '',
        unitsPerKm: 0,
        markers: [],
      }),
      svg: '',
      hash: '',
    };
  }
  const box = paddedBox(stores.map((s) => [s.longitude, s.latitude]));

  // The height follows the box's shape under the projection, within MIN/MAX_ASPECT.
  const probe = fitTo(geoMercator(), box, width, width);
  const [x0, y0] = probe([box[0], box[3]])!;
  const [x1, y1] = probe([box[2], box[1]])!;
  const aspect = Math.min(MAX_ASPECT, Math.max(MIN_ASPECT, (y1 - y0) / (x1 - x0)));
  const height = Math.round(width * aspect);
  const projection = fitTo(geoMercator(), box, width, height).clipExtent([
    [0, 0],
    [width, height],
  ]);

  const markers = stores.map((s) => {
    const [x, y] = projection([s.longitude, s.latitude])!;
    return { storeNumber: s.storeNumber, slug: s.slug, name: s.name, x: round1(x), y: round1(y) };
  });

  const midLat = (box[1] + box[3]) / 2;
  const midLon = (box[0] + box[2]) / 2;
  const [, ya] = projection([midLon, midLat - 0.5])!;
  const [, yb] = projection([midLon, midLat + 0.5])!;
  const unitsPerKm = Math.abs(ya - yb) / KM_PER_DEGREE_LAT;

  const svg = outlineSvg(
    projection,
    width,
    height,
    markers.map((m) => [m.x, m.y]),
  );
  const hash = createHash('sha256').update(svg).digest('hex').slice(0, 16);
  const view: StoreMapView = {
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    outlineHref: `${OUTLINE_PATH}?v=${hash}`,
    unitsPerKm: Math.round(unitsPerKm * 1000) / 1000,
    markers,
  };
  return { view: deepFreeze(view), svg, hash };
}

function deepFreeze<T extends StoreMapView>(view: T): T {
  view.markers.forEach((m) => Object.freeze(m));
  Object.freeze(view.markers);
  return Object.freeze(view);
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** States and counties that reach into the map, clipped to it, as one small SVG document. */
function outlineSvg(
  projection: GeoProjection,
  width: number,
  height: number,
  points: [number, number][],
): string {
  const { topology, counties, states, countyBounds, stateBounds } = loadAtlas();
  const [west, north] = projection.invert!([0, 0])!;
  const [east, south] = projection.invert!([width, height])!;
  const overlaps = ([[w, s], [e, n]]: [[number, number], [number, number]]) =>
    !(e < west || w > east || n < south || s > north);
  const shownCounties = counties.filter((_, i) => overlaps(countyBounds[i]));
  const shownStates = states.filter((_, i) => overlaps(stateBounds[i]));
  const collection = (geometries: GeometryObject[]) =>
    ({ type: 'GeometryCollection', geometries }) as GeometryCollection;
  const path = geoPath(projection).digits(OUTLINE_DIGITS);
  const draw = (object: GeoPermissibleObjects) => path(object) ?? '';

  const land = draw(merge(topology, shownStates as never) as GeoPermissibleObjects);
  // County lines inside a state; lines between states are drawn once, stronger.
  const countyLines = draw(
    mesh(
      topology,
      collection(shownCounties),
      (a, b) => a !== b && String(a.id).slice(0, 2) === String(b.id).slice(0, 2),
    ) as GeoPermissibleObjects,
  );
  const stateLines = draw(
    mesh(topology, collection(shownStates), (a, b) => a !== b) as GeoPermissibleObjects,
  );
  // Coasts and borders with other countries: edges that belong to one state only.
  const coast = draw(
    mesh(topology, collection(shownStates), (a, b) => a === b) as GeoPermissibleObjects,
  );

  // A state's name at its centre, when that falls well inside the map and clear of the stores.
  const labels = shownStates
    .map((g) => {
      const f = feature(topology, g) as unknown as GeoPermissibleObjects & {
        properties?: { name?: string };
      };
      const name = f.properties?.name;
      const centre = projection(geoCentroid(f));
      if (!name || !centre) return '';
      const [x, y] = centre;
      if (x < 60 || x > width - 60 || y < 24 || y > height - 24) return '';
      if (points.some(([px, py]) => Math.abs(px - x) < 90 && Math.abs(py - y) < 40)) return '';
      return `<text x="${round1(x)}" y="${round1(y)}">${escapeXml(name.toUpperCase())}</text>`;
    })
    .join('');

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">`,
    `<rect width="${width}" height="${height}" fill="${COLOURS.water}"/>`,
    `<path d="${land}" fill="${COLOURS.land}"/>`,
    `<path d="${countyLines}" fill="none" stroke="${COLOURS.county}" stroke-width="0.8"/>`,
    `<path d="${stateLines}" fill="none" stroke="${COLOURS.state}" stroke-width="1.6" stroke-dasharray="6 3"/>`,
    `<path d="${coast}" fill="none" stroke="${COLOURS.coast}" stroke-width="1.2"/>`,
    labels
      ? `<g fill="${COLOURS.label}" font-family="system-ui,sans-serif" font-size="14" letter-spacing="3" text-anchor="middle">${labels}</g>`
      : '',
    '</svg>',
  ].join('');
}

/** Lifetime of the outline under a `v` that is not the current one (a page from before a change). */
export const STALE_OUTLINE_MAX_AGE = 300;

/**
 * The answer of GET /locations/map.svg: the brand's outline (404 when no store has coordinates),
 * cached for a year when `v` is its current hash and briefly otherwise.
 */
export function outlineResponse(context: AppLoadContext, v: string | null): Response {
  const site = context.tenant.sitePath;
  const { svg, hash } = storeMapOutline(
    site,
    context.services.content.version(site),
    visibleLocations(context),
  );
  if (!svg) {
    return new Response('No store of this site is on a map.\n', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  return new Response(svg, {
    headers: {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control':
        v === hash
          ? 'public, max-age=31536000, immutable'
          : `public, max-age=${STALE_OUTLINE_MAX_AGE}`,
    },
  });
}
