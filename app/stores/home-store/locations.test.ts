/**
 * The default-location rules (docs/reference/stores.md "Home store"): which store a page
 * starts from, and which weekly-ad page. Against a small retailer-info of our own, so that each
 * rule is seen alone; the demo brands are checked at the end.
 */
import path from 'node:path';
import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { createContentService } from '~/content/source/content.server';
import type { Location, RetailerInfo } from '~/content/source/types';
import { TenantRegistry } from '~/lib/tenant/registry.server';
import { resolveHomeStore, visibleLocations } from './locations';

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
    latitude: 37.68,
    longitude: -113.06,
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

/** A request context holding only what these rules read: the tenant and its retailer info. */
function contextWith(
  locations: Location[],
  options: { defaultLocationIndex?: number; adviewerPage?: string | null } = {},
): AppLoadContext {
  const info: RetailerInfo = {
    adviewerPage: options.adviewerPage === undefined ? 'retailer-ad' : options.adviewerPage,
    locations,
    aceLocations: [],
  };
  return {
    tenant: { sitePath: 'test', stores: { defaultLocationIndex: options.defaultLocationIndex } },
    services: { content: { retailerInfo: () => structuredClone(info) } },
  } as unknown as AppLoadContext;
}

describe('visible locations', () => {
  it('leaves hidden locations out and keeps content order', () => {
    const ctx = contextWith([location('1'), location('2', { hidden: true }), location('3')]);
    expect(visibleLocations(ctx).map((l) => l.storeNumber)).toEqual(['1', '3']);
  });
});

describe('the home store a page starts from', () => {
  const three = [location('1'), location('2'), location('3')];

  it('is the chosen store while it is visible', () => {
    expect(resolveHomeStore(contextWith(three), '2')?.storeNumber).toBe('2');
  });

  it('is none for several stores without a choice or a default index', () => {
    expect(resolveHomeStore(contextWith(three), undefined)).toBeNull();
    expect(resolveHomeStore(contextWith(three), '')).toBeNull();
    expect(resolveHomeStore(contextWith(three), '9')).toBeNull();
  });

  it('is the one visible location, chosen automatically', () => {
    const ctx = contextWith([location('1', { hidden: true }), location('2')]);
    expect(resolveHomeStore(ctx, undefined)?.storeNumber).toBe('2');
    // A choice of the hidden one does not stand: the visible one is the home store.
    expect(resolveHomeStore(ctx, '1')?.storeNumber).toBe('2');
  });

  it('is the only location of a single-location brand', () => {
    expect(resolveHomeStore(contextWith([location('7')]), undefined)?.storeNumber).toBe('7');
  });

  it("is the tenant's default location index among the visible stores", () => {
    const five = ['1', '2', '3', '4', '5'].map((n) => location(n));
    expect(
      resolveHomeStore(contextWith(five, { defaultLocationIndex: 4 }), undefined)?.storeNumber,
    ).toBe('5');
    // The index counts visible stores only.
    const someHidden = [location('0', { hidden: true }), ...five];
    expect(
      resolveHomeStore(contextWith(someHidden, { defaultLocationIndex: 4 }), undefined)
        ?.storeNumber,
    ).toBe('5');
    // A choice wins over the default; an index past the list is no default.
    expect(resolveHomeStore(contextWith(five, { defaultLocationIndex: 4 }), '2')?.storeNumber).toBe(
      '2',
    );
    expect(resolveHomeStore(contextWith(five, { defaultLocationIndex: 9 }), undefined)).toBeNull();
  });

  it('falls back to the default when the chosen store is hidden later', () => {
    const before = [location('1'), location('2'), location('3')];
    expect(
      resolveHomeStore(contextWith(before, { defaultLocationIndex: 0 }), '3')?.storeNumber,
    ).toBe('3');
    const after = [location('1'), location('2'), location('3', { hidden: true })];
    expect(
      resolveHomeStore(contextWith(after, { defaultLocationIndex: 0 }), '3')?.storeNumber,
    ).toBe('1');
    expect(resolveHomeStore(contextWith(after), '3')).toBeNull();
  });
});

describe('the demo brands', () => {
  const root = path.resolve(__dirname, '../../..');
  const content = createContentService({ dir: path.join(root, 'content'), watch: false });
  const registry = new TenantRegistry(path.join(root, 'tenants'), 3000);
  registry.reload();
  const contextOf = (site: string) =>
    ({ tenant: registry.get(site), services: { content } }) as unknown as AppLoadContext;

  it('the single-location brand starts at its store; southend at its fifth; lins at none', () => {
    const corner = contextOf('corner');
    expect(visibleLocations(corner)).toHaveLength(1);
    expect(resolveHomeStore(corner, undefined)?.storeNumber).toBe('0001');
    const southend = contextOf('southend');
    expect(resolveHomeStore(southend, undefined)?.storeNumber).toBe(
      visibleLocations(southend)[4].storeNumber,
    );
    expect(resolveHomeStore(contextOf('lins'), undefined)).toBeNull();
  });
});
