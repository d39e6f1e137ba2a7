import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startActionHarness, type ActionHarness, type HarnessBrowser } from '@test/action-harness';
import { AVA } from '@test/demo';
import { action as homeStoreRouteAction } from '~/routes/home-store';
import { loader as storeRouteLoader } from '~/routes/locations.$slug';
import { loader as locationsRouteLoader } from '~/routes/locations._index';
import { action as loginRouteAction } from '~/routes/login';
import { findLocationBySlug, parseLocationsQuery } from './locations.server';
import { LOCATION_NOT_FOUND_MESSAGE } from './messages';
import type { LocationsPageData, StorePageData } from './types';

/**
 * The /locations and /locations/{slug} loaders with real requests (demo brands lins and corner,
 * their content as shipped): search sorting, coordinates, bad input, the store page and its 404.
 */
let h: ActionHarness;

beforeAll(async () => {
  h = await startActionHarness({ sites: ['lins', 'corner'] });
}, 60_000);
afterAll(() => h?.close());

async function locations(b: HarnessBrowser, search = '') {
  const res = await b.call(locationsRouteLoader, `/locations${search}`);
  expect(res.status).toBe(200);
  return { res, page: res.data as LocationsPageData };
}

async function storePage(b: HarnessBrowser, slug: string) {
  const res = await b.call(storeRouteLoader, `/locations/${slug}`, undefined, { params: { slug } });
  return { res, page: res.data as StorePageData };
}

const names = (page: LocationsPageData) => page.stores.map((s) => s.name);

