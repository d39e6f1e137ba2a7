/**
 * Does a path of the site resolve to a page on a brand? Used by `npm run tenants:check` for the
 * redirect table (app/lib/redirects.ts) so that no redirect lands on a 404. A path resolves when an
 * app route without parameters serves it, or when the brand's content has the post, category or
 * page the content routes would show (posts.$category.$slug, posts.$category._index, $).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { ContentService } from '../app/content/source/content.server';

/** The fixed paths of the app's route modules (Remix flat routes; parameters left out). */
export function staticRoutePaths(routesDir: string): Set<string> {
  const paths = new Set<string>();
  for (const file of fs.readdirSync(routesDir)) {
    if (!/\.tsx?$/.test(file) || /\.test\./.test(file)) continue;
    const segments = file
      .replace(/\.tsx?$/, '')
      .split('.')
      .filter((s) => s !== '_index' && !(s.startsWith('_') && s.length > 1))
      .map((s) => s.replace(/_$/, ''));
    if (segments.some((s) => s.startsWith('$'))) continue;
    paths.add(`/${segments.join('/')}`);
  }
  return paths;
}

export function resolvesOnSite(
  content: Pick<ContentService, 'home' | 'post' | 'categories'>,
  site: string,
  target: string,
  staticPaths: ReadonlySet<string>,
): boolean {
  const pathname = target.split(/[?#]/)[0].replace(/\/+$/, '') || '/';
  if (pathname === '/') return Boolean(content.home(site));
  const segments = pathname.split('/').filter(Boolean);
  if (segments[0] === 'posts' && segments.length > 1) {
    if (segments.length === 2) return content.categories(site).includes(segments[1]);
    return segments.length === 3 && Boolean(content.post(site, segments[1], segments[2]));
  }
  if (staticPaths.has(pathname)) return true;
  return segments.length === 1 && Boolean(content.post(site, null, segments[0]));
}

export const ROUTES_DIR = path.resolve('app/routes');
