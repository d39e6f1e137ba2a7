/** Which map a page gets: the SVG map without a key, Google's with one, the frame without stores. */
import fs from 'node:fs';
import path from 'node:path';
import type { AppLoadContext } from '@remix-run/node';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '@common/logger.server';
import { createContentService } from '~/content/source/content.server';
import { visibleLocations } from '~/stores/home-store/locations';
import { parseTenantFile } from '~/lib/tenant/registry.server';
import type { Tenant } from '~/lib/tenant/schema';
import { mapData, storeMapView } from './map-data.server';
import { resetMapsKeyWarnings } from './maps-config.server';
import { clearStoreMaps } from './store-map.server';

const content = createContentService({ dir: path.resolve('content') });
afterAll(() => content.close());
afterEach(() => {
  clearStoreMaps();
  resetMapsKeyWarnings();
  vi.unstubAllEnvs();
});

const KEY_ENV = 'MAP_DATA_TEST_MAPS_KEY';

function context(site: string, opts: { keyEnv?: string; dir?: typeof content } = {}) {
  const file = path.resolve('tenants', `${site}.json`);
  const parsed = parseTenantFile(file, fs.readFileSync(file, 'utf8'), 80);
  if (!('tenant' in parsed)) throw new Error(parsed.problem.message);
  const tenant: Tenant = opts.keyEnv
    ? {
        ...parsed.tenant,
        services: { ...parsed.tenant.services, maps: { apiKeyEnv: opts.keyEnv } },
      }
    : parsed.tenant;
  return { tenant, services: { content: opts.dir ?? content } } as unknown as AppLoadContext;
}

describe('mapData', () => {
  it('without a key: the server-drawn SVG map, built once for the brand', () => {
    const ctx = context('lins');
    const data = mapData(ctx, { kind: 'locator', selected: '0012' });
    expect(data.kind).toBe('svg');
    if (data.kind !== 'svg') return;
    expect(data.view).toBe(storeMapView(ctx));
    expect(data.selected).toBe('0012');
    expect(data.focus).toBeNull();
    expect(data.view.markers.length).toBe(
      visibleLocations(ctx).filter((l) => l.latitude !== null).length,
    );
    expect(JSON.stringify(data)).not.toContain('AIza');
  });

  it('a store page focuses (and selects) its store', () => {
    const data = mapData(context('lins'), { kind: 'embedded', focus: '0021' });
    expect(data).toMatchObject({ kind: 'svg', focus: '0021', selected: '0021' });
  });

  it('with the key the tenant names set: Google’s map with the brand’s styles and markers', () => {
    vi.stubEnv(KEY_ENV, 'AIza-test-key');
    const ctx = context('lins', { keyEnv: KEY_ENV });
    const locator = mapData(ctx, { kind: 'locator' });
    expect(locator.kind).toBe('google');
    if (locator.kind !== 'google') return;
    expect(locator.apiKey).toBe('AIza-test-key');
    expect(locator.zoom).toBe(8);
    expect(locator.styles).toEqual(content.mapStyles('lins'));
    const first = visibleLocations(ctx)[0];
    expect(locator.markers[0]).toEqual({
      storeNumber: first.storeNumber,
      slug: first.slug,
      title: first.name,
      lat: first.latitude,
      lng: first.longitude,
    });
    expect(mapData(ctx, { kind: 'embedded' })).toMatchObject({ kind: 'google', zoom: 10 });
    expect(mapData(ctx, { kind: 'embedded', focus: first.storeNumber })).toMatchObject({
      kind: 'google',
      zoom: 15,
      selected: first.storeNumber,
      // If Google's map cannot load, the page shows the brand's own map, on the same store.
      fallback: { focus: first.storeNumber, view: { markers: expect.any(Array) } },
    });
  });

  it('a named key that is unset: the SVG map, and the configuration error logged', () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const data = mapData(context('lins', { keyEnv: KEY_ENV }), { kind: 'locator' });
    expect(data.kind).toBe('svg');
    expect(warn).toHaveBeenCalledWith(expect.anything(), 'Google Maps key not configured.');
  });

  it('with a key but no store on a map: the embedded place frame, 500x500, with a title', () => {
    vi.stubEnv(KEY_ENV, 'AIza-test-key');
    const located = content.retailerInfo('lins').locations[0];
    const noCoordinates = {
      ...content,
      retailerInfo: () => ({
        adviewerPage: null,
        locations: [{ ...located, latitude: null, longitude: null }],
        aceLocations: [],
      }),
    } as typeof content;
    const ctx = context('lins', { keyEnv: KEY_ENV, dir: noCoordinates });
    const brand = mapData(ctx, { kind: 'locator' });
    expect(brand).toMatchObject({ kind: 'frame', width: 500, height: 500 });
    if (brand.kind !== 'frame') return;
    const url = new URL(brand.src);
    expect(url.href.startsWith('https://www.google.com/maps/embed/v1/place?')).toBe(true);
    expect(url.searchParams.get('key')).toBe('AIza-test-key');
    expect(url.searchParams.get('q')).toBe(ctx.tenant.retailerName);
    expect(brand.title).toBe(`Map of ${ctx.tenant.retailerName}`);

    const page = mapData(ctx, { kind: 'embedded', focus: located.storeNumber });
    if (page.kind !== 'frame') throw new Error('expected the frame');
    expect(new URL(page.src).searchParams.get('q')).toBe(
      `${located.address}, ${located.city}, ${located.state} ${located.zip}`,
    );
    expect(page.title).toBe(`Map of ${located.name}`);
  });
});
