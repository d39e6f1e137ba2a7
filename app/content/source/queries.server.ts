/**
 * Queries over one merged site: visibility by date, post filtering and sorting, the live
 * banner and popup, menus, layout posts, promos, retailer info, e-mail templates, search, and
 * the file behind an /images/ address. Nothing a caller does can change the cache: a result is
 * a copy, or (menus, retailer info, map styles: read on every page, several times) the cache's
 * own object frozen all the way down, shared instead of copied per call. `now` is the service's
 * clock, read only where a date is compared.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isSiteName, SHARED } from './folder-reader.server';
import { createSearchIndex } from './search.server';
import { slideCaption } from './store-slides';
import type { SiteData } from './site-cache.server';
import type {
  Banner,
  EmailTemplate,
  LayoutPost,
  Menu,
  PagePromo,
  Popup,
  Post,
  PostQuery,
  RetailerInfo,
  SearchResult,
  StoreSlide,
} from './types';
import type { ContentForm } from '~/forms/types';

type Clock = () => Date;

const frozen = new WeakSet<object>();

function deepFreeze(value: unknown): void {
  if (!value || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}

/**
 * The cache's own object, frozen all the way down on first use: a structuredClone per call is
 * work for every page, for data no caller changes
 * (docs/decisions/0025-measured-costs-behind-small-choices.md). A caller that tried would get a
 * TypeError, never a changed cache.
 */
export function sharedFrozen<T>(value: T): T {
  if (value && typeof value === 'object' && !frozen.has(value)) {
    deepFreeze(value);
    frozen.add(value);
  }
  return value;
}

/** Shown from its date on, hidden from its end date on (both ISO instants from the schemas). */
function isVisible(item: { date: string | null; endDate: string | null }, now: number): boolean {
  return (
    (!item.date || Date.parse(item.date) <= now) &&
    (!item.endDate || Date.parse(item.endDate) > now)
  );
}

type SortValue = string | number | boolean | null | undefined;

/** Sorts by one field; empty values go last whatever the direction; ties by path. */
function comparePosts(field: keyof Post, descending: boolean) {
  return (a: Post, b: Post): number => {
    const av = a[field] as SortValue;
    const bv = b[field] as SortValue;
    const aEmpty = av === null || av === undefined;
    const bEmpty = bv === null || bv === undefined;
    let result: number;
    if (aEmpty || bEmpty) {
      if (aEmpty && bEmpty) result = 0;
      else return aEmpty ? 1 : -1;
    } else if (typeof av === 'number' && typeof bv === 'number') {
      result = av - bv;
    } else if (typeof av === 'boolean' && typeof bv === 'boolean') {
      result = Number(av) - Number(bv);
    } else if (field === 'date' || field === 'endDate' || field === 'path' || field === 'slug') {
      // ISO dates and paths: plain character order.
      result = String(av) < String(bv) ? -1 : String(av) > String(bv) ? 1 : 0;
    } else {
      result = String(av).localeCompare(String(bv), 'en', { numeric: true, sensitivity: 'base' });
    }
    if (result !== 0) return descending ? -result : result;
    return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
  };
}

const POST_FIELDS: ReadonlySet<string> = new Set<keyof Post>([
  'slug',
  'path',
  'category',
  'title',
  'description',
  'date',
  'endDate',
  'searchable',
  'coverImage',
  'altText',
  'link',
  'card',
  'displayFrequency',
  'hideOverlay',
  'order',
  'shared',
  'html',
  'text',
]);

function parseSort(sort: string | undefined): { field: keyof Post; descending: boolean } {
  const [field, direction] = (sort ?? '').split(':').map((s) => s.trim());
  if (!field || !POST_FIELDS.has(field)) return { field: 'date', descending: true };
  return { field: field as keyof Post, descending: direction?.toLowerCase() === 'desc' };
}

function nonNegativeInt(value: number | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? Math.floor(value)
    : undefined;
}

export function emptyRetailerInfo(): RetailerInfo {
  return { adviewerPage: null, locations: [], aceLocations: [] };
}

const copyPost = (p: Post): Post => ({ ...p, link: p.link ? { ...p.link } : null });

function visiblePosts(data: SiteData, now: Clock): Post[] {
  const at = now().getTime();
  return data.posts.filter((p) => isVisible(p, at));
}

export function queryPosts(data: SiteData, query: PostQuery, now: Clock): Post[] {
  let list = query.includeHidden ? data.posts : visiblePosts(data, now);
  if (query.category !== undefined) list = list.filter((p) => p.category === query.category);
  for (const [key, value] of Object.entries(query.where ?? {})) {
    list = list.filter((p) => (p as unknown as Record<string, unknown>)[key] === value);
  }
  const { field, descending } = parseSort(query.sort);
  list = [...list].sort(comparePosts(field, descending));
  const skip = nonNegativeInt(query.skip) ?? 0;
  const limit = nonNegativeInt(query.limit);
  list = list.slice(skip, limit === undefined ? undefined : skip + limit);
  if (!query.only?.length) return list.map(copyPost);
  const keep = new Set<string>(['slug', 'path', ...query.only]);
  // Only the requested fields: the result is a partial Post (slug and path always there).
  return list.map((p) => {
    const copy = copyPost(p) as unknown as Record<string, unknown>;
    return Object.fromEntries(Object.entries(copy).filter(([k]) => keep.has(k))) as unknown as Post;
  });
}

