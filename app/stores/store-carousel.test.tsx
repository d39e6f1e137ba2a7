/** The static store carousel: six captioned slides on the brand with the flag, all in the HTML. */
import fs from 'node:fs';
import path from 'node:path';
import type { AppLoadContext } from '@remix-run/node';
import { afterAll, describe, expect, it } from 'vitest';
import { renderServer, textOf } from '@test/render';
import { homeContent } from '~/content/home.server';
import { createContentService } from '~/content/source/content.server';
import { parseTenantFile } from '~/lib/tenant/registry.server';
import type { Tenant } from '~/lib/tenant/schema';
import { StoreCarousel } from './store-carousel';

const content = createContentService({ dir: path.resolve('content') });
afterAll(() => content.close());

function tenants(): Tenant[] {
  return fs
    .readdirSync('tenants')
    .filter((f) => f.endsWith('.json') && f !== 'schema.json')
    .map((f) => {
      const file = path.resolve('tenants', f);
      const parsed = parseTenantFile(file, fs.readFileSync(file, 'utf8'), 80);
      if (!('tenant' in parsed)) throw new Error(parsed.problem.message);
      return parsed.tenant;
    });
}

const SLIDES = [1, 2, 3].map((n) => ({
  src: `/images/stores/${n}.svg`,
  alt: `Photo ${n}`,
  caption: `Caption ${n} & more`,
  store: null,
}));

describe('StoreCarousel (server render, as without JavaScript)', () => {
  it('puts every slide, image and caption in a keyboard-scrollable scroll-snap strip', async () => {
    const html = await renderServer(<StoreCarousel slides={SLIDES} />);
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html).toMatch(/<h2 id="[^"]+-heading"[^>]*>Visit our stores<\/h2>/);
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(3);
    expect(html).toContain('aria-label="3 of 3"');
    for (const s of SLIDES) {
      expect(html).toContain(`src="${s.src}"`);
      expect(html).toContain(`alt="${s.alt}"`);
    }
    expect(html.match(/<figcaption[^>]*>([^<]*)<\/figcaption>/g)?.map(textOf)).toEqual([
      'Caption 1 & more',
      'Caption 2 & more',
      'Caption 3 & more',
    ]);
    expect(html).toMatch(/role="region" [^>]*tabindex="0"|tabindex="0"[^>]*role="region"/i);
    expect(html).toContain('data-current=""');
  });

  it('has no controls before JavaScript runs (they would do nothing)', async () => {
    const html = await renderServer(<StoreCarousel slides={SLIDES} />);
    expect(html).not.toContain('aria-pressed');
    expect(html).not.toContain('Next store photo');
  });

  it('renders nothing without slides', async () => {
    expect(await renderServer(<StoreCarousel slides={[]} />)).not.toContain('carousel');
  });
});

describe('store carousel content', () => {
  it('the brand with the flag on has six captioned slides whose images exist', () => {
    const withFlag = tenants().filter((t) => t.features.storeCarousel);
    expect(withFlag.map((t) => t.sitePath)).toEqual(['fresh-market']);
    for (const t of withFlag) {
      const slides = content.storeCarousel(t.sitePath);
      expect(slides).toHaveLength(6);
      for (const s of slides) {
        expect(s.caption.length).toBeGreaterThan(20);
        expect(s.alt.length).toBeGreaterThan(20);
        expect(content.imageFile(t.sitePath, s.src), s.src).not.toBeNull();
      }
      expect(content.problems(t.sitePath).filter((p) => p.file.includes('store-carousel'))).toEqual(
        [],
      );
    }
  });

  it('reaches the home page only on a brand whose flag is on', () => {
    for (const t of tenants()) {
      const home = homeContent({ tenant: t, services: { content } } as unknown as AppLoadContext);
      if (t.features.storeCarousel) {
        expect(home.storeSlides, t.sitePath).toEqual(content.storeCarousel(t.sitePath));
      } else {
        expect(home.storeSlides, t.sitePath).toEqual([]);
      }
    }
    const fresh = tenants().find((t) => t.sitePath === 'fresh-market')!;
    const off = { ...fresh, features: { ...fresh.features, storeCarousel: false } };
    expect(
      homeContent({ tenant: off, services: { content } } as unknown as AppLoadContext).storeSlides,
    ).toEqual([]);
  });
});
