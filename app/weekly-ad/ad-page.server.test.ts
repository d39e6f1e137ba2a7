import { describe, expect, it } from 'vitest';
import type { Location } from '~/content/source/types';
import {
  adFrameUrl,
  chooseAdPage,
  findAdLocation,
  retailerDefaultPage,
  type AdPageInputs,
} from './ad-page.server';

function location(storeNumber: string, extra: Partial<Location> = {}): Location {
  return {
    name: `Store ${storeNumber}`,
    slug: `store-${storeNumber}`,
    storeNumber,
    address: '1 Main St',
    addressLine2: null,
    city: 'Cedar City',
    state: 'UT',
    zip: '84720',
    latitude: null,
    longitude: null,
    phone: null,
    adviewerPage: `ad-${storeNumber}`,
    hidden: false,
    hiddenInHomeSelector: false,
    hiddenInStoreSelector: false,
    hours: [],
    specialHours: [],
    services: [],
    pharmacy: null,
    timeZone: 'America/Denver',
    ...extra,
  };
}

const LOCATIONS = [
  location('0012'),
  location('0021', { hiddenInHomeSelector: true }),
  location('0034', { hidden: true }),
  location('0045', { adviewerPage: null }),
];

const inputs = (extra: Partial<AdPageInputs> = {}): AdPageInputs => ({
  locations: LOCATIONS,
  location: null,
  home: null,
  tenantDefaultPage: null,
  retailerPage: 'retailer',
  ...extra,
});

describe('which ad page /weekly-ad shows', () => {
  it('takes the location parameter by store number (zero-padded or not) or by slug', () => {
    for (const value of ['0012', '12', 'store-0012', 'STORE-0012', ' 0012 ']) {
      const choice = chooseAdPage(inputs({ location: value, home: LOCATIONS[1] }));
      expect(choice, value).toEqual({
        page: 'ad-0012',
        store: LOCATIONS[0],
        source: 'location',
        unknownLocation: false,
      });
    }
    // A store hidden from the home selector is still a store whose ad may be read.
    expect(chooseAdPage(inputs({ location: '0021' })).page).toBe('ad-0021');
  });

  it('reports an unknown location and goes on as if there were none', () => {
    for (const value of ['9999', 'no-such-store', '../x', 'x'.repeat(500), '%00']) {
      expect(chooseAdPage(inputs({ location: value, home: LOCATIONS[1] })), value).toEqual({
        page: 'ad-0021',
        store: LOCATIONS[1],
        source: 'home',
        unknownLocation: true,
      });
      expect(chooseAdPage(inputs({ location: value })), value).toMatchObject({
        page: 'retailer',
        store: null,
        source: 'default',
        unknownLocation: true,
      });
    }
  });

  it('never shows a hidden location, by number or slug', () => {
    expect(findAdLocation(LOCATIONS, '0034')).toBeNull();
    expect(findAdLocation(LOCATIONS, 'store-0034')).toBeNull();
    expect(chooseAdPage(inputs({ location: '0034' })).unknownLocation).toBe(true);
  });

  it('an empty location is no location (no message)', () => {
    for (const value of ['', '   ']) {
      expect(chooseAdPage(inputs({ location: value }))).toMatchObject({
        source: 'default',
        unknownLocation: false,
      });
    }
  });

  it('takes the home store without a location parameter', () => {
    expect(chooseAdPage(inputs({ home: LOCATIONS[0] }))).toEqual({
      page: 'ad-0012',
      store: LOCATIONS[0],
      source: 'home',
      unknownLocation: false,
    });
  });

  it("a store without an ad page of its own shows the retailer's default ad", () => {
    expect(chooseAdPage(inputs({ home: LOCATIONS[3] }))).toMatchObject({
      page: 'retailer',
      store: LOCATIONS[3],
    });
    expect(chooseAdPage(inputs({ location: '0045' })).page).toBe('retailer');
  });

  it("the default: the tenant's page, else the retailer's, else the first visible store's", () => {
    expect(retailerDefaultPage(inputs({ tenantDefaultPage: 'tenant-page' }))).toBe('tenant-page');
    expect(retailerDefaultPage(inputs())).toBe('retailer');
    expect(retailerDefaultPage(inputs({ retailerPage: null }))).toBe('ad-0012');
    // The first visible store with a page (a hidden one is skipped).
    const hiddenFirst = [location('1', { hidden: true }), location('2', { adviewerPage: null })];
    expect(
      retailerDefaultPage({
        locations: [...hiddenFirst, location('3')],
        tenantDefaultPage: null,
        retailerPage: null,
      }),
    ).toBe('ad-3');
    expect(chooseAdPage(inputs({ locations: hiddenFirst, retailerPage: null }))).toMatchObject({
      page: null,
      store: null,
      source: 'default',
    });
  });
});

describe('the viewer frame address', () => {
  const base = 'http://127.0.0.1:3200';
  const store = LOCATIONS[0];

  it("carries a shopper's token", () => {
    const src = adFrameUrl(base, { page: 'ad-0012', store }, 'eyJ.a+b/c=.sig');
    expect(src).toBe('http://127.0.0.1:3200/ad-0012?token=eyJ.a%2Bb%2Fc%3D.sig');
    expect(new URL(src!).searchParams.get('token')).toBe('eyJ.a+b/c=.sig');
    // A shopper without a store: the default page, still with the token.
    expect(adFrameUrl(base, { page: 'retailer', store: null }, 'jwt')).toBe(
      'http://127.0.0.1:3200/retailer?token=jwt',
    );
  });

  it('is the bare page for a guest with a store', () => {
    expect(adFrameUrl(base, { page: 'ad-0012', store }, null)).toBe(
      'http://127.0.0.1:3200/ad-0012',
    );
  });

  it('asks the viewer to choose a store with neither a token nor a store', () => {
    expect(adFrameUrl(base, { page: 'retailer', store: null }, null)).toBe(
      'http://127.0.0.1:3200/retailer?chooseStore',
    );
  });

  it("encodes the page as one segment and keeps the base's own path", () => {
    expect(adFrameUrl(`${base}/provider/`, { page: 'a b/../c?d', store }, null)).toBe(
      'http://127.0.0.1:3200/provider/a%20b%2F..%2Fc%3Fd',
    );
    expect(adFrameUrl(`${base}/provider`, { page: 'x', store: null }, null)).toBe(
      'http://127.0.0.1:3200/provider/x?chooseStore',
    );
  });

  it('is null without a page', () => {
    expect(adFrameUrl(base, { page: null, store: null }, 'jwt')).toBeNull();
  });
});
