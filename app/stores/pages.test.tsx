import { describe, expect, it } from 'vitest';
import { renderServer, textOf } from '@test/render';
import { LocationsPage } from './locations-page';
import { StorePage } from './store-page';
import type { MapData } from './map-data.server';
import type { LocationsPageData, StoreDetail, StorePageData, StoreSummary } from './types';

/** The key-less map of two of the stores below. */
const svgMap = (selected: string | null, focus: string | null = null): MapData => ({
  kind: 'svg',
  selected,
  focus,
  view: {
    width: 800,
    height: 600,
    viewBox: '0 0 800 600',
    outlineHref: '/locations/map.svg?v=0123456789abcdef',
    unitsPerKm: 2,
    markers: [
      { storeNumber: '1', slug: 'store-1', name: 'Store 1', x: 400, y: 300 },
      { storeNumber: '2', slug: 'store-2', name: 'Store 2', x: 100, y: 500 },
    ],
  },
});

/** The pages as the server renders them (the first HTML; a browser without JavaScript keeps it). */
const store = (n: string, extra: Partial<StoreSummary> = {}): StoreSummary => ({
  storeNumber: n,
  name: `Store ${n}`,
  slug: `store-${n}`,
  href: `/locations/store-${n}`,
  address: '1 Main St',
  addressLine2: null,
  city: 'Cedar City',
  state: 'UT',
  zip: '84720',
  latitude: 37.68,
  longitude: -113.06,
  phone: '(435) 555-0112',
  phoneHref: 'tel:+14355550112',
  directionsUrl: 'https://www.google.com/maps/dir/?api=1&destination=37.68,-113.06',
  today: '7 AM - 9 PM',
  status: { open: true, text: 'Open now · closes 9 PM' },
  pharmacy: null,
  miles: null,
  isHome: false,
  isSaved: false,
  canChoose: true,
  services: ['Bakery', 'Deli'],
  ...extra,
});

const list = (extra: Partial<LocationsPageData> = {}): LocationsPageData => ({
  q: '',
  point: null,
  coordinates: null,
  unmatched: false,
  placeChoices: [],
  stores: [store('1'), store('2', { isHome: true }), store('3', { canChoose: false })],
  total: 3,
  filters: { openNow: false, pharmacy: false, service: null },
  serviceOptions: ['Bakery', 'Deli'],
  clearFiltersHref: null,
  signedIn: false,
  redirectTo: '/locations',
  map: svgMap('2'),
  ...extra,
});

const count = (html: string, text: string) => html.split(text).length - 1;

describe('the locator page', () => {
  it('lists the stores with their forms; the home store says so and has none', async () => {
    const html = await renderServer(<LocationsPage data={list()} />, '/locations');
    const text = textOf(html);
    expect(text).toContain('Address, city or ZIP');
    expect(count(html, 'data-testid="store-row"')).toBe(3);
    expect(text).toContain('Your store');
    // Store 1 only: store 2 is the home store, store 3 cannot be chosen.
    expect(count(html, 'name="storeNumber"')).toBe(1);
    expect(html).toContain('action="/home-store"');
    expect(html).toContain('name="intent" value="choose-home-store"');
    expect(html).toContain('name="redirectTo" value="/locations"');
    // A guest gets no 'Make this my home store' checkbox. Use my location is in the markup (its
    // place taken at the first paint; hidden by CSS where scripts do not run: e2e/stores/locator.spec.ts)
    // but disabled until its handler is hydrated.
    expect(html).not.toContain('name="makeHome"');
    expect(html).toMatch(/<button type="button"[^>]*disabled=""[^>]*>Use my location<\/button>/);
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(text).toContain('(opens in a new tab)');
    expect(html).toContain('href="tel:+14355550112"');
  });

  it('renders the filters as a GET form carrying the search; an empty result offers to clear them', async () => {
    const data = list({
      q: '84720',
      filters: { openNow: true, pharmacy: false, service: 'Deli' },
      clearFiltersHref: '/locations?q=84720',
      stores: [store('1')],
      total: 3,
    });
    const html = await renderServer(<LocationsPage data={data} />, '/locations?q=84720&open=1');
    const form = /<form[^>]*aria-label="Filter stores"[^>]*>[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    expect(form).toMatch(/method="get"/);
    expect(form).toMatch(/action="\/locations"/);
    expect(form).toContain('<input type="hidden" name="q" value="84720"/>');
    expect(form).toMatch(/<input type="checkbox" name="open"[^>]*checked=""[^>]*value="1"/);
    expect(form).toMatch(/<input type="checkbox" name="pharmacy"/);
    expect(form).not.toMatch(/name="pharmacy"[^>]*checked=""/);
    expect(form).toMatch(/<option value="Deli" selected="">Deli<\/option>/);
    expect(form).toMatch(/<button type="submit"[^>]*>Filter<\/button>/);
    expect(form).toContain('href="/locations?q=84720"');
    // The search form keeps the filters for a new search.
    const search = /<form[^>]*aria-label="Find a store"[^>]*>[\s\S]*?<\/form>/.exec(html)?.[0];
    expect(search).toContain('<input type="hidden" name="open" value="1"/>');
    expect(search).toContain('<input type="hidden" name="service" value="Deli"/>');
    expect(textOf(html)).toContain('1 of 3 stores');

    const none = textOf(
      await renderServer(<LocationsPage data={{ ...data, stores: [] }} />, '/locations?open=1'),
    );
    expect(none).toContain('No stores match these filters.');
    expect(none).toContain('Clear filters and show every store');
    expect(none).not.toContain('No stores to show.');
  });

  it('gives a signed-in shopper the checkbox, except on the saved store', async () => {
    const data = list({
      signedIn: true,
      stores: [store('1'), store('4', { isSaved: true })],
    });
    const html = await renderServer(<LocationsPage data={data} />, '/locations');
    expect(count(html, 'name="makeHome"')).toBe(1);
    expect(textOf(html)).toContain('Make this my home store');
  });

  it('shows miles and the searched place, or says the place is unknown', async () => {
    const sorted = list({
      q: '84720',
      point: { latitude: 37.68, longitude: -113.06, label: 'Cedar City, UT 84720' },
      stores: [store('1', { miles: 0 }), store('2', { miles: 12 })],
    });
    const text = textOf(await renderServer(<LocationsPage data={sorted} />, '/locations?q=84720'));
    expect(text).toContain('Nearest to Cedar City, UT 84720 first');
    expect(text).toContain('0 mi');
    expect(text).toContain('12 mi');
    const unknown = textOf(
      await renderServer(<LocationsPage data={list({ q: 'zz', unmatched: true })} />, '/locations'),
    );
    expect(unknown).toContain('We couldn’t find that place. Try a ZIP code or a city and state.');
    expect(unknown).not.toContain(' mi ');
  });

  it('draws the map beside the list: a marker link per store, the selected one current', async () => {
    const html = await renderServer(<LocationsPage data={list()} />, '/locations');
    expect(html).toMatch(/<svg role="group" aria-label="Map of our stores"/);
    expect(html).toMatch(/<a [^>]*href="\/locations\/store-1"[^>]*aria-label="Store 1"/);
    expect(html).toMatch(/<a [^>]*href="\/locations\/store-2"[^>]*aria-current="true"/);
    // The matching row is marked too; 'Show on map' needs JavaScript, so the first HTML has none.
    expect(html).toMatch(/<li [^>]*aria-current="true"[^>]*data-store-number="2"/);
    expect(textOf(html)).not.toContain('Show on map');
  });
});

const detail = (extra: Partial<StoreDetail> = {}): StoreDetail => ({
  ...store('1'),
  week: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
    (day) => ({ day, hours: day === 'Sunday' ? 'Closed' : '7 AM - 9 PM', today: day === 'Sunday' }),
  ),
  pharmacyWeek: null,
  specialHours: [],
  services: [],
  pharmacySpecialHours: null,
  weeklyAdHref: '/weekly-ad?location=1',
  ...extra,
});

