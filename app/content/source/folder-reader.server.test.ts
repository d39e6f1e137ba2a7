/** Reading a folder: Markdown parsed, validated and rendered; a bad file is skipped and listed. */
import { describe, expect, it } from 'vitest';
import { SITE, useContentFixture } from '@test/content-fixture';

const fx = useContentFixture();
const { service } = fx;

describe('posts', () => {
  it('renders the body and its text, and normalises dates to ISO', () => {
    const pie = service().post(SITE, 'recipes', 'pie')!;
    expect(pie.html).toBe('<p>Bake the pie.</p>');
    expect(pie.text).toBe('Bake the pie.');
    expect(pie.date).toBe('2026-01-01T07:00:00.000Z');
    expect(pie.searchable).toBe(true);
    expect(pie.card).toBe(false);
  });
});

describe('problems', () => {
  it('lists every bad file, and queries skip them', () => {
    const s = service();
    const problems = s.problems(SITE);
    const byFile = (file: string) => problems.filter((p) => p.file === file).map((p) => p.message);

    expect(byFile('alpha/posts/bad-yaml.md')[0]).toMatch(/^front matter:/);
    expect(byFile('alpha/posts/no-title.md')[0]).toMatch(/title: is required/);
    expect(byFile('alpha/posts/bad-date.md')[0]).toMatch(/date: must be a date/);
    expect(byFile('alpha/posts/recipes/bad-image.md')[0]).toMatch(
      /coverImage: must start with '\/'/,
    );
    expect(byFile('alpha/posts/missing-image.md')[0]).toMatch(/\/images\/none\.svg does not exist/);
    expect(byFile('alpha/menus/broken.json')[0]).toMatch(/not valid JSON/);
    const menu = byFile('alpha/menus/main.json');
    expect(menu.some((m) => m.includes('/posts/recipes/nope'))).toBe(true);
    expect(menu.some((m) => m.startsWith('menu[4]: label'))).toBe(true);
    expect(menu.some((m) => m.startsWith('menu[5]: to'))).toBe(true);
    expect(menu.some((m) => m.startsWith('menu[9].children[1]'))).toBe(true);
    expect(menu.some((m) => m.includes('/posts/recipes/soup'))).toBe(false);
    expect(byFile('alpha/retailer-info.json')).toHaveLength(2);
    // Valid files produce nothing.
    expect(byFile('alpha/posts/recipes/soup.md')).toEqual([]);
    expect(byFile('shared/posts/news/hello.md')).toEqual([]);

    const slugs = s.posts(SITE, { includeHidden: true }).map((p) => p.slug);
    expect(slugs).not.toContain('bad-yaml');
    expect(slugs).not.toContain('no-title');
    expect(slugs).not.toContain('bad-date');
    expect(slugs).not.toContain('bad-image');
    // A missing image file is reported but the page still shows.
    expect(slugs).toContain('missing-image');
  });

  it('reports only shared problems for a clean site', () => {
    expect(service().problems('beta')).toEqual([]);
  });
});
