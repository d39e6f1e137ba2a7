/** The JSON files of a folder: menus, retailer info, map styles (bad items dropped). */
import { describe, expect, it } from 'vitest';
import { SITE, useContentFixture } from '@test/content-fixture';

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
