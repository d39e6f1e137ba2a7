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
 * Google Maps directions to a store (a URL that needs no key; Google plans a drive by default):
 * to its coordinates when content has them, else to its written address.
 */
export function directionsUrl(store: DirectionsTarget): string {
  const destination =
    store.latitude !== null && store.longitude !== null
      ? `${store.latitude},${store.longitude}`
      : encodeURIComponent(`${store.address}, ${store.city}, ${store.state} ${store.zip}`);
  return `${DIRECTIONS_BASE}${destination}`;
}
