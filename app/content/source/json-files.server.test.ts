/** The JSON files of a folder: menus, retailer info, map styles (bad items dropped). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE, useContentFixture, write } from '@test/content-fixture';

const fx = useContentFixture();
const { service } = fx;

describe('menus', () => {
  it('keeps valid items and drops invalid ones', () => {
    const menu = service().menu(SITE, 'main')!;
    expect(menu.slug).toBe('main');
    expect(menu.menu.map((i) => i.label)).toEqual([
      'Weekly Ad',
      'Recipes',
      'Soup',
      'Missing',
      'Shop',
      'Departments',
    ]);
    const recipes = menu.menu[1];
    expect(recipes).toEqual({
      label: 'Recipes',
      to: '/posts/recipes',
      barOnly: true,
      drawerOnly: false,
      post: null,
      form: null,
      children: [],
    });
    expect(menu.menu[5].children.map((c) => c.label)).toEqual(['Bakery']);
    expect(menu.menu[5].drawerOnly).toBe(true);
  });
});

describe('retailer info, map styles', () => {
  it('validates locations, accepts zip or zipCode and makes slugs', () => {
    const info = service().retailerInfo(SITE);
    expect(info.adviewerPage).toBe('shared-ads'); // from shared, not in the site file
    expect(info.locations.map((l) => l.slug)).toEqual(['lins-cedar-city', 'second-store']);
    const [first, second] = info.locations;
    expect(first).toMatchObject({
      storeNumber: '12',
      zip: '84720',
      latitude: 37.68,
      longitude: -113.06,
      addressLine2: null,
      hidden: false,
      hours: [{ day: 'Mon-Sun', hours: '6 AM - 11 PM' }],
    });
    expect(second.zip).toBe('84001');
    expect(second.storeNumber).toBe('0002');
    expect(info.aceLocations).toEqual([]);
  });

  it('drops a store’s bad special hours with a problem, never the store', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'special-hours-'));
    try {
      const store = { name: 'One', storeNumber: '1', address: '1 Main', city: 'T', state: 'UT' };
      write(dir, `${SITE}/retailer-info.json`, {
        locations: [
          {
            ...store,
            zip: '84000',
            specialHours: [{ label: 'Thanksgiving', date: '2026-11-31', hours: 'Closed' }],
            pharmacy: {
              phone: null,
              specialHours: [{ label: 'Christmas Day', date: '2026-12-25', hours: 'Closed' }],
            },
          },
          // Anything else wrong still drops the store, as before.
          { ...store, name: 'Two', specialHours: [{ label: 'X', date: 'x', hours: 'Closed' }] },
          // A mistake in the services costs the services only.
          { ...store, name: 'Three', zip: '84000', services: ['Deli', 'deli'] },
        ],
      });
      const s = service({ dir });
      const [one, three, ...rest] = s.retailerInfo(SITE).locations;
      expect(rest).toEqual([]);
      expect(three).toMatchObject({ name: 'Three', services: [] });
      expect(one.specialHours).toEqual([]);
      expect(one.pharmacy?.specialHours).toEqual([]);
      expect(s.problems(SITE).map((p) => p.message)).toEqual([
        'locations[0]: specialHours.0.date: must be a date like 2026-12-24 (special hours dropped)',
        'locations[1]: specialHours.0.date: must be a date like 2026-12-24 (special hours dropped)',
        'locations[1]: zip: zip or zipCode is required (location dropped)',
        "locations[2]: services.1: 'deli' is listed twice (services dropped)",
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads map styles', () => {
    expect(service().mapStyles(SITE)).toEqual([{ featureType: 'poi' }]);
  });

  it('shares one frozen object between callers instead of a copy each: none can change it', () => {
    const s = service();
    const info = s.retailerInfo(SITE);
    expect(s.retailerInfo(SITE)).toBe(info);
    expect(s.menu(SITE, 'main')).toBe(s.menu(SITE, 'main'));
    expect(s.mapStyles(SITE)).toBe(s.mapStyles(SITE));
    expect(() => {
      info.locations[0].name = 'Changed';
    }).toThrow(TypeError);
    expect(() => info.locations.push(info.locations[0])).toThrow(TypeError);
    expect(() => {
      s.menu(SITE, 'main')!.menu[0].label = 'Changed';
    }).toThrow(TypeError);
    expect(() => {
      (s.mapStyles(SITE)[0] as Record<string, unknown>).featureType = 'road';
    }).toThrow(TypeError);
    expect(s.retailerInfo(SITE).locations.map((l) => l.name)).not.toContain('Changed');
    expect(s.retailerInfo(SITE).locations).toHaveLength(2);
  });
});