export function findPost(
  data: SiteData,
  category: string | null,
  slug: string,
  now: Clock,
): Post | null {
  const at = now().getTime();
  const found = data.posts.find(
    (p) => p.category === (category ?? null) && p.slug === slug && isVisible(p, at),
  );
  return found ? copyPost(found) : null;
}

/** Categories that have a visible post, sorted. */
export function categoryNames(data: SiteData, now: Clock): string[] {
  const names = new Set<string>();
  for (const p of visiblePosts(data, now)) if (p.category) names.add(p.category);
  return [...names].sort();
}

/** The newest live item: dated ones first (newest date first), then by slug. */
function newest<T extends { slug: string; date: string | null }>(live: T[]): T | null {
  live.sort(
    (a, b) =>
      (a.date === null ? 1 : 0) - (b.date === null ? 1 : 0) ||
      (b.date ?? '').localeCompare(a.date ?? '') ||
      a.slug.localeCompare(b.slug),
  );
  return live[0] ? { ...live[0] } : null;
}

export function liveBanner(data: SiteData, now: Clock): Banner | null {
  const at = now().getTime();
  return newest(data.banners.filter((b) => isVisible(b, at)));
}

/** The site popup: the newest live popup marked `app`. */
export function appPopup(data: SiteData, now: Clock): Popup | null {
  const at = now().getTime();
  return newest(data.popups.filter((p) => p.app && isVisible(p, at)));
}

export function popupBySlug(data: SiteData, slug: string, now: Clock): Popup | null {
  const popup = data.popups.find((p) => p.slug === slug);
  return popup && isVisible(popup, now().getTime()) ? { ...popup } : null;
}

export function menuBySlug(data: SiteData, slug: string): Menu | null {
  const menu = data.menus.get(slug);
  return menu ? sharedFrozen(menu) : null;
}

export function layoutBySlug(data: SiteData, slug: string): LayoutPost | null {
  const layout = data.layouts.get(slug);
  return layout ? { ...layout } : null;
}

export function retailerInfo(data: SiteData): RetailerInfo {
  return sharedFrozen(data.retailerInfo);
}

export function mapStyles(data: SiteData): unknown[] {
  return sharedFrozen(data.mapStyles);
}

/** The slides of the store carousel, in file order, `{hours}` worded from the store's hours. */
export function storeCarousel(data: SiteData): StoreSlide[] {
  const locations = data.retailerInfo.locations;
  return data.storeCarousel.map((s) => ({ ...s, caption: slideCaption(s, locations) }));
}

/** Promos of a page, the page name matched case-insensitively. */
export function pagePromos(data: SiteData, page: string): PagePromo[] {
  const wanted = String(page ?? '').toLowerCase();
  return data.pagePromos.filter((p) => p.page.toLowerCase() === wanted).map((p) => ({ ...p }));
}

export function emailTemplate(data: SiteData, slug: string): EmailTemplate | null {
  const template = data.emailTemplates.get(slug);
  return template ? { ...template } : null;
}

/** A content form by slug (a deep copy: a caller may not change the cache). */
export function contentForm(data: SiteData, slug: string): ContentForm | null {
  const form = data.forms.get(slug);
  return form ? structuredClone(form) : null;
}

/** Searches the visible posts; the index is built on the first search of a site version. */
export function searchPosts(
  data: SiteData,
  text: string,
  options: { category?: string; limit?: number },
  now: Clock,
): SearchResult[] {
  data.searchIndex ??= createSearchIndex(data.posts);
  data.postsByPath ??= new Map(data.posts.map((p) => [p.path, p]));
  const byPath = data.postsByPath;
  const at = now().getTime();
  return data.searchIndex.search(text, {
    ...options,
    accept: (postPath) => {
      const post = byPath.get(postPath);
      return !!post && isVisible(post, at);
    },
  });
}

/**
 * The file behind an /images/ address: the site's images/ folder, then shared/'s. Null for
 * anything that could leave those folders (traversal, NUL, hidden files, outward links).
 */
export function findImageFile(dir: string, site: string, urlPath: string): string | null {
  try {
    if (typeof urlPath !== 'string' || urlPath.includes('\0')) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (decoded.includes('\0') || decoded.includes('\\') || !decoded.startsWith('/images/'))
      return null;
    const segments = decoded.slice('/images/'.length).split('/');
    // No '..', no '.', no empty segment ('//'), no hidden files.
    if (segments.some((s) => s === '' || s.startsWith('.'))) return null;
    const candidates = isSiteName(site) && site !== SHARED ? [site, SHARED] : [SHARED];
    for (const name of candidates) {
      const base = path.join(dir, name, 'images');
      const file = path.resolve(base, ...segments);
      if (!file.startsWith(base + path.sep)) continue;
      let real: string;
      let realBase: string;
      try {
        real = fs.realpathSync(file);
        realBase = fs.realpathSync(base);
      } catch {
        continue; // not there
      }
      // A symbolic link must not lead out of the images folder.
      if (!real.startsWith(realBase + path.sep)) continue;
      if (fs.statSync(real).isFile()) return real;
    }
    return null;
  } catch {
    return null;
  }
}
