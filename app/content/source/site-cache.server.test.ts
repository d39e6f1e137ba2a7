/** A site merged over shared/, cached per process, re-read on invalidate or on a change on disk. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md, SITE, useContentFixture, write } from '@test/content-fixture';

const fx = useContentFixture();
const { service } = fx;

describe('merging a site over shared', () => {
  it('merges site and shared; the site wins on the same category and slug', () => {
    const posts = service().posts(SITE, { category: 'recipes' });
    const cake = posts.find((p) => p.slug === 'cake')!;
    expect(cake.title).toBe('Alpha Cake');
    expect(cake.shared).toBe(false);
    const pie = posts.find((p) => p.slug === 'pie')!;
    expect(pie.shared).toBe(true);
    expect(pie.path).toBe('/posts/recipes/pie');
    expect(posts.filter((p) => p.slug === 'cake')).toHaveLength(1);
  });

  it('a site without a folder gets the shared content', () => {
    const home = service().home('beta');
    expect(home?.title).toBe('Shared home');
    expect(home?.shared).toBe(true);
    expect(home?.path).toBe('/');
  });

  it('falls back to shared, and returns null for a missing or broken menu', () => {
    const s = service();
    expect(s.menu(SITE, 'footer')?.menu[0]).toMatchObject({
      label: 'About',
      post: 'about',
      to: null,
    });
    expect(s.menu(SITE, 'broken')).toBeNull();
    expect(s.menu(SITE, 'nope')).toBeNull();
  });

  it('uses the shared retailer info for a site without one, and defaults when none exists', () => {
    expect(
      service()
        .retailerInfo('beta')
        .locations.map((l) => l.name),
    ).toEqual(['Shared Store']);
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'content-empty-'));
    try {
      expect(service({ dir: empty }).retailerInfo('x')).toEqual({
        adviewerPage: null,
        locations: [],
        aceLocations: [],
      });
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it('finds e-mail templates in the site, falling back to shared', () => {
    const s = service();
    expect(s.emailTemplate(SITE, 'welcome')).toEqual({
      slug: 'welcome',
      subject: 'Alpha welcome',
      body: 'Hi {{name}}',
      shared: false,
    });
    expect(s.emailTemplate(SITE, 'password-reset')).toMatchObject({
      subject: 'Reset',
      shared: true,
    });
    expect(s.emailTemplate(SITE, 'nope')).toBeNull();
  });
});

describe('versions', () => {
  it('sees new content after invalidate, with a new version', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-search-'));
    try {
      write(dir, 'shared/posts/one.md', md({ title: 'One' }, 'Carrots.'));
      const s = service({ dir });
      expect(s.search('x', 'parsnip')).toEqual([]);
      const before = s.version('x');
      expect(s.version('x')).toBe(before);
      write(dir, 'x/posts/two.md', md({ title: 'Two' }, 'Parsnips.'));
      s.invalidate('x');
      expect(s.version('x')).toBeGreaterThan(before);
      expect(s.search('x', 'parsnip').map((r) => r.path)).toEqual(['/two']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('caching and watching', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-watch-'));
    write(dir, 'shared/posts/a.md', md({ title: 'A' }));
    write(dir, 'site1/posts/b.md', md({ title: 'B' }));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 60 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
    return check();
  };

  it('reads files once until invalidated', () => {
    const s = service({ dir });
    expect(
      s
        .posts('site1')
        .map((p) => p.slug)
        .sort(),
    ).toEqual(['a', 'b']);
    write(dir, 'site1/posts/c.md', md({ title: 'C' }));
    expect(s.posts('site1')).toHaveLength(2);
    s.invalidate('site1');
    expect(s.posts('site1')).toHaveLength(3);
    fs.unlinkSync(path.join(dir, 'site1/posts/c.md'));
    s.invalidate();
    expect(s.posts('site1')).toHaveLength(2);
  });

  it('re-reads a site when its files change', async () => {
    const s = service({ dir, watch: true });
    const v1 = s.version('site1');
    expect(s.post('site1', null, 'new')).toBeNull();
    write(dir, 'site1/posts/new.md', md({ title: 'New' }));
    expect(await waitFor(() => s.post('site1', null, 'new') !== null)).toBe(true);
    expect(s.version('site1')).toBeGreaterThan(v1);
  });

  it('re-reads every site when shared/ changes', async () => {
    const s = service({ dir, watch: true });
    expect(s.post('site1', null, 'fresh')).toBeNull();
    expect(s.post('site2', null, 'fresh')).toBeNull();
    write(dir, 'shared/posts/fresh.md', md({ title: 'Fresh' }));
    expect(await waitFor(() => s.post('site1', null, 'fresh') !== null)).toBe(true);
    expect(s.post('site2', null, 'fresh')?.shared).toBe(true);
  });
});
