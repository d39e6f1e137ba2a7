import { describe, expect, it } from 'vitest';
import { directionsUrl, telHref } from './links';

describe('store links', () => {
  it('dials a US number with its country code', () => {
    expect(telHref('(435) 555-0112')).toBe('tel:+14355550112');
    expect(telHref('+1 435.555.0112')).toBe('tel:+14355550112');
    expect(telHref('1-800-555-0199')).toBe('tel:+18005550199');
    expect(telHref('+44 20 7946 0958')).toBe('tel:+442079460958');
    expect(telHref('Call us')).toBeNull();
    expect(telHref(null)).toBeNull();
  });

  it('points directions at the coordinates, else at the written address', () => {
    const store = {
      address: '150 N Main St',
      city: 'Cedar City',
      state: 'UT',
      zip: '84720',
      latitude: 37.68,
      longitude: -113.0619,
    };
    // The address, never the coordinates: the shopper's map names the store's street.
    expect(directionsUrl({ ...store, addressLine2: 'Suite 4' })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=150%20N%20Main%20St%2C%20Cedar%20City%2C%20UT%2084720',
    );
    expect(directionsUrl({ ...store, latitude: null })).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=150%20N%20Main%20St%2C%20Cedar%20City%2C%20UT%2084720',
    );
  });
});
