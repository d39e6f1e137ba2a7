/**
 * What a shopper types into the store search, turned into a point on the map without any network
 * call or maps key: a US ZIP code (84720, 84720-1234), 'City, ST', 'City ST', 'City', or a full
 * address ending in a ZIP or in 'City, ST'. The data is the `zipcodes` package's US table
 * (42,000 ZIP codes with a centre point, city and state).
 *
 * The index is built on the first search and kept for the life of the process: ZIP → point, and
 * normalised city name → one point per state (the centre of the city's ZIP codes). The package's
 * own 5 MB module is dropped from Node's module cache once read, so only the compact index stays
 * in memory.
 */
import { createRequire } from 'node:module';
import type { GeoPoint } from './distance';
import { metresBetween } from './distance';

/** Longer texts are not a place (and are not worth scanning). */
export const MAX_SEARCH_LENGTH = 200;

export interface PlaceMatch extends GeoPoint {
  /** What was found, for the page: 'Saint George, UT 84770' or 'Saint George, UT'. */
  label: string;
}

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country?: string;
}

/**
 * The index, in flat arrays: ~42,000 ZIP codes and ~30,000 city places cost about 3 MB this way,
 * where a Map and an object per entry cost over 15.
 */
interface GeoIndex {
  /** ZIP codes as numbers, ascending (binary search), and each one's city place. */
  zipCodes: Uint32Array;
  zipPlace: Uint32Array;
  zipPoints: Float64Array;
  /** City places (one city in one state): name as written, state, centre, ZIP count. */
  placeCity: string[];
  placeState: string[];
  placePoints: Float64Array;
  placeZips: Uint16Array;
  /** Normalised city name → its places (one per state). */
  cities: Map<string, number[]>;
  /** 'ut' and 'utah' → 'UT'. */
  states: Map<string, string>;
  /** 'UT' → 'Utah' and the centre of its ZIP codes. */
  stateNames: Map<string, string>;
  statePoints: Map<string, GeoPoint>;
}

/** Another place a search text may have meant: its name and the search that finds it. */
export interface PlaceChoice {
  label: string;
  query: string;
}

export interface PlaceLookup {
  match: PlaceMatch | null;
  /** Other places of the same name, nearest the brand's stores first (at most MAX_CHOICES). */
  others: PlaceChoice[];
}

/** How many other places of the same name a search offers. */
export const MAX_CHOICES = 4;

let index: GeoIndex | null = null;

/**
 * A place name as the index keys it: no accents, case, punctuation or extra spaces, and the
 * usual abbreviations spelled out ('St.' → 'saint', 'Ft' → 'fort', 'Mt' → 'mount'), since the
 * data writes both 'St James' and 'Saint James'.
 */
export function normalizePlace(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .replace(/\bst\b/g, 'saint')
    .replace(/\bste\b/g, 'sainte')
    .replace(/\bft\b/g, 'fort')
    .replace(/\bmt\b/g, 'mount');
}

/** 'NEW MEXICO' → 'New Mexico', 'DISTRICT OF COLUMBIA' → 'District of Columbia'. */
const titleCase = (name: string) =>
  name
    .toLowerCase()
    .replace(/\b[a-z]/g, (c) => c.toUpperCase())
    .replace(/\b(Of|And|The)\b/g, (w) => w.toLowerCase());

