import { describe, expect, it } from 'vitest';
import { metresBetween } from './distance';
import { lookupPlace, lookupPlaces, MAX_CHOICES, normalizePlace } from './geo-lookup.server';

/** Stores of a brand in southern Utah (Cedar City, St. George). */
const UTAH_STORES = [
  { latitude: 37.68, longitude: -113.0619 },
  { latitude: 37.0868, longitude: -113.5962 },
];
/** Lin's stores: southern Utah and Nevada (Mesquite, Elko). */
const LINS = [
  ...UTAH_STORES,
  { latitude: 36.8055, longitude: -114.0672 },
  { latitude: 40.8324, longitude: -115.7631 },
];
/** A brand's stores in Tucson. */
const ARIZONA_STORES = [{ latitude: 32.1886, longitude: -110.9665 }];

const near = (a: { latitude: number; longitude: number } | null, lat: number, lng: number) =>
  a !== null && metresBetween(a, { latitude: lat, longitude: lng }) < 15_000;

describe('place names', () => {
  it('normalises case, spaces, punctuation and the usual abbreviations', () => {
    expect(normalizePlace('  St. George ')).toBe('saint george');
    expect(normalizePlace('SAINT   george')).toBe('saint george');
    expect(normalizePlace('Ft. Collins')).toBe('fort collins');
    expect(normalizePlace('Mt Pleasant')).toBe('mount pleasant');
    expect(normalizePlace("Coeur d'Alene")).toBe('coeur dalene');
  });
});

describe('search text to a point', () => {
  it('reads a ZIP code and a ZIP+4', () => {
    const zip = lookupPlace('84720');
    expect(zip).toMatchObject({ label: 'Cedar City, UT 84720' });
    expect(near(zip, 37.68, -113.06)).toBe(true);
    expect(lookupPlace(' 84720-1234 ')).toEqual(zip);
    // A ZIP the table does not have is not a place.
    expect(lookupPlace('00000')).toBeNull();
  });

  it("reads 'City, ST', 'City ST' and St./Saint spellings", () => {
    for (const text of ['St. George, UT', 'st george ut', 'Saint George, Utah', 'ST. GEORGE UT']) {
      const found = lookupPlace(text);
      expect(found?.label, text).toBe('Saint George, UT');
      expect(near(found, 37.1, -113.58), text).toBe(true);
    }
    expect(lookupPlace('Tucson, AZ')?.label).toBe('Tucson, AZ');
    expect(lookupPlace('Las Cruces New Mexico')?.label).toBe('Las Cruces, NM');
  });

  it('reads a full address by its ZIP or by its city and state', () => {
    expect(lookupPlace('150 N Main St, Cedar City, UT 84720')?.label).toBe('Cedar City, UT 84720');
    expect(lookupPlace('1120 S Bluff St, St. George, UT')?.label).toBe('Saint George, UT');
    expect(lookupPlace('1120 S Bluff St St George UT')?.label).toBe('Saint George, UT');
    expect(lookupPlace('3300 S 6th Ave, Tucson, AZ 85713, USA')?.label).toBe('Tucson, AZ 85713');
  });

  it('picks the state nearest the brand for a bare city name found in several states', () => {
    // Springfield is in two dozen states: each brand gets the one nearest its stores.
    expect(lookupPlace('Springfield', UTAH_STORES)?.label).toBe('Springfield, ID');
    expect(lookupPlace('Springfield', ARIZONA_STORES)?.label).toBe('Springfield, CO');
    // Richfield is in Utah and six other states: a Utah brand gets Utah's.
    expect(lookupPlace('Richfield', UTAH_STORES)?.label).toBe('Richfield, UT');
    // With a state, the state decides.
    expect(lookupPlace('Richfield, OH', UTAH_STORES)?.label).toBe('Richfield, OH');
    // Without stores, the city with the most ZIP codes.
    expect(lookupPlace('Springfield')?.label).toBe('Springfield, IL');
    expect(lookupPlace('Cedar City')?.label).toBe('Cedar City, UT');
  });

  it('answers null for garbage, never throwing', () => {
    const inputs: unknown[] = [
      '',
      '   ',
      'zzqxvj',
      '<script>alert(1)</script>',
      '12345678901234567890',
      '!!!,,,',
      ',',
      '84720'.repeat(50),
      'x'.repeat(10 * 1024),
      'St. George, UT '.repeat(700),
      null,
      undefined,
      42,
      { q: '84720' },
    ];
    for (const text of inputs) {
      expect(() => lookupPlace(text as string), String(text).slice(0, 20)).not.toThrow();
      expect(lookupPlace(text as string), String(text).slice(0, 20)).toBeNull();
    }
  });

  it('finds a state by name or abbreviation, at the centre of its ZIP codes', () => {
    for (const text of ['Utah', 'utah', 'UT', 'ut']) {
      const found = lookupPlaces(text, LINS);
      expect(found.match?.label, text).toBe('Utah');
      expect(found.match!.latitude, text).toBeGreaterThan(37);
      expect(found.match!.latitude, text).toBeLessThan(42);
    }
    // 'MT' is not read as 'Mount'; a city in it still is.
    expect(lookupPlace('MT')?.label).toBe('Montana');
    expect(lookupPlace('Billings, MT')?.label).toBe('Billings, MT');
    expect(lookupPlace('New Mexico')?.label).toBe('New Mexico');
  });

  it('picks the place of a shared name nearest the stores and offers the others', () => {
    // Nevada: the state (the brand has stores there) before the cities called Nevada.
    const nevada = lookupPlaces('Nevada', LINS);
    expect(nevada.match?.label).toBe('Nevada');
    expect(nevada.others.length).toBeGreaterThan(1);
    expect(nevada.others.length).toBeLessThanOrEqual(MAX_CHOICES);
    expect(nevada.others).toContainEqual({ label: 'Nevada, MO', query: 'Nevada, MO' });
    // Paris: Paris, Idaho is the nearest to these stores; Texas's is one of the choices.
    const paris = lookupPlaces('Paris', LINS);
    expect(paris.match?.label).toBe('Paris, ID');
    expect(paris.others).toContainEqual({ label: 'Paris, TX', query: 'Paris, TX' });
    // Each choice's search finds that place alone.
    expect(lookupPlaces('Paris, TX', LINS)).toMatchObject({
      match: { label: 'Paris, TX' },
      others: [],
    });
    // A city near the stores beats the state of the same name, which is offered.
    const washington = lookupPlaces('Washington', LINS);
    expect(washington.match?.label).toBe('Washington, UT');
    expect(washington.others).toContainEqual({ label: 'Washington (state)', query: 'WA' });
    // A name with one place offers nothing.
    expect(lookupPlaces('Cedar City', LINS).others).toEqual([]);
  });

  it('answers a 10 KB input quickly', () => {
    lookupPlace('84720'); // the index is built on the first search
    const started = performance.now();
    for (let i = 0; i < 100; i++) lookupPlace(`${'a, '.repeat(3400)}UT`);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
