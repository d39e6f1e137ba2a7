/**
 * The per-process cache of merged sites: a site's folder read over shared/ (the site's item
 * winning on the same key), its cross-references checked, and a version counter that grows
 * each time a site is re-read. With `watch`, a change on disk drops the affected site (every
 * site when shared/ changes) so the next query re-reads it.
 */
import fs from 'node:fs';
import {
  errorMessage,
  isSiteName,
  readFolder,
  SHARED,
  type ContentProblem,
  type Entry,
  type FolderData,
} from './folder-reader.server';
import { findImageFile } from './queries.server';
import { slideProblems } from './store-slides';
import type { SearchIndex } from './search.server';
import type {
  Banner,
  EmailTemplate,
  LayoutPost,
  Menu,
  MenuItem,
  PagePromo,
  Popup,
  Post,
  RetailerInfo,
  StoreSlide,
} from './types';
import type { ContentForm } from '~/forms/types';

const WATCH_DEBOUNCE_MS = 100;

export interface SiteData {
  version: number;
  /** All posts, visible or not; site posts replace shared ones with the same category+slug. */
  posts: Post[];
  banners: Banner[];
  popups: Popup[];
  layouts: Map<string, LayoutPost>;
  menus: Map<string, Menu>;
  emailTemplates: Map<string, EmailTemplate>;
  retailerInfo: RetailerInfo;
  mapStyles: unknown[];
  pagePromos: PagePromo[];
  /** The site's store-carousel.json, else shared/'s, else none. */
  storeCarousel: StoreSlide[];
  /** Content forms by slug; the site's replaces shared/'s of the same slug. */
  forms: Map<string, ContentForm>;
  problems: ContentProblem[];
  /** Built on the first search of this version. */
  searchIndex: SearchIndex | null;
  postsByPath: Map<string, Post> | null;
}

/** Merges entries by key; the first list wins. Keeps first-list order, then the rest. */
function mergeBy<T>(own: Entry<T>[], shared: Entry<T>[], key: (item: T) => string): Entry<T>[] {
  const taken = new Set(own.map((e) => key(e.item)));
  return [...own, ...shared.filter((e) => !taken.has(key(e.item)))];
}

function mergeMaps<K, V>(own: Map<K, V> | undefined, shared: Map<K, V>): Map<K, V> {
  return new Map([...shared, ...(own ?? [])]);
}

export interface SiteCache {
  /** The merged content of a site, read on its first use. */
  site(site: string): SiteData;
  /** Records an unexpected query failure; problems() lists it until the site is re-read. */
  recordFailure(site: string, error: unknown): void;
  /** Problems that belong to no file: the watcher's, then the site's query failures. */
  runtimeProblems(site: string): ContentProblem[];
  /** Drops the cache of one site ('shared' drops all), or of everything. */
  invalidate(site?: string): void;
  close(): void;
}

