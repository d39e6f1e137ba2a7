/** The locator's filters and a store's services list (pure rules). */
import { describe, expect, it } from 'vitest';
import {
  hasFilters,
  matchesFilters,
  NO_FILTERS,
  parseStoreFilters,
  serviceOptions,
  setFilterParams,
  storeServices,
} from './services';

const params = (q: string) => new URLSearchParams(q);

describe('filters in the address', () => {
  it('reads open, pharmacy and service; anything else is no filter', () => {
    expect(parseStoreFilters(params(''))).toEqual(NO_FILTERS);
    expect(parseStoreFilters(params('open=1&pharmacy=on&service=%20Curbside%20%20pickup'))).toEqual(
      { openNow: true, pharmacy: true, service: 'Curbside pickup' },
    );
    expect(parseStoreFilters(params('open=0&pharmacy=&service='))).toEqual(NO_FILTERS);
    expect(parseStoreFilters(params(`service=${'x'.repeat(61)}`)).service).toBeNull();
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, service: 'Deli' })).toBe(true);
  });

  it('writes them back in the form’s own names, so a link reproduces the list', () => {
    const f = { openNow: true, pharmacy: false, service: 'Deli' };
    const written = setFilterParams(params('q=84770'), f);
    expect(written.toString()).toBe('q=84770&open=1&service=Deli');
    expect(parseStoreFilters(written)).toEqual(f);
  });
});

describe('matching stores', () => {
  const open = { open: true, text: 'Open now · closes 9 PM' };
  const closed = { open: false, text: 'Closed today · Thanksgiving' };
  const store = (extra = {}) => ({
    services: ['Bakery', 'Curbside pickup'],
    pharmacy: null as unknown,
    status: open as { open: boolean } | null,
    ...extra,
  });

  it('needs every filter set: open now, a pharmacy, the service (case and spaces aside)', () => {
    expect(matchesFilters(store(), NO_FILTERS)).toBe(true);
    expect(matchesFilters(store(), { ...NO_FILTERS, openNow: true })).toBe(true);
    expect(matchesFilters(store({ status: closed }), { ...NO_FILTERS, openNow: true })).toBe(false);
    // Hours that cannot be read say nothing: not 'open now'.
    expect(matchesFilters(store({ status: null }), { ...NO_FILTERS, openNow: true })).toBe(false);
    expect(matchesFilters(store(), { ...NO_FILTERS, pharmacy: true })).toBe(false);
    expect(matchesFilters(store({ pharmacy: {} }), { ...NO_FILTERS, pharmacy: true })).toBe(true);
    expect(matchesFilters(store(), { ...NO_FILTERS, service: 'curbside  PICKUP' })).toBe(true);
    expect(matchesFilters(store(), { ...NO_FILTERS, service: 'Fuel' })).toBe(false);
    expect(
      matchesFilters(store({ pharmacy: {}, status: closed }), {
        openNow: true,
        pharmacy: true,
        service: 'Bakery',
      }),
    ).toBe(false);
  });

  it('lists a store’s pharmacy first when content does not name it; options leave it out', () => {
    expect(storeServices(['Bakery'], true)).toEqual(['Pharmacy', 'Bakery']);
    expect(storeServices(['Bakery', 'pharmacy'], true)).toEqual(['Bakery', 'pharmacy']);
    expect(storeServices(['Bakery'], false)).toEqual(['Bakery']);
    expect(
      serviceOptions([
        ['Pharmacy', 'Deli', 'Bakery'],
        ['deli', 'Fuel', 'Curbside pickup'],
      ]),
    ).toEqual(['Bakery', 'Curbside pickup', 'Deli', 'Fuel']);
  });
});
