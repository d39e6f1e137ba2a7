/** Queries over a merged site: visibility, post filters and order, banners, popups, layout, promos, images, search. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE, useContentFixture } from '@test/content-fixture';

const fx = useContentFixture();
const { service } = fx;

describe('posts', () => {
  it('hides posts before their date and from their end date on', () => {
    const s = service();
    const slugs = s.posts(SITE, { category: 'recipes' }).map((p) => p.slug);
    expect(slugs).not.toContain('future');
    expect(slugs).not.toContain('expired');
    const all = s.posts(SITE, { category: 'recipes', includeHidden: true }).map((p) => p.slug);
    expect(all).toEqual(expect.arrayContaining(['future', 'expired']));

    const later = service({ now: new Date('2027-02-01T00:00:00Z') });
    expect(later.posts(SITE, { category: 'recipes' }).map((p) => p.slug)).toContain('future');
    const earlier = service({ now: new Date('2026-05-01T00:00:00Z') });
    expect(earlier.posts(SITE, { category: 'recipes' }).map((p) => p.slug)).toContain('expired');
    expect(earlier.post(SITE, 'recipes', 'expired')?.title).toBe('Expired');
  });

  it('treats the end date as exclusive (from the start of that day in Denver)', () => {
    const s = service({ now: new Date('2026-06-01T06:00:00Z') });
    expect(s.post(SITE, 'recipes', 'expired')).toBeNull();
    const before = service({ now: new Date('2026-06-01T05:59:59Z') });
    expect(before.post(SITE, 'recipes', 'expired')).not.toBeNull();
  });

  it('sorts by date descending by default, nulls last', () => {
    const slugs = service()
      .posts(SITE)
      .map((p) => p.slug);
    expect(slugs.slice(0, 5)).toEqual(['soup', 'cake', 'hello', 'secret', 'pie']);
    // Pages without a date come last.
    expect(slugs.slice(5)).toEqual(expect.arrayContaining(['home', 'about']));
  });

  it('sorts ascending and descending by any field', () => {
    const s = service();
    expect(s.posts(SITE, { category: 'recipes', sort: 'date:asc' }).map((p) => p.slug)).toEqual([
      'pie',
      'secret',
      'cake',
      'soup',
    ]);
    expect(s.posts(SITE, { category: 'recipes', sort: 'title:desc' }).map((p) => p.title)).toEqual([
      'Soup',
      'Secret Stew',
      'Apple Pie',
      'Alpha Cake',
    ]);
    // order: 1, 2, then the posts without one.
    expect(
      s
        .posts(SITE, { category: 'recipes', sort: 'order:asc' })
        .map((p) => p.slug)
        .slice(0, 2),
    ).toEqual(['cake', 'pie']);
    // An unknown field falls back to the default.
    expect(s.posts(SITE, { category: 'recipes', sort: 'nope:asc' })[0].slug).toBe('soup');
  });

  it('filters with where, pages with skip and limit', () => {
    const s = service();
    expect(s.posts(SITE, { where: { card: true } }).map((p) => p.slug)).toEqual(['soup', 'hello']);
    expect(
      s.posts(SITE, { where: { shared: false, category: 'recipes' } }).map((p) => p.slug),
    ).toEqual(['soup', 'cake']);
    expect(s.posts(SITE, { category: 'recipes', limit: 2 }).map((p) => p.slug)).toEqual([
      'soup',
      'cake',
    ]);
    expect(s.posts(SITE, { category: 'recipes', skip: 1, limit: 2 }).map((p) => p.slug)).toEqual([
      'cake',
      'secret',
    ]);
    expect(s.posts(SITE, { category: 'recipes', skip: 10 })).toEqual([]);
  });

  it('returns only the requested fields, always with slug and path', () => {
    const [first] = service().posts(SITE, { category: 'recipes', only: ['title'], limit: 1 });
    expect(first).toEqual({ slug: 'soup', path: '/posts/recipes/soup', title: 'Soup' });
  });

  it('selects pages with category null and one folder with a name', () => {
    const s = service();
    const pages = s.posts(SITE, { category: null });
    expect(pages.every((p) => p.category === null)).toBe(true);
    expect(pages.map((p) => p.path)).toEqual(
      expect.arrayContaining(['/', '/about', '/missing-image']),
    );
    expect(s.posts(SITE, { category: 'news' }).map((p) => p.path)).toEqual(['/posts/news/hello']);
    expect(s.post(SITE, null, 'about')?.description).toBe('Who we are');
    expect(s.post(SITE, 'recipes', 'about')).toBeNull();
    expect(s.home(SITE)?.title).toBe('Alpha home');
  });

  it('lists categories that have a visible post', () => {
    expect(service().categories(SITE)).toEqual(['news', 'recipes']);
    const s = service({ now: new Date('2025-01-01T00:00:00Z') });
    expect(s.categories(SITE)).toEqual([]);
  });

  it('returns copies, so callers cannot change the cache', () => {
    const s = service();
    s.post(SITE, 'recipes', 'pie')!.title = 'Changed';
    expect(s.post(SITE, 'recipes', 'pie')!.title).toBe('Apple Pie');
  });
});

describe('banners, popups, layout', () => {
  it('shows the newest live banner; expired and future ones are left out', () => {
    const banner = service().banner(SITE)!;
    expect(banner.slug).toBe('b');
    expect(banner.class).toBe('info');
    expect(banner.content).toBe('<p>Banner <strong>B</strong></p>');
    expect(banner.endDate).toBe('2026-12-31T07:00:00.000Z');
    expect(service({ now: new Date('2026-07-02T00:00:00Z') }).banner(SITE)?.slug).toBe('c');
    expect(service({ now: new Date('2027-01-01T00:00:00Z') }).banner(SITE)).toBeNull();
    // shared/ only has an expired banner.
    expect(service().banner('beta')).toBeNull();
  });

  it('shows the newest app popup only', () => {
    const popup = service().popup(SITE)!;
    expect(popup.slug).toBe('app');
    expect(popup.displayFrequency).toBe(30);
    expect(service().popup('beta')?.slug).toBe('shared-popup');
  });

  it('finds a popup by slug whether or not it is an app popup, within its dates', () => {
    expect(service().popupBySlug(SITE, 'web')?.title).toBe('Web popup');
    expect(service().popupBySlug('beta', 'shared-popup')?.slug).toBe('shared-popup');
    expect(service().popupBySlug(SITE, 'nope')).toBeNull();
    expect(service({ now: new Date('2026-05-15T00:00:00Z') }).popupBySlug(SITE, 'web')).toBeNull();
  });

  it('finds layout posts in the site, then shared', () => {
    const layout = service().layout(SITE, 'login-message')!;
    expect(layout.html).toBe('<p>Please <strong>log in</strong>.</p>');
    expect(layout.text).toBe('Please log in.');
    expect(service().layout(SITE, 'nope')).toBeNull();
  });
});

describe('page promos', () => {
  it('matches page promos case-insensitively, the site replacing the same spot', () => {
    const promos = service().pagePromos(SITE, 'DIGITAL-coupons');
    expect(promos.map((p) => p.title).sort()).toEqual(['Alpha top', 'Shared bottom']);
    expect(
      service()
        .pagePromos('beta', 'digital-coupons')
        .map((p) => p.title),
    ).toEqual(['Shared top', 'Shared bottom']);
    expect(service().pagePromos(SITE, 'nope')).toEqual([]);
  });
});

describe('imageFile', () => {
  it('maps /images/ paths to files in the site folder, then shared', () => {
    const s = service();
    expect(s.imageFile(SITE, '/images/hero.svg')).toBe(
      fs.realpathSync(path.join(fx.root, 'alpha/images/hero.svg')),
    );
    expect(s.imageFile(SITE, '/images/nested/deep.svg')).toBe(
      fs.realpathSync(path.join(fx.root, 'alpha/images/nested/deep.svg')),
    );
    expect(s.imageFile(SITE, '/images/logo.svg')).toBe(
      fs.realpathSync(path.join(fx.root, 'shared/images/logo.svg')),
    );
    expect(s.imageFile('beta', '/images/hero.svg')).toBeNull();
    expect(s.imageFile(SITE, '/images/none.svg')).toBeNull();
    expect(s.imageFile(SITE, '/images/nested')).toBeNull();
  });

  it('refuses traversal, absolute paths, NUL and odd names', () => {
    const s = service();
    for (const bad of [
      '/images/../../secret.txt',
      '/images/%2e%2e/%2e%2e/secret.txt',
      '/images/nested/../../../secret.txt',
      '/images/..%2f..%2fsecret.txt',
      '/images/..\\..\\secret.txt',
      path.join(fx.root, 'secret.txt'),
      '/etc/passwd',
      '/images//etc/passwd',
      '/images/hero.svg\0.png',
      '/images/hero.svg%00',
      '/images/.hidden',
      '/images/%E0%A4%A',
      'images/hero.svg',
    ]) {
      expect(s.imageFile(SITE, bad), bad).toBeNull();
    }
    expect(s.imageFile('../alpha', '/images/hero.svg')).toBeNull();
  });

  it('refuses a symbolic link that leads out of the images folder', () => {
    const link = path.join(fx.root, 'alpha/images/escape.txt');
    fs.symlinkSync(path.join(fx.root, 'secret.txt'), link);
    try {
      expect(service().imageFile(SITE, '/images/escape.txt')).toBeNull();
    } finally {
      fs.unlinkSync(link);
    }
  });
});

describe('search', () => {
  it('searches visible, searchable posts of the site and shared', () => {
    const s = service();
    const cake = s.search(SITE, 'cake');
    expect(cake[0]).toMatchObject({ path: '/posts/recipes/cake', title: 'Alpha Cake' });
    // The site's cake replaces the shared one; 'Bake' in the pie matches fuzzily.
    expect(cake.map((r) => r.title)).not.toContain('Shared Cake');
    expect(s.search(SITE, 'soup').map((r) => r.path)).toEqual(['/posts/recipes/soup']);
    expect(s.search(SITE, 'stew')).toEqual([]); // searchable: false
    expect(s.search(SITE, 'future')).toEqual([]); // not visible yet
    expect(s.search(SITE, 'pie')[0].content).toBe('Bake the <mark>pie</mark>.');
    expect(s.search(SITE, 'soup', { category: 'news' })).toEqual([]);
    expect(service({ now: new Date('2027-02-01T00:00:00Z') }).search(SITE, 'future')).toHaveLength(
      1,
    );
  });
});
