/** Links a store row offers: call the store, and get driving directions (client-safe). */

/** A `tel:` address of a phone number as content writes it; null when it has no digits. */
export function telHref(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  if (!/\d{3,}/.test(digits)) return null;
  // A US number gets its country code, so that a phone abroad dials it right.
  if (/^\d{10}$/.test(digits)) return `tel:+1${digits}`;
  if (/^1\d{10}$/.test(digits)) return `tel:+${digits}`;
  return `tel:${digits}`;
}

const DIRECTIONS_BASE = 'https://www.google.com/maps/dir/?api=1&destination=';

export interface DirectionsTarget {
  address: string;
  addressLine2?: string | null;
  city: string;
  state: string;
  zip: string;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The one line a store's address reads as for a map: '150 N Main St, Cedar City, UT 84720'
 * (the second line, a suite or 'inside the mall', left out: it only confuses a geocoder).
 */
export function addressLine(store: DirectionsTarget): string {
  return `${store.address}, ${store.city}, ${store.state} ${store.zip}`.replace(/\s+/g, ' ').trim();
}

/**
 * Google Maps directions to a store (a URL that needs no key; Google plans a drive by default)
 * to its written address, so the shopper's map app shows (and saves) the store's street, not a
 * pair of numbers. The coordinates are not needed: Google finds the address.
 */
export function directionsUrl(store: DirectionsTarget): string {
  return `${DIRECTIONS_BASE}${encodeURIComponent(addressLine(store))}`;
}
