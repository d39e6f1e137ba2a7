import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolvesOnSite, staticRoutePaths } from './site-paths';

describe('site paths', () => {
  it('reads the fixed paths of flat route files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'routes-'));
    for (const f of [
      '_index.tsx',
      'login.tsx',
      'account.tsx',
      'account._index.tsx',
      'account_.terms.tsx',
      'posts.$category.$slug.tsx',
      '$.tsx',
      'digital-coupons.print.tsx',
      'digital-coupons.print.test.ts',
    ]) {
      fs.writeFileSync(path.join(dir, f), '');
    }
    expect([...staticRoutePaths(dir)].sort()).toEqual([
      '/',
      '/account',
      '/account/terms',
      '/digital-coupons/print',
      '/login',
    ]);
  });

  it('resolves routes, posts, categories and pages, and nothing else', () => {
    const content = {
      home: (site: string) => (site === 'a' ? ({} as never) : null),
      categories: () => ['recipes'],
      post: (_site: string, category: string | null, slug: string) =>
        (category === 'recipes' && slug === 'pie') || (category === null && slug === 'jobs')
          ? ({} as never)
          : null,
    };
    const routes = new Set(['/login', '/digital-coupons']);
    const ok = (p: string) => resolvesOnSite(content, 'a', p, routes);
    expect(ok('/')).toBe(true);
    expect(ok('/login')).toBe(true);
    expect(ok('/digital-coupons?tab=clipped')).toBe(true);
    expect(ok('/posts/recipes')).toBe(true);
    expect(ok('/posts/recipes/pie')).toBe(true);
    expect(ok('/jobs/')).toBe(true);
    expect(ok('/posts/recipes/cake')).toBe(false);
    expect(ok('/posts/news')).toBe(false);
    expect(ok('/careers')).toBe(false);
    expect(ok('/a/b')).toBe(false);
    expect(resolvesOnSite(content, 'b', '/', routes)).toBe(false);
  });
});