describe('/locations', () => {
  it('lists every visible store in content order, without distances, shareable for guests', async () => {
    const { res, page } = await locations(h.browser('lins'));
    expect(names(page)).toEqual([
      "Lin's Cedar City",
      "Lin's St. George",
      "Lin's Hurricane",
      "Lin's Richfield",
      "Lin's Mesquite",
      "Lin's Elko",
    ]);
    expect(page.point).toBeNull();
    expect(page.unmatched).toBe(false);
    expect(page.stores.every((s) => s.miles === null)).toBe(true);
    expect(res.headers.get('Cache-Control')).toMatch(/^public, /);
    const cedar = page.stores[0];
    expect(cedar).toMatchObject({
      href: '/locations/lins-cedar-city',
      phoneHref: 'tel:+14355550112',
      directionsUrl:
        'https://www.google.com/maps/dir/?api=1&destination=150%20N%20Main%20St%2C%20Cedar%20City%2C%20UT%2084720',
      isHome: false,
      canChoose: true,
    });
    // Every store has today's hours and an open-now line read from its content.
    for (const s of page.stores) {
      expect(s.today, s.name).toBeTruthy();
      expect(s.status?.text, s.name).toMatch(
        /^(Open now · closes |Closed · opens |Open 24 hours$)/,
      );
    }
  });

  it('sorts by distance from a ZIP code and shows whole miles', async () => {
    const { page } = await locations(h.browser('lins'), '?q=84770');
    expect(page.point?.label).toBe('Saint George, UT 84770');
    expect(names(page).slice(0, 3)).toEqual([
      "Lin's St. George",
      "Lin's Hurricane",
      "Lin's Mesquite",
    ]);
    const miles = page.stores.map((s) => s.miles!);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(miles[0]).toBeLessThanOrEqual(2);
    expect(page.stores.at(-1)?.name).toBe("Lin's Elko");
    // The key-less map starts on the nearest store, one marker per store with coordinates.
    expect(page.map).toMatchObject({ kind: 'svg', selected: '0021' });
    if (page.map.kind === 'svg') expect(page.map.view.markers).toHaveLength(6);
    // The forms come back to the same search.
    expect(page.redirectTo).toBe('/locations?q=84770');
  });

  it("sorts by a city and state, 'St.' or 'Saint'", async () => {
    for (const q of ['St. George, UT', 'saint george ut']) {
      const { page } = await locations(h.browser('lins'), `?q=${encodeURIComponent(q)}`);
      expect(page.stores[0].name, q).toBe("Lin's St. George");
    }
    const { page } = await locations(h.browser('lins'), '?q=Elko%2C+NV');
    expect(page.stores[0].name).toBe("Lin's Elko");
  });

  it('sorts by coordinates (Use my location), ignoring the search text for sorting', async () => {
    // Next to the Richfield store.
    const { page } = await locations(h.browser('lins'), '?lat=38.78&lng=-112.08');
    expect(page.point).toMatchObject({
      latitude: 38.78,
      longitude: -112.08,
      label: 'your location',
    });
    expect(page.stores[0]).toMatchObject({ name: "Lin's Richfield", miles: 0 });
    expect(page.redirectTo).toBe('/locations?lat=38.78&lng=-112.08');
  });

  it('ignores bad coordinates and never fails on them', async () => {
    for (const search of [
      '?lat=91&lng=0',
      '?lat=0&lng=181',
      '?lat=abc&lng=-112',
      '?lat=38.78',
      '?lat=&lng=',
      '?lat=1e3&lng=2',
      '?lat=38.78&lng=-112.08.5',
      `?lat=${'9'.repeat(500)}&lng=1`,
      '?lat=NaN&lng=Infinity',
    ]) {
      const { page } = await locations(h.browser('lins'), search);
      expect(page.point, search).toBeNull();
      expect(page.unmatched, search).toBe(false);
      expect(names(page)[0], search).toBe("Lin's Cedar City");
    }
    // Bad coordinates with a search text: the text decides.
    const { page } = await locations(h.browser('lins'), '?q=84737&lat=500&lng=0');
    expect(page.stores[0].name).toBe("Lin's Hurricane");
  });

  it('says so when the search text names no place, and keeps the list unsorted', async () => {
    for (const q of ['zzqxvj', '00000', '<b>x</b>', 'x'.repeat(10 * 1024)]) {
      const { page } = await locations(h.browser('lins'), `?q=${encodeURIComponent(q)}`);
      expect(page.unmatched, q.slice(0, 10)).toBe(true);
      expect(page.point).toBeNull();
      expect(names(page)[0]).toBe("Lin's Cedar City");
      expect(page.q.length).toBeLessThanOrEqual(200);
    }
  });

  it('filters by open now, pharmacy and a service, with the search, and says how to clear them', async () => {
    const all = (await locations(h.browser('lins'))).page;
    expect(all.total).toBe(6);
    expect(all.clearFiltersHref).toBeNull();
    // The choices: every service the stores list, once, the pharmacy apart (its own checkbox).
    expect(all.serviceOptions).toContain('Curbside pickup');
    expect(all.serviceOptions).not.toContain('Pharmacy');
    expect(all.stores[0].services).toEqual([
      'Pharmacy',
      'Bakery',
      'Deli',
      'Floral',
      'Fuel',
      'Curbside pickup',
      'Home delivery',
    ]);

    const { page } = await locations(
      h.browser('lins'),
      '?q=84770&pharmacy=1&service=curbside+pickup',
    );
    // Nearest to St. George first, only stores with a pharmacy and curbside pickup.
    expect(names(page)).toEqual(["Lin's St. George", "Lin's Cedar City"]);
    expect(page.total).toBe(6);
    expect(page.filters).toEqual({ openNow: false, pharmacy: true, service: 'curbside pickup' });
    expect(page.clearFiltersHref).toBe('/locations?q=84770');
    // The home-store forms come back to the same filtered list.
    expect(page.redirectTo).toBe('/locations?q=84770&pharmacy=1&service=curbside+pickup');

    // Open now: exactly the stores whose open-now line says open (holidays included).
    const open = (await locations(h.browser('lins'), '?open=1')).page;
    expect(names(open)).toEqual(all.stores.filter((s) => s.status?.open).map((s) => s.name));

    // Nothing passes: an empty list and the way back.
    const none = (await locations(h.browser('lins'), '?q=Elko%2C+NV&service=Sushi+bar&pharmacy=1'))
      .page;
    expect(names(none)).toEqual(["Lin's St. George"]);
    const empty = (await locations(h.browser('lins'), '?service=Ski+wax')).page;
    expect(empty.stores).toEqual([]);
    expect(empty.clearFiltersHref).toBe('/locations');
  });

  it('offers the other places of an ambiguous name, each a search of its own', async () => {
    const { page } = await locations(h.browser('lins'), '?q=Nevada&open=1');
    expect(page.point?.label).toBe('Nevada');
    expect(page.placeChoices.length).toBeGreaterThan(0);
    expect(page.placeChoices).toContainEqual({
      label: 'Nevada, MO',
      href: '/locations?q=Nevada%2C+MO&open=1',
    });
    const state = (await locations(h.browser('lins'), '?q=UT')).page;
    expect(state.point?.label).toBe('Utah');
    expect(state.unmatched).toBe(false);
  });

  it("marks the visit's home store and keeps the single-location brand's one store", async () => {
    const b = h.browser('lins');
    await b.call(homeStoreRouteAction, '/home-store', {
      intent: 'choose-home-store',
      storeNumber: '0034',
      redirectTo: '/locations',
    });
    const { page } = await locations(b);
    expect(page.stores.filter((s) => s.isHome).map((s) => s.storeNumber)).toEqual(['0034']);
    // The map marks it as the home store.
    expect(page.map).toMatchObject({ kind: 'svg', home: '0034' });

    const corner = await locations(h.browser('corner'), '?q=84036');
    expect(corner.page.stores).toHaveLength(1);
    expect(corner.page.stores[0]).toMatchObject({
      name: 'Maple Corner Kamas',
      isHome: true,
      miles: 1,
    });
  });

  it('is private for a signed-in shopper and marks the saved store', async () => {
    const b = h.browser('lins');
    const login = await b.call(loginRouteAction, '/login', {
      intent: 'login',
      email: AVA.email,
      password: AVA.password,
    });
    expect(login.status).toBe(302);
    const { res, page } = await locations(b);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(page.signedIn).toBe(true);
    const saved = page.stores.filter((s) => s.isSaved);
    expect(saved).toHaveLength(1);
    // At login the saved store became the visit's home store.
    expect(saved[0].isHome).toBe(true);
  });
});

