/**
 * File-based content service (what the site does with it: docs/reference/content.md; the format:
 * docs/content.md).
 *
 * Every query looks in content/<site>/ and content/shared/ and merges the two, the site's item
 * winning on the same key. A folder is read once, on first use, and kept in memory; with
 * `watch: true` a change on disk drops the affected site so the next query re-reads it. Queries are
 * synchronous and never throw: a bad file is skipped and listed by `problems()`, an unexpected
 * failure gives the empty result (a failed query is an empty list, never an error).
 *
 * This module is the service; the work is done by schemas.server.ts (what a file must hold),
 * folder-reader.server.ts and json-files.server.ts (one folder read into memory),
 * site-cache.server.ts (a site merged over shared/, cached, re-read on change) and
 * queries.server.ts (what each query returns).
 */
import path from 'node:path';
import type { ContentProblem } from './folder-reader.server';
import {
  appPopup,
  categoryNames,
  contentForm,
  emailTemplate,
  emptyRetailerInfo,
  findImageFile,
  findPost,
  layoutBySlug,
  liveBanner,
  mapStyles,
  menuBySlug,
  pagePromos,
  popupBySlug,
  queryPosts,
  retailerInfo,
  searchPosts,
  storeCarousel,
} from './queries.server';
import { createSiteCache, type SiteData } from './site-cache.server';
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

// The modules behind the service; their public names stay importable from here.
export { SHARED, type ContentProblem } from './folder-reader.server';
export { isSafeHref, locationSlug } from './schemas.server';

export interface ContentServiceOptions {
  /** The content folder (holds shared/ and one folder per site path). */
  dir: string;
  /** Clock for visibility; injectable for tests. */
  now?: () => Date;
  /** Re-read a site when its files change. */
  watch?: boolean;
}

declare module '~/lib/context.server' {
  interface AppServices {
    /** The brand's content (pages, posts, menus, stores, forms), read from files, cached. */
    content: ContentService;
  }
}

export interface ContentService {
  posts(site: string, query?: PostQuery): Post[];
  post(site: string, category: string | null, slug: string): Post | null;
  home(site: string): Post | null;
  categories(site: string): string[];
  menu(site: string, slug: string): Menu | null;
  banner(site: string): Banner | null;
  popup(site: string): Popup | null;
  /**
   * A popup by slug, shown by a rule of its own rather than as the site popup (e.g.
   * accept-new-terms, docs/reference/shell.md "Popups"); dates still apply.
   */
  popupBySlug(site: string, slug: string): Popup | null;
  layout(site: string, slug: string): LayoutPost | null;
  retailerInfo(site: string): RetailerInfo;
  mapStyles(site: string): unknown[];
  /** Slides of the static store carousel (store-carousel.json), empty when there is none. */
  storeCarousel(site: string): StoreSlide[];
  pagePromos(site: string, page: string): PagePromo[];
  /** The ids of every page promo of the site (what may be reported to the ad studio). */
  pagePromoIds(site: string): string[];
  emailTemplate(site: string, slug: string): EmailTemplate | null;
  /** A content form (forms/<slug>.json, the site's else shared/'s), null when there is none. */
  form(site: string, slug: string): ContentForm | null;
  imageFile(site: string, urlPath: string): string | null;
  search(
    site: string,
    text: string,
    options?: { category?: string; limit?: number },
  ): SearchResult[];
  problems(site: string): ContentProblem[];
  /** Increments whenever the site's content is re-read; use it to key derived caches. */
  version(site: string): number;
  /** Drops the cache of one site ('shared' drops all), or of everything. */
  invalidate(site?: string): void;
  close(): void;
}