function buildIndex(): GeoIndex {
  const require = createRequire(import.meta.url);
  const codesPath = require.resolve('zipcodes/lib/codes.js');
  const { codes } = require(codesPath) as { codes: Record<string, ZipRecord> };
  const statesPath = require.resolve('zipcodes/lib/states.js');
  const { full } = require(statesPath) as { full: Record<string, string> };

  const records = Object.values(codes)
    .filter(
      (r) =>
        (r.country ?? 'US') === 'US' &&
        /^\d{5}$/.test(r.zip) &&
        Number.isFinite(r.latitude) &&
        Number.isFinite(r.longitude),
    )
    .sort((a, b) => Number(a.zip) - Number(b.zip));

  const placeIds = new Map<string, number>();
  const placeCity: string[] = [];
  const placeState: string[] = [];
  const sums: number[] = [];
  const zipCodes = new Uint32Array(records.length);
  const zipPlace = new Uint32Array(records.length);
  const zipPoints = new Float64Array(records.length * 2);
  const cities = new Map<string, number[]>();
  records.forEach((r, i) => {
    const name = normalizePlace(r.city);
    const key = `${name}|${r.state}`;
    let id = placeIds.get(key);
    if (id === undefined) {
      id = placeCity.length;
      placeIds.set(key, id);
      placeCity.push(r.city);
      placeState.push(r.state);
      sums.push(0, 0, 0);
      const list = cities.get(name);
      if (list) list.push(id);
      else cities.set(name, [id]);
    }
    zipCodes[i] = Number(r.zip);
    zipPlace[i] = id;
    zipPoints[i * 2] = r.latitude;
    zipPoints[i * 2 + 1] = r.longitude;
    sums[id * 3] += r.latitude;
    sums[id * 3 + 1] += r.longitude;
    sums[id * 3 + 2] += 1;
  });
  const placePoints = new Float64Array(placeCity.length * 2);
  const placeZips = new Uint16Array(placeCity.length);
  for (let id = 0; id < placeCity.length; id++) {
    const n = sums[id * 3 + 2];
    placePoints[id * 2] = sums[id * 3] / n;
    placePoints[id * 2 + 1] = sums[id * 3 + 1] / n;
    placeZips[id] = n;
  }
  const states = new Map<string, string>();
  const stateNames = new Map<string, string>();
  const known = new Set(placeState);
  for (const [name, abbr] of Object.entries(full)) {
    if (!known.has(abbr)) continue;
    states.set(normalizePlace(name), abbr);
    states.set(abbr.toLowerCase(), abbr);
    // 'MT' reads as 'mount' once normalised.
    states.set(normalizePlace(abbr), abbr);
    stateNames.set(abbr, titleCase(name));
  }
  // A state's point: the centre of its ZIP codes (where its people are, more or less).
  const stateSums = new Map<string, [number, number, number]>();
  records.forEach((r) => {
    const sum = stateSums.get(r.state) ?? [0, 0, 0];
    sum[0] += r.latitude;
    sum[1] += r.longitude;
    sum[2] += 1;
    stateSums.set(r.state, sum);
  });
  const statePoints = new Map<string, GeoPoint>();
  for (const [abbr, [lat, lng, n]] of stateSums) {
    if (stateNames.has(abbr)) statePoints.set(abbr, { latitude: lat / n, longitude: lng / n });
  }
  // The 5 MB table has been read into the index: let the modules be collected (both: one kept in
  // the cache would keep their common parent, and with it the table, alive).
  delete require.cache[codesPath];
  delete require.cache[statesPath];
  return {
    zipCodes,
    zipPlace,
    zipPoints,
    placeCity,
    placeState,
    placePoints,
    placeZips,
    cities,
    states,
    stateNames,
    statePoints,
  };
}

function geoIndex(): GeoIndex {
  index ??= buildIndex();
  return index;
}

function zipIndex(ix: GeoIndex, zip: number): number {
  let lo = 0;
  let hi = ix.zipCodes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const value = ix.zipCodes[mid];
    if (value === zip) return mid;
    if (value < zip) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function zipPlace(ix: GeoIndex, zip: string): PlaceMatch | null {
  const i = zipIndex(ix, Number(zip));
  if (i < 0) return null;
  const place = ix.zipPlace[i];
  return {
    latitude: ix.zipPoints[i * 2],
    longitude: ix.zipPoints[i * 2 + 1],
    label: `${ix.placeCity[place]}, ${ix.placeState[place]} ${zip}`,
  };
}

const placePoint = (ix: GeoIndex, id: number): GeoPoint => ({
  latitude: ix.placePoints[id * 2],
  longitude: ix.placePoints[id * 2 + 1],
});

/** The place of a city: in `state` when given, else the state nearest the brand's stores. */
function cityPlace(
  ix: GeoIndex,
  city: string,
  state: string | null,
  near: readonly GeoPoint[],
): PlaceMatch | null {
  const candidates = ix.cities.get(city);
  if (!candidates) return null;
  let best: number | undefined;
  if (state) {
    best = candidates.find((id) => ix.placeState[id] === state);
  } else if (near.length > 0) {
    const distance = (id: number) =>
      Math.min(...near.map((p) => metresBetween(placePoint(ix, id), p)));
    best = candidates.reduce((a, b) => (distance(b) < distance(a) ? b : a));
  } else {
    best = candidates.reduce((a, b) => (ix.placeZips[b] > ix.placeZips[a] ? b : a));
  }
  if (best === undefined) return null;
  return { ...placePoint(ix, best), label: `${ix.placeCity[best]}, ${ix.placeState[best]}` };
}

/**
 * The city named by the end of `words` (an address may lead with the street): the longest run of
 * up to five last words that is a city (of `state` when given).
 */
function trailingCity(
  ix: GeoIndex,
  words: string[],
  state: string | null,
  near: readonly GeoPoint[],
): PlaceMatch | null {
  for (let n = Math.min(5, words.length); n >= 1; n--) {
    const found = cityPlace(ix, words.slice(-n).join(' '), state, near);
    if (found) return found;
  }
  return null;
}

/** A state at the end of `words` ('ut', 'utah', 'new mexico'): the state and the words before. */
function trailingState(ix: GeoIndex, words: string[]): { state: string; rest: string[] } | null {
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const state = ix.states.get(words.slice(-n).join(' '));
    if (state) return { state, rest: words.slice(0, -n) };
  }
  return null;
}