describe('/locations/{slug}', () => {
  it("answers the store's page with its week of hours, today marked", async () => {
    const { res, page } = await storePage(h.browser('lins'), 'lins-st-george');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toMatch(/^public, /);
    expect(page.store.name).toBe("Lin's St. George");
    expect(page.store.week.map((r) => r.day)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(page.store.week.filter((r) => r.today)).toHaveLength(1);
    expect(page.redirectTo).toBe('/locations/lins-st-george');
    // The map is centred on the store and marks it.
    expect(page.map).toMatchObject({ kind: 'svg', selected: '0021', focus: '0021' });
    expect(page.store.services).toContain('Sushi bar');
  });

  it('matches the address case-insensitively', async () => {
    const { res, page } = await storePage(h.browser('lins'), 'LINS-St-George');
    expect(res.status).toBe(200);
    expect(page.store.slug).toBe('lins-st-george');
  });

  it("answers 404 'Location not found.' for an unknown store", async () => {
    for (const slug of [
      'nowhere',
      'lins-st-george-2',
      'maple-corner-kamas',
      'x'.repeat(5000),
      '',
    ]) {
      const failure = await storePage(h.browser('lins'), slug).then(
        () => null,
        (e: unknown) => e,
      );
      expect(failure, slug.slice(0, 20)).toMatchObject({
        type: 'DataWithResponseInit',
        init: { status: 404 },
        data: { message: LOCATION_NOT_FOUND_MESSAGE },
      });
    }
  });
});

describe('query and slug parsing', () => {
  it('trims the search text to 200 characters and reads coordinates in range only', () => {
    const parsed = parseLocationsQuery(new URLSearchParams({ q: `  ${'a'.repeat(300)} ` }));
    expect(parsed.q).toHaveLength(200);
    expect(parseLocationsQuery(new URLSearchParams('lat=-90&lng=180')).coordinates).toEqual({
      latitude: -90,
      longitude: 180,
    });
    expect(parseLocationsQuery(new URLSearchParams('lat=+37.5&lng=-113.25')).coordinates).toEqual({
      latitude: 37.5,
      longitude: -113.25,
    });
    expect(parseLocationsQuery(new URLSearchParams('lat=-90.1&lng=0')).coordinates).toBeNull();
  });

  it('matches slugs case-insensitively and only whole', () => {
    const stores = h.content.retailerInfo('lins').locations;
    expect(findLocationBySlug(stores, 'lins-elko')?.storeNumber).toBe('0063');
    expect(findLocationBySlug(stores, 'Lins-Elko')?.storeNumber).toBe('0063');
    expect(findLocationBySlug(stores, 'lins-elk')).toBeNull();
    expect(findLocationBySlug(stores, ' lins-elko')).toBeNull();
    expect(findLocationBySlug(stores, undefined)).toBeNull();
  });
});