export function createContentService(options: ContentServiceOptions): ContentService {
  const dir = path.resolve(options.dir);
  const now = options.now ?? (() => new Date());
  const cache = createSiteCache({ dir, watch: options.watch });

  /** Runs a query; an unexpected error is recorded and gives the empty result. */
  const guard: Guard = (site, fallback, query) => {
    try {
      return query(cache.site(site));
    } catch (error) {
      cache.recordFailure(site, error);
      return fallback();
    }
  };

  return {
    ...postQueries(guard, now),
    ...layoutQueries(guard, now),
    ...storeQueries(guard),
    ...formQueries(guard),

    imageFile(site, urlPath) {
      return findImageFile(dir, site, urlPath);
    },

    problems(site) {
      const own = guard(
        site,
        () => [],
        (data) => data.problems,
      );
      return [...own, ...cache.runtimeProblems(site)].map((p) => ({ ...p }));
    },

    version(site) {
      return guard(
        site,
        () => 0,
        (data) => data.version,
      );
    },

    invalidate: cache.invalidate,

    close: cache.close,
  };
}

type Guard = <T>(site: string, fallback: () => T, query: (data: SiteData) => T) => T;

/** Posts and pages: lists, one by path, the home page, categories, search. */
function postQueries(
  guard: Guard,
  now: () => Date,
): Pick<ContentService, 'posts' | 'post' | 'home' | 'categories' | 'search'> {
  function findSitePost(site: string, category: string | null, slug: string): Post | null {
    return guard(
      site,
      () => null,
      (data) => findPost(data, category, slug, now),
    );
  }

  return {
    posts(site, query = {}) {
      return guard(
        site,
        () => [],
        (data) => queryPosts(data, query, now),
      );
    },

    post: findSitePost,

    home(site) {
      return findSitePost(site, null, 'home');
    },

    categories(site) {
      return guard(
        site,
        () => [],
        (data) => categoryNames(data, now),
      );
    },

    search(site, text, searchOptions = {}) {
      return guard(
        site,
        () => [],
        (data) => searchPosts(data, text, searchOptions, now),
      );
    },
  };
}

/** What the page layout shows around a page: menus, banner, popups, layout posts, promos. */
function layoutQueries(
  guard: Guard,
  now: () => Date,
): Pick<
  ContentService,
  'menu' | 'banner' | 'popup' | 'popupBySlug' | 'layout' | 'pagePromos' | 'pagePromoIds'
> {
  return {
    menu(site, slug) {
      return guard(
        site,
        () => null,
        (data) => menuBySlug(data, slug),
      );
    },

    banner(site) {
      return guard(
        site,
        () => null,
        (data) => liveBanner(data, now),
      );
    },

    popup(site) {
      return guard(
        site,
        () => null,
        (data) => appPopup(data, now),
      );
    },

    popupBySlug(site, slug) {
      return guard(
        site,
        () => null,
        (data) => popupBySlug(data, slug, now),
      );
    },

    layout(site, slug) {
      return guard(
        site,
        () => null,
        (data) => layoutBySlug(data, slug),
      );
    },

    pagePromos(site, page) {
      return guard(
        site,
        () => [],
        (data) => pagePromos(data, page),
      );
    },

    pagePromoIds(site) {
      return guard(
        site,
        () => [],
        (data) => data.pagePromos.map((p) => p.id),
      );
    },
  };
}

/** The retailer's stores: locations, the map's styles, the store carousel. */
function storeQueries(
  guard: Guard,
): Pick<ContentService, 'retailerInfo' | 'mapStyles' | 'storeCarousel'> {
  return {
    retailerInfo(site) {
      return guard(site, emptyRetailerInfo, retailerInfo);
    },

    mapStyles(site) {
      return guard(site, () => [], mapStyles);
    },

    storeCarousel(site) {
      return guard(site, () => [], storeCarousel);
    },
  };
}

/** Content forms and the e-mail templates they send. */
function formQueries(guard: Guard): Pick<ContentService, 'emailTemplate' | 'form'> {
  return {
    emailTemplate(site, slug) {
      return guard(
        site,
        () => null,
        (data) => emailTemplate(data, slug),
      );
    },

    form(site, slug) {
      return guard(
        site,
        () => null,
        (data) => contentForm(data, slug),
      );
    },
  };
}