/**
 * The point a search text names, or null when it names none we know. `near`: the brand's stores,
 * so that a city name found in several states picks the one closest to them. Never throws on
 * any input.
 */
export function lookupPlace(text: unknown, near: readonly GeoPoint[] = []): PlaceMatch | null {
  return lookupPlaces(text, near).match;
}

const NONE: PlaceLookup = { match: null, others: [] };

/**
 * A name alone ('Paris', 'Nevada', 'Utah', 'UT'): every city of that name and the state of
 * that name, the one nearest the brand's stores chosen (the most ZIP codes without stores), the
 * next ones offered as choices.
 */
function lonePlace(ix: GeoIndex, name: string, near: readonly GeoPoint[]): PlaceLookup {
  interface Candidate {
    point: GeoPoint;
    label: string;
    choice: PlaceChoice;
    size: number;
  }
  const candidates: Candidate[] = [];
  const abbr = ix.states.get(name);
  const statePoint = abbr ? ix.statePoints.get(abbr) : undefined;
  if (abbr && statePoint) {
    const stateName = ix.stateNames.get(abbr) ?? abbr;
    candidates.push({
      point: statePoint,
      label: stateName,
      choice: { label: `${stateName} (state)`, query: abbr },
      size: Number.MAX_SAFE_INTEGER,
    });
  }
  for (const id of ix.cities.get(name) ?? []) {
    const label = `${ix.placeCity[id]}, ${ix.placeState[id]}`;
    candidates.push({
      point: placePoint(ix, id),
      label,
      choice: { label, query: label },
      size: ix.placeZips[id],
    });
  }
  if (!candidates.length) return NONE;
  const distance = (c: Candidate) => Math.min(...near.map((p) => metresBetween(c.point, p)));
  const ranked = near.length
    ? candidates
        .map((c) => ({ c, d: distance(c) }))
        .sort((a, b) => a.d - b.d)
        .map((x) => x.c)
    : [...candidates].sort((a, b) => b.size - a.size);
  const [best, ...rest] = ranked;
  return {
    match: { ...best.point, label: best.label },
    others: rest.slice(0, MAX_CHOICES).map((c) => c.choice),
  };
}

/** Like lookupPlace, with the other places the text may have meant (a name alone). */
export function lookupPlaces(text: unknown, near: readonly GeoPoint[] = []): PlaceLookup {
  const one = (match: PlaceMatch | null): PlaceLookup => (match ? { match, others: [] } : NONE);
  if (typeof text !== 'string') return NONE;
  const raw = text.trim();
  if (!raw || raw.length > MAX_SEARCH_LENGTH) return NONE;
  const ix = geoIndex();
  const stripped = raw.replace(/[\s,]*\b(?:usa|u\.s\.a\.?|us|united states)\.?$/i, '').trim();

  // A ZIP (or ZIP+4) at the end: '84720', '84720-1234', '150 N Main St, Cedar City, UT 84720'.
  const endZip = /(?:^|[\s,])(\d{5})(?:-\d{4})?$/.exec(stripped);
  if (endZip) {
    const found = zipPlace(ix, endZip[1]);
    if (found) return one(found);
  }
  const withoutZip = endZip ? stripped.slice(0, endZip.index) : stripped;

  // 'City, ST', 'City ST', 'Street, City, ST', 'City'.
  const parts = withoutZip.split(',').map(normalizePlace).filter(Boolean);
  if (parts.length > 0) {
    const last = parts[parts.length - 1].split(' ');
    const lastIsState = parts.length > 1 ? ix.states.get(last.join(' ')) : undefined;
    if (lastIsState) {
      const found = trailingCity(ix, parts[parts.length - 2].split(' '), lastIsState, near);
      if (found) return one(found);
    }
    const inLast = trailingState(ix, last);
    if (inLast) {
      const found = trailingCity(ix, inLast.rest, inLast.state, near);
      if (found) return one(found);
    }
    if (parts.length === 1) {
      const lone = lonePlace(ix, parts[0], near);
      if (lone.match) return lone;
    } else {
      const found = cityPlace(ix, parts[parts.length - 1], null, near);
      if (found) return one(found);
    }
  }

  // A ZIP elsewhere in an address (not its leading street number).
  const zips = [...stripped.matchAll(/[\s,](\d{5})(?:-\d{4})?\b/g)].reverse();
  for (const m of zips) {
    const found = zipPlace(ix, m[1]);
    if (found) return one(found);
  }
  return NONE;
}