const storeData = (extra: Partial<StorePageData> = {}): StorePageData => ({
  store: detail(),
  signedIn: false,
  redirectTo: '/locations/store-1',
  map: svgMap('1', '1'),
  ...extra,
});

describe('the store page', () => {
  it('shows the week with today marked, and Shop this store for a guest', async () => {
    const html = await renderServer(<StorePage data={storeData()} />, '/locations/store-1');
    expect(count(html, 'aria-current="date"')).toBe(1);
    expect(html).toMatch(/aria-current="date"[^>]*>\s*<th[^>]*>Sunday<span[^>]*>Today<\/span>/);
    const text = textOf(html);
    expect(text).toContain('Shop this store');
    expect(text).not.toContain('Make this my home store');
    expect(text).toContain('Open now · closes 9 PM');
  });

  it("offers a shopper 'Make this my home store' (a post with makeHome=on), or says it is", async () => {
    const html = await renderServer(
      <StorePage data={storeData({ signedIn: true })} />,
      '/locations/store-1',
    );
    expect(html).toContain('name="makeHome" value="on"');
    expect(html).toContain('type="hidden" name="makeHome"');
    expect(textOf(html)).toContain('Make this my home store');
    const saved = textOf(
      await renderServer(
        <StorePage data={storeData({ signedIn: true, store: detail({ isSaved: true }) })} />,
        '/locations/store-1',
      ),
    );
    expect(saved).toContain('This is your home store.');
    expect(saved).not.toContain('Make this my home store');
  });

  it("links to the store's weekly ad only when it has one", async () => {
    const html = await renderServer(<StorePage data={storeData()} />, '/locations/store-1');
    expect(html).toMatch(
      /<a [^>]*href="\/weekly-ad\?location=1"[^>]*>Shop this store’s weekly ad</,
    );
    const none = await renderServer(
      <StorePage data={storeData({ store: detail({ weeklyAdHref: null }) })} />,
      '/locations/store-1',
    );
    expect(textOf(none)).not.toContain('weekly ad');
  });

  it('shows pharmacy hours when the store has a pharmacy', async () => {
    const data = storeData({
      store: detail({
        pharmacy: {
          phone: '(435) 555-0113',
          phoneHref: 'tel:+14355550113',
          today: 'Closed',
          status: null,
        },
        pharmacyWeek: [{ day: 'Mon-Fri', hours: '9 AM - 7 PM', today: false }],
      }),
    });
    const html = await renderServer(<StorePage data={data} />, '/locations/store-1');
    expect(html).toContain('data-testid="pharmacy-hours"');
    expect(textOf(html)).toContain('Pharmacy hours');
    expect(html).toContain('href="tel:+14355550113"');
  });
});
