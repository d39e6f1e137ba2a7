/** GET /locations/map.svg: the outline image of the key-less map. */
import fs from 'node:fs';
import path from 'node:path';
import type { AppLoadContext } from '@remix-run/node';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createContentService } from '~/content/source/content.server';
import { parseTenantFile } from '~/lib/tenant/registry.server';
import type { Tenant } from '~/lib/tenant/schema';
import { loader } from '~/routes/locations.map[.]svg';
import { clearStoreMaps, STALE_OUTLINE_MAX_AGE } from './store-map.server';
import { storeMapView } from './map-data.server';

const content = createContentService({ dir: path.resolve('content') });
afterAll(() => content.close());
afterEach(() => clearStoreMaps());

function tenant(site: string, change: (t: Tenant) => Tenant = (t) => t): Tenant {
  const file = path.resolve('tenants', `${site}.json`);
  const parsed = parseTenantFile(file, fs.readFileSync(file, 'utf8'), 80);
  if (!('tenant' in parsed)) throw new Error(parsed.problem.message);
  return change(parsed.tenant);
}

function context(t: Tenant, dir = content): AppLoadContext {
  return { tenant: t, services: { content: dir } } as unknown as AppLoadContext;
}

async function get(ctx: AppLoadContext, query: string) {
  const response = (await loader({
    request: new Request(`http://lins.localhost/locations/map.svg${query}`),
    context: ctx,
    params: {},
  })) as Response;
  return { response, body: await response.text() };
}

describe('GET /locations/map.svg', () => {
  it('answers the brand’s outline as SVG, immutable for a year under its current version', async () => {
    const ctx = context(tenant('lins'));
    const view = storeMapView(ctx);
    const { response, body } = await get(ctx, new URL(view.outlineHref, 'http://x').search);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(body).toContain(`viewBox="${view.viewBox}"`);
  });

  it('answers an unknown or missing version with today’s file and a short lifetime', async () => {
    const ctx = context(tenant('lins'));
    const current = await get(ctx, new URL(storeMapView(ctx).outlineHref, 'http://x').search);
    for (const query of ['?v=0123456789abcdef', '', '?v=']) {
      const { response, body } = await get(ctx, query);
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe(
        `public, max-age=${STALE_OUTLINE_MAX_AGE}`,
      );
      expect(body).toBe(current.body);
    }
  });

  it('is each brand’s own map', async () => {
    const lins = await get(context(tenant('lins')), '');
    const corner = await get(context(tenant('corner')), '');
    expect(lins.body).not.toBe(corner.body);
  });

  it('answers 404 when no store of the brand has coordinates', async () => {
    const empty = {
      ...content,
      version: () => 1,
      retailerInfo: () => ({ adviewerPage: null, locations: [], aceLocations: [] }),
    } as typeof content;
    const { response } = await get(context(tenant('lins'), empty), '');
    expect(response.status).toBe(404);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });
});
