/**
 * Distances between a search point and the stores (distance in whole miles: metres
 * divided by 1609, rounded). Great-circle distance: the page needs no routing service.
 */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

/** The Earth's mean radius in metres (IUGG). */
const EARTH_RADIUS_M = 6_371_008.8;
export const METRES_PER_MILE = 1609;

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle metres between two points (haversine). */
export function metresBetween(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whole miles as the site counts them: metres divided by 1609, rounded. */
export function milesFromMetres(metres: number): number {
  return Math.round(metres / METRES_PER_MILE);
}

export function milesBetween(a: GeoPoint, b: GeoPoint): number {
  return milesFromMetres(metresBetween(a, b));
}