export function createSiteCache(options: { dir: string; watch?: boolean }): SiteCache {
  const { dir } = options;
  const folders = new Map<string, FolderData>();
  const sites = new Map<string, SiteData>();
  /** Unexpected failures per site, shown by problems() (console.error is not for content). */
  const failures = new Map<string, ContentProblem[]>();
  let loads = 0;

  function folder(name: string): FolderData {
    let data = folders.get(name);
    if (!data) {
      data = readFolder(dir, name);
      folders.set(name, data);
    }
    return data;
  }

  function siteData(site: string): SiteData {
    const cached = sites.get(site);
    if (cached) return cached;
    const own = isSiteName(site) && site !== SHARED ? folder(site) : null;
    const shared = folder(SHARED);
    // The version counts completed builds: a build that throws takes no number.
    const data: SiteData = { ...buildSite(dir, site, own, shared), version: ++loads };
    sites.set(site, data);
    return data;
  }

  function invalidate(site?: string) {
    if (site === undefined || site === SHARED) {
      // Every site includes shared/.
      if (site === undefined) folders.clear();
      else folders.delete(SHARED);
      sites.clear();
      failures.clear();
      return;
    }
    folders.delete(site);
    sites.delete(site);
    failures.delete(site);
  }

  const watcher = options.watch ? watchFolders(dir, invalidate) : null;

  return {
    site: siteData,

    recordFailure(site, error) {
      const list = failures.get(site) ?? [];
      if (list.length < 20)
        list.push({ file: String(site), message: `query failed: ${errorMessage(error)}` });
      failures.set(site, list);
    },

    runtimeProblems(site) {
      const watchProblem = watcher?.problem;
      return [...(watchProblem ? [watchProblem] : []), ...(failures.get(site) ?? [])];
    },

    invalidate,

    close() {
      watcher?.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Building a site: merge its folder over shared/, check the cross-references, unwrap the entries

/** A site's entries, its own over shared/'s, each still naming the file it came from. */
interface MergedSite {
  posts: Entry<Post>[];
  banners: Entry<Banner>[];
  popups: Entry<Popup>[];
  layouts: FolderData['layouts'];
  menus: FolderData['menus'];
  pagePromos: Entry<PagePromo>[];
  retailer: FolderData['retailer'];
  storeCarousel: Entry<StoreSlide>[];
  mapStyles: unknown[];
  forms: FolderData['forms'];
  emailTemplates: Map<string, EmailTemplate>;
}

function buildSite(
  dir: string,
  site: string,
  own: FolderData | null,
  shared: FolderData,
): Omit<SiteData, 'version'> {
  const merged = mergeSite(own, shared);
  const problems: ContentProblem[] = [];
  if (!isSiteName(site)) problems.push({ file: String(site), message: 'not a valid site path' });
  problems.push(...shared.problems);
  if (own) problems.push(...own.problems);
  // Cross-references are checked against what this site actually serves.
  problems.push(
    ...missingImages(dir, site, merged),
    ...brokenMenuLinks(merged),
    ...missingForms(merged),
    ...storeSlideProblems(merged),
  );
  return {
    posts: merged.posts.map((e) => e.item),
    banners: merged.banners.map((e) => e.item),
    popups: merged.popups.map((e) => e.item),
    layouts: new Map([...merged.layouts].map(([slug, e]) => [slug, e.item])),
    menus: new Map([...merged.menus].map(([slug, e]) => [slug, e.menu])),
    emailTemplates: merged.emailTemplates,
    retailerInfo: {
      adviewerPage: merged.retailer.adviewerPage ?? null,
      locations: merged.retailer.locations ?? [],
      aceLocations: merged.retailer.aceLocations ?? [],
    },
    mapStyles: merged.mapStyles,
    pagePromos: merged.pagePromos.map((e) => e.item),
    storeCarousel: merged.storeCarousel.map((e) => e.item),
    forms: new Map([...merged.forms].map(([slug, e]) => [slug, e.form])),
    problems,
    searchIndex: null,
    postsByPath: null,
  };
}

function mergeSite(own: FolderData | null, shared: FolderData): MergedSite {
  // Promos: a site entry for a page and location replaces the shared ones for that spot.
  const promoKey = (p: PagePromo) => `${p.page.toLowerCase()}|${p.pageLocation.toLowerCase()}`;
  const ownPromoKeys = new Set((own?.pagePromos ?? []).map((e) => promoKey(e.item)));
  return {
    posts: mergeBy(own?.posts ?? [], shared.posts, (p) => `${p.category ?? ''}/${p.slug}`),
    banners: mergeBy(own?.banners ?? [], shared.banners, (b) => b.slug),
    popups: mergeBy(own?.popups ?? [], shared.popups, (p) => p.slug),
    layouts: mergeMaps(own?.layouts, shared.layouts),
    menus: mergeMaps(own?.menus, shared.menus),
    pagePromos: [
      ...(own?.pagePromos ?? []),
      ...shared.pagePromos.filter((e) => !ownPromoKeys.has(promoKey(e.item))),
    ],
    retailer: { ...shared.retailer, ...own?.retailer },
    storeCarousel: own?.storeCarousel ?? shared.storeCarousel ?? [],
    mapStyles: own?.mapStyles ?? shared.mapStyles ?? [],
    forms: mergeMaps(own?.forms, shared.forms),
    emailTemplates: mergeMaps(own?.emailTemplates, shared.emailTemplates),
  };
}

/** Site images (`/images/...`) that no images/ folder of the site or shared/ holds. */
function missingImages(dir: string, site: string, merged: MergedSite): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const imageChecked = [
    ...merged.posts,
    ...merged.banners,
    ...merged.popups,
    ...merged.layouts.values(),
    ...merged.pagePromos,
    ...merged.storeCarousel,
  ];
  for (const entry of imageChecked) {
    for (const src of entry.images) {
      if (src.startsWith('/images/') && !findImageFile(dir, site, src.split(/[?#]/)[0])) {
        problems.push({ file: entry.file, message: `image ${src} does not exist under images/` });
      }
    }
  }
  return problems;
}

/** Menu items that link to a post or category, or embed a page, the site does not have. */
function brokenMenuLinks({ posts, menus }: MergedSite): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const postPaths = new Set(posts.map((e) => e.item.path));
  const categories = new Set(posts.map((e) => e.item.category).filter((c): c is string => !!c));
  const pages = new Set(posts.filter((e) => e.item.category === null).map((e) => e.item.slug));
  const checkItems = (items: MenuItem[], file: string) => {
    for (const item of items) {
      const target = item.to?.split(/[?#]/)[0].replace(/\/+$/, '');
      if (target?.startsWith('/posts/')) {
        const [, , category, slug, extra] = target.split('/');
        const exists = slug ? !extra && postPaths.has(target) : categories.has(category);
        if (!exists) problems.push({ file, message: `menu link ${item.to} does not match a post` });
      }
      if (item.post && !pages.has(item.post)) {
        problems.push({
          file,
          message: `menu item "${item.label}" embeds page '${item.post}', which does not exist`,
        });
      }
      checkItems(item.children, file);
    }
  };
  for (const entry of menus.values()) checkItems(entry.menu.menu, entry.file);
  return problems;
}

/** Store carousel slides against the store list (the store named, captions telling hours). */
function storeSlideProblems({ storeCarousel, retailer }: MergedSite): ContentProblem[] {
  const locations = retailer.locations ?? [];
  return storeCarousel.flatMap((entry) =>
    slideProblems(entry.item, locations).map((message) => ({
      file: entry.file,
      message: `slide '${entry.item.alt.slice(0, 40)}': ${message}`,
    })),
  );
}

/** Forms: the e-mail template each names, and the forms that pages and menus name. */
function missingForms({ forms, emailTemplates, posts, menus }: MergedSite): ContentProblem[] {
  const problems: ContentProblem[] = [];
  for (const { form, file } of forms.values()) {
    const template = form.action.template;
    if (template && !emailTemplates.has(template)) {
      problems.push({
        file,
        message: `action.template '${template}' is no e-mail template (email-templates/${template}.md)`,
      });
    }
  }
  for (const entry of posts) {
    const form = entry.item.form;
    if (form && !forms.has(form)) {
      problems.push({
        file: entry.file,
        message: `form '${form}' does not exist (forms/${form}.json)`,
      });
    }
  }
  const checkFormItems = (items: MenuItem[], file: string) => {
    for (const item of items) {
      if (item.form && !forms.has(item.form)) {
        problems.push({
          file,
          message: `menu item "${item.label}" opens form '${item.form}', which does not exist`,
        });
      }
      checkFormItems(item.children, file);
    }
  };
  for (const entry of menus.values()) checkFormItems(entry.menu.menu, entry.file);
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Watching

/**
 * Watches `dir`: collects the changed top-level folders, then drops them after a short quiet
 * spell (`invalidate()` with no name when a change names no file). A folder that cannot be
 * watched is a problem to show, not an error: the cache still serves, just without refreshing.
 */
function watchFolders(
  dir: string,
  invalidate: (site?: string) => void,
): { problem: ContentProblem | null; close(): void } {
  let watcher: fs.FSWatcher | null = null;
  let problem: ContentProblem | null = null;
  let timer: NodeJS.Timeout | null = null;
  const pending = new Set<string | null>();
  const flush = () => {
    timer = null;
    const changed = [...pending];
    pending.clear();
    if (changed.includes(null)) invalidate();
    else for (const name of changed) invalidate(name as string);
  };
  try {
    watcher = fs.watch(dir, { recursive: true }, (_event, filename) => {
      const top = filename ? String(filename).split(/[\\/]/)[0] : null;
      pending.add(top || null);
      if (timer) clearTimeout(timer);
      timer = setTimeout(flush, WATCH_DEBOUNCE_MS);
      timer.unref();
    });
    // The folder may vanish (e.g. during a deploy); keep serving what is cached.
    watcher.on('error', () => undefined);
    watcher.unref();
  } catch (error) {
    problem = {
      file: '.',
      message: `cannot watch ${dir} for changes (${errorMessage(error)})`,
    };
  }
  return {
    problem,
    close() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending.clear();
      watcher?.close();
      watcher = null;
    },
  };
}
