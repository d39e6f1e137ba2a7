/**
 * File-based content service (spec site-shell §3, §7; format in docs/content.md).
 *
 * Every query looks in content/<site>/ and content/shared/ and merges the two, the site's
 * item winning on the same key. A folder is read once, on first use, and kept in memory;
 * with `watch: true` a change on disk drops the affected site so the next query re-reads it.
 * Queries are synchronous and never throw: a bad file is skipped and listed by `problems()`,
 * an unexpected failure gives the empty result (spec §8 "Content query fails: empty list").
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isLocalPath, parseMarkdown, renderMarkdown } from './markdown.server';
import { createSearchIndex, type SearchIndex } from './search.server';
import type {
  Banner,
  EmailTemplate,
  LayoutPost,
  Location,
  Menu,
  MenuItem,
  PagePromo,
  Popup,
  Post,
  PostQuery,
  RetailerInfo,
  SearchResult,
} from './types';

export interface ContentProblem {
  /** Path relative to the content folder, e.g. 'shared/posts/recipes/pie.md'. */
  file: string;
  message: string;
}

export interface ContentServiceOptions {
  /** The content folder (holds shared/ and one folder per site path). */
  dir: string;
  /** Clock for visibility; injectable for tests. */
  now?: () => Date;
  /** Re-read a site when its files change. */
  watch?: boolean;
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
   * accept-new-terms, spec accounts-loyalty §2 "Terms popup"); dates still apply.
   */
  popupBySlug(site: string, slug: string): Popup | null;
  layout(site: string, slug: string): LayoutPost | null;
  retailerInfo(site: string): RetailerInfo;
  mapStyles(site: string): unknown[];
  pagePromos(site: string, page: string): PagePromo[];
  emailTemplate(site: string, slug: string): EmailTemplate | null;
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

export const SHARED = 'shared';
const WATCH_DEBOUNCE_MS = 100;
const DEFAULT_POPUP_FREQUENCY_DAYS = 30;
/** Folder and file names that may become part of a URL. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

// ---------------------------------------------------------------------------------------------
// Validation schemas (front matter and JSON files)

/** Text that YAML may have read as a number (e.g. `title: 2026`). */
const requiredText = z
  .union([z.string(), z.number()], { required_error: 'is required' })
  .transform((v) => String(v).trim())
  .refine((v) => v.length > 0, 'is required');
const optionalText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v).trim() || null));
const flag = (fallback: boolean) =>
  z
    .boolean()
    .nullish()
    .transform((v) => v ?? fallback);

/** YAML dates arrive as Date objects, quoted ones as strings: both become ISO strings. */
const isoDate = z
  .union([z.date(), z.string()], { invalid_type_error: 'must be a date like 2026-11-01' })
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || v === '') return null;
    const ok = v instanceof Date || /^\d{4}-\d{2}-\d{2}/.test(v.trim());
    const date = v instanceof Date ? v : new Date(v.trim());
    if (!ok || Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'must be a date like 2026-11-01' });
      return z.NEVER;
    }
    return date.toISOString();
  });

const imageRef = z
  .string()
  .transform((v) => v.trim())
  .refine(isLocalPath, "must start with '/' (an image under /images/)")
  .nullish()
  .transform((v) => v ?? null);

/** A link target: a site path ('/x', not '//x') or an http(s) address. */
export function isSafeHref(value: string): boolean {
  return isLocalPath(value) || /^https?:\/\/[^/\s]/i.test(value.trim());
}
const href = z
  .string()
  .transform((v) => v.trim())
  .refine(isSafeHref, "must start with '/' or 'https://'");

const postLink = z.object({ label: requiredText, to: href });

const postSchema = z
  .object({
    title: requiredText,
    description: optionalText,
    date: isoDate,
    endDate: isoDate,
    searchable: flag(true),
    coverImage: imageRef,
    altText: optionalText,
    link: postLink.nullish().transform((v) => v ?? null),
    card: flag(false),
    displayFrequency: z
      .number()
      .positive()
      .nullish()
      .transform((v) => v ?? null),
    hideOverlay: flag(false),
    order: z
      .number()
      .finite()
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine(checkDateOrder);

const bannerSchema = z
  .object({
    class: z
      .enum(['info', 'promo', 'alert'])
      .nullish()
      .transform((v) => v ?? 'info'),
    date: isoDate,
    endDate: isoDate.refine((v) => v !== null, 'is required'),
    desktopImage: imageRef,
    mobileImage: imageRef,
    link: href.nullish().transform((v) => v ?? null),
    altText: optionalText,
  })
  .superRefine(checkDateOrder);

const popupSchema = z
  .object({
    title: optionalText,
    app: flag(false),
    date: isoDate,
    endDate: isoDate,
    displayFrequency: z
      .number()
      .positive()
      .nullish()
      .transform((v) => v ?? DEFAULT_POPUP_FREQUENCY_DAYS),
  })
  .superRefine(checkDateOrder);

const layoutSchema = z.object({ title: optionalText });
const emailSchema = z.object({ subject: requiredText });

function checkDateOrder(v: { date: string | null; endDate: string | null }, ctx: z.RefinementCtx) {
  if (v.date && v.endDate && v.endDate <= v.date) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['endDate'], message: 'must be after date' });
  }
}

const menuItemSchema = z.object({
  label: requiredText,
  to: href.nullish().transform((v) => v ?? null),
  drawerOnly: flag(false),
  barOnly: flag(false),
  post: optionalText,
  children: z.array(z.unknown()).nullish(),
});

const numberish = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\s*-?\d+(\.\d+)?\s*$/, 'must be a number')
      .transform(Number),
  ])
  .nullish()
  .transform((v) => (v === null || v === undefined || !Number.isFinite(v) ? null : v));
const code = z.union([z.string(), z.number()]).transform((v) => String(v).trim());

const locationSchema = z
  .object({
    name: requiredText,
    storeNumber: code.refine((v) => v.length > 0, 'is required'),
    address: requiredText,
    addressLine2: optionalText,
    city: requiredText,
    state: requiredText,
    zip: code.nullish(),
    zipCode: code.nullish(),
    latitude: numberish,
    longitude: numberish,
    phone: optionalText,
    adviewerPage: optionalText,
    hidden: flag(false),
    hiddenInHomeSelector: flag(false),
    hiddenInStoreSelector: flag(false),
    hours: z
      .array(z.object({ day: requiredText, hours: requiredText }))
      .nullish()
      .transform((v) => v ?? []),
  })
  .superRefine((v, ctx) => {
    if (!v.zip && !v.zipCode) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['zip'],
        message: 'zip or zipCode is required',
      });
    }
  })
  .transform(
    (v): Location => ({
      name: v.name,
      slug: locationSlug(v.name),
      storeNumber: v.storeNumber,
      address: v.address,
      addressLine2: v.addressLine2,
      city: v.city,
      state: v.state,
      zip: (v.zip || v.zipCode) as string,
      latitude: v.latitude,
      longitude: v.longitude,
      phone: v.phone,
      adviewerPage: v.adviewerPage,
      hidden: v.hidden,
      hiddenInHomeSelector: v.hiddenInHomeSelector,
      hiddenInStoreSelector: v.hiddenInStoreSelector,
      hours: v.hours,
    }),
  );

const pagePromoSchema = z.object({
  page: requiredText,
  pageLocation: optionalText.transform((v) => v ?? ''),
  title: optionalText,
  desktopImage: imageRef,
  mobileImage: imageRef,
  link: href.nullish().transform((v) => v ?? null),
  altText: optionalText,
});

/** URL slug of a store name: "Lin's Cedar City" -> "lins-cedar-city". */
export function locationSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents
    .toLowerCase()
    .replace(/['’]/g, '') // "Lin's" is one word
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'value'}: ${issue.message}`)
    .join('; ');
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0];
}

// ---------------------------------------------------------------------------------------------
// Reading one folder (content/<site> or content/shared)

/** An item with the file it came from and the images it refers to (checked per site). */
interface Entry<T> {
  item: T;
  file: string;
  images: string[];
}

interface MenuEntry {
  menu: Menu;
  file: string;
}

/** Top-level retailer-info keys present in one file. */
interface RetailerPart {
  adviewerPage?: string | null;
  locations?: Location[];
  aceLocations?: Location[];
}

interface FolderData {
  posts: Entry<Post>[];
  banners: Entry<Banner>[];
  popups: Entry<Popup>[];
  layouts: Map<string, Entry<LayoutPost>>;
  menus: Map<string, MenuEntry>;
  emailTemplates: Map<string, EmailTemplate>;
  retailer: RetailerPart;
  mapStyles: unknown[] | null;
  pagePromos: Entry<PagePromo>[];
  problems: ContentProblem[];
}

class FolderReader {
  readonly problems: ContentProblem[] = [];

  constructor(
    private readonly root: string,
    private readonly name: string,
  ) {}

  rel(...parts: string[]): string {
    return [this.name, ...parts].join('/');
  }

  problem(file: string, message: string) {
    this.problems.push({ file, message });
  }

  /** Visible entries of a sub-folder; a missing folder is simply empty. */
  list(...parts: string[]): fs.Dirent[] {
    try {
      return fs
        .readdirSync(path.join(this.root, ...parts), { withFileTypes: true })
        .filter((d) => !d.name.startsWith('.'))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') {
        this.problem(this.rel(...parts), `cannot read folder (${errorMessage(error)})`);
      }
      return [];
    }
  }

  isFile(dirent: fs.Dirent, ...parts: string[]): boolean {
    if (dirent.isFile()) return true;
    if (!dirent.isSymbolicLink()) return false;
    try {
      return fs.statSync(path.join(this.root, ...parts, dirent.name)).isFile();
    } catch {
      return false;
    }
  }

  isDir(dirent: fs.Dirent, ...parts: string[]): boolean {
    if (dirent.isDirectory()) return true;
    if (!dirent.isSymbolicLink()) return false;
    try {
      return fs.statSync(path.join(this.root, ...parts, dirent.name)).isDirectory();
    } catch {
      return false;
    }
  }

  /** File text, or null when missing (silently) or unreadable (a problem). */
  read(...parts: string[]): string | null {
    try {
      return fs.readFileSync(path.join(this.root, ...parts), 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT')
        this.problem(this.rel(...parts), `cannot read (${errorMessage(error)})`);
      return null;
    }
  }

  json(...parts: string[]): { found: false } | { found: true; value: unknown } | null {
    const text = this.read(...parts);
    if (text === null) return { found: false };
    try {
      return { found: true, value: JSON.parse(text) };
    } catch (error) {
      this.problem(this.rel(...parts), `not valid JSON (${errorMessage(error)})`);
      return null;
    }
  }

  /** Markdown files of a folder with a usable slug: [slug, file name]. */
  markdownFiles(...parts: string[]): string[] {
    const slugs: string[] = [];
    for (const d of this.list(...parts)) {
      if (!d.name.endsWith('.md') || !this.isFile(d, ...parts)) continue;
      const slug = d.name.slice(0, -3);
      if (!NAME.test(slug)) {
        this.problem(
          this.rel(...parts, d.name),
          "file name may hold only letters, digits, '-' and '_'",
        );
        continue;
      }
      slugs.push(slug);
    }
    return slugs;
  }

  /**
   * Parses a Markdown file and validates its front matter. Returns null (and records the
   * problem) for a bad file so that queries skip it.
   */
  markdown<T>(
    schema: z.ZodType<T, z.ZodTypeDef, unknown>,
    ...parts: string[]
  ): { data: T; body: string; file: string } | null {
    const file = this.rel(...parts);
    const text = this.read(...parts);
    if (text === null) return null;
    let parsed;
    try {
      parsed = parseMarkdown(text);
    } catch (error) {
      this.problem(file, `front matter: ${errorMessage(error)}`);
      return null;
    }
    const result = schema.safeParse(parsed.data);
    if (!result.success) {
      this.problem(file, describeZodError(result.error));
      return null;
    }
    return { data: result.data, body: parsed.body, file };
  }

  /** Renders a body; images removed by the sanitiser are reported but the file is kept. */
  render(file: string, body: string) {
    const rendered = renderMarkdown(body);
    for (const src of rendered.droppedImages) {
      this.problem(file, `image '${src}' removed: its address must start with '/'`);
    }
    return rendered;
  }
}

function readFolder(dir: string, name: string): FolderData {
  const r = new FolderReader(path.join(dir, name), name);
  return {
    posts: readPosts(r),
    banners: readBanners(r),
    popups: readPopups(r),
    layouts: readLayouts(r),
    menus: readMenus(r),
    emailTemplates: readEmailTemplates(r, name === SHARED),
    retailer: readRetailer(r),
    mapStyles: readMapStyles(r),
    pagePromos: readPagePromos(r),
    problems: r.problems,
  };
}

function readPosts(r: FolderReader): Entry<Post>[] {
  const entries: Entry<Post>[] = [];
  const shared = r.rel() === SHARED;
  const add = (category: string | null, slug: string) => {
    const parts = category ? ['posts', category, `${slug}.md`] : ['posts', `${slug}.md`];
    const parsed = r.markdown(postSchema, ...parts);
    if (!parsed) return;
    const { data, body, file } = parsed;
    const { html, text, images } = r.render(file, body);
    const post: Post = {
      slug,
      path: category ? `/posts/${category}/${slug}` : slug === 'home' ? '/' : `/${slug}`,
      category,
      ...data,
      shared,
      html,
      text,
    };
    entries.push({
      item: post,
      file,
      images: data.coverImage ? [data.coverImage, ...images] : images,
    });
  };
  for (const slug of r.markdownFiles('posts')) add(null, slug);
  for (const d of r.list('posts')) {
    if (!r.isDir(d, 'posts')) continue;
    if (!NAME.test(d.name)) {
      r.problem(r.rel('posts', d.name), "folder name may hold only letters, digits, '-' and '_'");
      continue;
    }
    for (const slug of r.markdownFiles('posts', d.name)) add(d.name, slug);
    for (const sub of r.list('posts', d.name)) {
      if (r.isDir(sub, 'posts', d.name)) {
        r.problem(r.rel('posts', d.name, sub.name), 'posts may be one folder deep only; ignored');
      }
    }
  }
  return entries;
}

function readBanners(r: FolderReader): Entry<Banner>[] {
  const entries: Entry<Banner>[] = [];
  for (const slug of r.markdownFiles('banners')) {
    const parsed = r.markdown(bannerSchema, 'banners', `${slug}.md`);
    if (!parsed) continue;
    const { data, body, file } = parsed;
    const { html, images } = r.render(file, body);
    const item: Banner = {
      slug,
      class: data.class,
      content: html,
      date: data.date,
      endDate: data.endDate as string,
      desktopImage: data.desktopImage,
      mobileImage: data.mobileImage,
      link: data.link,
      altText: data.altText,
    };
    const refs = [data.desktopImage, data.mobileImage].filter((v): v is string => !!v);
    entries.push({ item, file, images: [...refs, ...images] });
  }
  return entries;
}

function readPopups(r: FolderReader): Entry<Popup>[] {
  const entries: Entry<Popup>[] = [];
  for (const slug of r.markdownFiles('popups')) {
    const parsed = r.markdown(popupSchema, 'popups', `${slug}.md`);
    if (!parsed) continue;
    const { data, body, file } = parsed;
    const { html, images } = r.render(file, body);
    const item: Popup = {
      slug,
      title: data.title ?? '',
      app: data.app,
      date: data.date,
      endDate: data.endDate,
      displayFrequency: data.displayFrequency,
      html,
    };
    entries.push({ item, file, images });
  }
  return entries;
}

function readLayouts(r: FolderReader): Map<string, Entry<LayoutPost>> {
  const layouts = new Map<string, Entry<LayoutPost>>();
  for (const slug of r.markdownFiles('layout')) {
    const parsed = r.markdown(layoutSchema, 'layout', `${slug}.md`);
    if (!parsed) continue;
    const { html, text, images } = r.render(parsed.file, parsed.body);
    layouts.set(slug, {
      item: { slug, title: parsed.data.title, html, text },
      file: parsed.file,
      images,
    });
  }
  return layouts;
}

function readEmailTemplates(r: FolderReader, shared: boolean): Map<string, EmailTemplate> {
  const templates = new Map<string, EmailTemplate>();
  for (const slug of r.markdownFiles('email-templates')) {
    const parsed = r.markdown(emailSchema, 'email-templates', `${slug}.md`);
    if (!parsed) continue;
    templates.set(slug, { slug, subject: parsed.data.subject, body: parsed.body.trim(), shared });
  }
  return templates;
}

/** Keeps the valid menu items; every dropped item is reported with its position. */
function cleanMenuItems(raw: unknown[], where: string, problems: string[]): MenuItem[] {
  const items: MenuItem[] = [];
  raw.forEach((value, index) => {
    const at = `${where}[${index}]`;
    const parsed = menuItemSchema.safeParse(value);
    if (!parsed.success) {
      problems.push(`${at}: ${describeZodError(parsed.error)}`);
      return;
    }
    const item = parsed.data;
    const children = item.children ? cleanMenuItems(item.children, `${at}.children`, problems) : [];
    // A footer item may only name a page to embed; otherwise it needs a link or a group.
    if (!item.to && !children.length && !item.post) {
      problems.push(`${at}: needs "to" or "children"`);
      return;
    }
    items.push({
      label: item.label,
      to: item.to,
      drawerOnly: item.drawerOnly,
      barOnly: item.barOnly,
      post: item.post,
      children,
    });
  });
  return items;
}

function readMenus(r: FolderReader): Map<string, MenuEntry> {
  const menus = new Map<string, MenuEntry>();
  for (const d of r.list('menus')) {
    if (!d.name.endsWith('.json') || !r.isFile(d, 'menus')) continue;
    const slug = d.name.slice(0, -5);
    const file = r.rel('menus', d.name);
    const parsed = r.json('menus', d.name);
    if (!parsed || !parsed.found) continue;
    const value = parsed.value as { menu?: unknown } | null;
    if (!value || typeof value !== 'object' || !Array.isArray(value.menu)) {
      r.problem(file, 'must be { "menu": [ ... ] }');
      continue;
    }
    const itemProblems: string[] = [];
    const menu = cleanMenuItems(value.menu, 'menu', itemProblems);
    for (const message of itemProblems) r.problem(file, `${message} (item dropped)`);
    menus.set(slug, { menu: { slug, menu }, file });
  }
  return menus;
}

function readLocations(
  r: FolderReader,
  file: string,
  key: string,
  value: unknown,
): Location[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    r.problem(file, `${key}: must be a list`);
    return [];
  }
  const locations: Location[] = [];
  const slugs = new Set<string>();
  value.forEach((raw, index) => {
    const parsed = locationSchema.safeParse(raw);
    if (!parsed.success) {
      r.problem(file, `${key}[${index}]: ${describeZodError(parsed.error)} (location dropped)`);
      return;
    }
    if (slugs.has(parsed.data.slug)) {
      r.problem(
        file,
        `${key}[${index}]: another location has the address /locations/${parsed.data.slug}`,
      );
    }
    slugs.add(parsed.data.slug);
    locations.push(parsed.data);
  });
  return locations;
}

function readRetailer(r: FolderReader): RetailerPart {
  const file = r.rel('retailer-info.json');
  const parsed = r.json('retailer-info.json');
  if (!parsed || !parsed.found) return {};
  const value = parsed.value as Record<string, unknown> | null;
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    r.problem(file, 'must be a JSON object');
    return {};
  }
  const part: RetailerPart = {};
  if ('adviewerPage' in value) {
    const page = optionalText.safeParse(value.adviewerPage);
    if (page.success) part.adviewerPage = page.data;
    else r.problem(file, 'adviewerPage: must be text');
  }
  const locations = readLocations(r, file, 'locations', value.locations);
  if (locations) part.locations = locations;
  const aceLocations = readLocations(r, file, 'aceLocations', value.aceLocations);
  if (aceLocations) part.aceLocations = aceLocations;
  return part;
}

function readMapStyles(r: FolderReader): unknown[] | null {
  const parsed = r.json('map-styles.json');
  if (!parsed || !parsed.found) return null;
  const value = parsed.value as { styles?: unknown } | unknown[] | null;
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object' && Array.isArray(value.styles)) return value.styles;
  r.problem(r.rel('map-styles.json'), 'must be { "styles": [ ... ] }');
  return null;
}

function readPagePromos(r: FolderReader): Entry<PagePromo>[] {
  const file = r.rel('page-promos.json');
  const parsed = r.json('page-promos.json');
  if (!parsed || !parsed.found) return [];
  if (!Array.isArray(parsed.value)) {
    r.problem(file, 'must be a list of promos');
    return [];
  }
  const entries: Entry<PagePromo>[] = [];
  parsed.value.forEach((raw, index) => {
    const promo = pagePromoSchema.safeParse(raw);
    if (!promo.success) {
      r.problem(file, `[${index}]: ${describeZodError(promo.error)} (promo dropped)`);
      return;
    }
    const images = [promo.data.desktopImage, promo.data.mobileImage].filter(
      (v): v is string => !!v,
    );
    entries.push({ item: promo.data, file, images });
  });
  return entries;
}

// ---------------------------------------------------------------------------------------------
// One site: its folder merged over shared/

interface SiteData {
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

function emptyRetailerInfo(): RetailerInfo {
  return { adviewerPage: null, locations: [], aceLocations: [] };
}

// ---------------------------------------------------------------------------------------------
// The service

export function createContentService(options: ContentServiceOptions): ContentService {
  const dir = path.resolve(options.dir);
  const now = options.now ?? (() => new Date());
  const folders = new Map<string, FolderData>();
  const sites = new Map<string, SiteData>();
  /** Unexpected failures per site, shown by problems() (console.error is not for content). */
  const failures = new Map<string, ContentProblem[]>();
  let loads = 0;

  const isSiteName = (site: string) => typeof site === 'string' && NAME.test(site);

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
    const data = buildSite(site, own, shared);
    sites.set(site, data);
    return data;
  }

  function buildSite(site: string, own: FolderData | null, shared: FolderData): SiteData {
    const posts = mergeBy(own?.posts ?? [], shared.posts, (p) => `${p.category ?? ''}/${p.slug}`);
    const banners = mergeBy(own?.banners ?? [], shared.banners, (b) => b.slug);
    const popups = mergeBy(own?.popups ?? [], shared.popups, (p) => p.slug);
    const layouts = mergeMaps(own?.layouts, shared.layouts);
    const menus = mergeMaps(own?.menus, shared.menus);
    // Promos: a site entry for a page and location replaces the shared ones for that spot.
    const promoKey = (p: PagePromo) => `${p.page.toLowerCase()}|${p.pageLocation.toLowerCase()}`;
    const ownPromoKeys = new Set((own?.pagePromos ?? []).map((e) => promoKey(e.item)));
    const pagePromos = [
      ...(own?.pagePromos ?? []),
      ...shared.pagePromos.filter((e) => !ownPromoKeys.has(promoKey(e.item))),
    ];
    const retailer = { ...shared.retailer, ...own?.retailer };

    const problems: ContentProblem[] = [];
    if (!isSiteName(site)) problems.push({ file: String(site), message: 'not a valid site path' });
    problems.push(...shared.problems);
    if (own) problems.push(...own.problems);

    // Cross-references are checked against what this site actually serves.
    const imageChecked = [...posts, ...banners, ...popups, ...layouts.values(), ...pagePromos];
    for (const entry of imageChecked) {
      for (const src of entry.images) {
        if (src.startsWith('/images/') && !imageFile(site, src.split(/[?#]/)[0])) {
          problems.push({ file: entry.file, message: `image ${src} does not exist under images/` });
        }
      }
    }
    const postPaths = new Set(posts.map((e) => e.item.path));
    const categories = new Set(posts.map((e) => e.item.category).filter((c): c is string => !!c));
    const pages = new Set(posts.filter((e) => e.item.category === null).map((e) => e.item.slug));
    const checkItems = (items: MenuItem[], file: string) => {
      for (const item of items) {
        const target = item.to?.split(/[?#]/)[0].replace(/\/+$/, '');
        if (target?.startsWith('/posts/')) {
          const [, , category, slug, extra] = target.split('/');
          const exists = slug ? !extra && postPaths.has(target) : categories.has(category);
          if (!exists)
            problems.push({ file, message: `menu link ${item.to} does not match a post` });
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

    return {
      version: ++loads,
      posts: posts.map((e) => e.item),
      banners: banners.map((e) => e.item),
      popups: popups.map((e) => e.item),
      layouts: new Map([...layouts].map(([slug, e]) => [slug, e.item])),
      menus: new Map([...menus].map(([slug, e]) => [slug, e.menu])),
      emailTemplates: mergeMaps(own?.emailTemplates, shared.emailTemplates),
      retailerInfo: {
        adviewerPage: retailer.adviewerPage ?? null,
        locations: retailer.locations ?? [],
        aceLocations: retailer.aceLocations ?? [],
      },
      mapStyles: own?.mapStyles ?? shared.mapStyles ?? [],
      pagePromos: pagePromos.map((e) => e.item),
      problems,
      searchIndex: null,
      postsByPath: null,
    };
  }

  /** Runs a query; an unexpected error is recorded and gives the empty result. */
  function guard<T>(site: string, fallback: () => T, query: (data: SiteData) => T): T {
    try {
      return query(siteData(site));
    } catch (error) {
      const list = failures.get(site) ?? [];
      if (list.length < 20)
        list.push({ file: String(site), message: `query failed: ${errorMessage(error)}` });
      failures.set(site, list);
      return fallback();
    }
  }

  // Callers get copies so nothing they do can change the cache.
  const copyPost = (p: Post): Post => ({ ...p, link: p.link ? { ...p.link } : null });

  function imageFile(site: string, urlPath: string): string | null {
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

  // File watching: collect the changed top-level folders, then drop them after a short quiet spell.
  let watcher: fs.FSWatcher | null = null;
  let watchProblem: ContentProblem | null = null;
  let timer: NodeJS.Timeout | null = null;
  const pending = new Set<string | null>();
  const flush = () => {
    timer = null;
    const changed = [...pending];
    pending.clear();
    if (changed.includes(null)) invalidate();
    else for (const name of changed) invalidate(name as string);
  };
  if (options.watch) {
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
      watchProblem = {
        file: '.',
        message: `cannot watch ${dir} for changes (${errorMessage(error)})`,
      };
    }
  }

  function visiblePosts(data: SiteData): Post[] {
    const at = now().getTime();
    return data.posts.filter((p) => isVisible(p, at));
  }

  function findPost(site: string, category: string | null, slug: string): Post | null {
    return guard(
      site,
      () => null,
      (data) => {
        const at = now().getTime();
        const found = data.posts.find(
          (p) => p.category === (category ?? null) && p.slug === slug && isVisible(p, at),
        );
        return found ? copyPost(found) : null;
      },
    );
  }

  return {
    posts(site, query = {}) {
      return guard(
        site,
        () => [],
        (data) => {
          let list = query.includeHidden ? data.posts : visiblePosts(data);
          if (query.category !== undefined)
            list = list.filter((p) => p.category === query.category);
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
            return Object.fromEntries(
              Object.entries(copy).filter(([k]) => keep.has(k)),
            ) as unknown as Post;
          });
        },
      );
    },

    post: findPost,

    home(site) {
      return findPost(site, null, 'home');
    },

    categories(site) {
      return guard(
        site,
        () => [],
        (data) => {
          const names = new Set<string>();
          for (const p of visiblePosts(data)) if (p.category) names.add(p.category);
          return [...names].sort();
        },
      );
    },

    menu(site, slug) {
      return guard(
        site,
        () => null,
        (data) => {
          const menu = data.menus.get(slug);
          return menu ? (structuredClone(menu) as Menu) : null;
        },
      );
    },

    banner(site) {
      return guard(
        site,
        () => null,
        (data) => {
          const at = now().getTime();
          const live = data.banners.filter((b) => isVisible(b, at));
          live.sort(
            (a, b) =>
              (a.date === null ? 1 : 0) - (b.date === null ? 1 : 0) ||
              (b.date ?? '').localeCompare(a.date ?? '') ||
              a.slug.localeCompare(b.slug),
          );
          return live[0] ? { ...live[0] } : null;
        },
      );
    },

    popup(site) {
      return guard(
        site,
        () => null,
        (data) => {
          const at = now().getTime();
          const live = data.popups.filter((p) => p.app && isVisible(p, at));
          live.sort(
            (a, b) =>
              (a.date === null ? 1 : 0) - (b.date === null ? 1 : 0) ||
              (b.date ?? '').localeCompare(a.date ?? '') ||
              a.slug.localeCompare(b.slug),
          );
          return live[0] ? { ...live[0] } : null;
        },
      );
    },

    popupBySlug(site, slug) {
      return guard(
        site,
        () => null,
        (data) => {
          const popup = data.popups.find((p) => p.slug === slug);
          return popup && isVisible(popup, now().getTime()) ? { ...popup } : null;
        },
      );
    },

    layout(site, slug) {
      return guard(
        site,
        () => null,
        (data) => {
          const layout = data.layouts.get(slug);
          return layout ? { ...layout } : null;
        },
      );
    },

    retailerInfo(site) {
      return guard(
        site,
        emptyRetailerInfo,
        (data) => structuredClone(data.retailerInfo) as RetailerInfo,
      );
    },

    mapStyles(site) {
      return guard(
        site,
        () => [],
        (data) => structuredClone(data.mapStyles) as unknown[],
      );
    },

    pagePromos(site, page) {
      return guard(
        site,
        () => [],
        (data) => {
          const wanted = String(page ?? '').toLowerCase();
          return data.pagePromos
            .filter((p) => p.page.toLowerCase() === wanted)
            .map((p) => ({ ...p }));
        },
      );
    },

    emailTemplate(site, slug) {
      return guard(
        site,
        () => null,
        (data) => {
          const template = data.emailTemplates.get(slug);
          return template ? { ...template } : null;
        },
      );
    },

    imageFile,

    search(site, text, searchOptions = {}) {
      return guard(
        site,
        () => [],
        (data) => {
          data.searchIndex ??= createSearchIndex(data.posts);
          data.postsByPath ??= new Map(data.posts.map((p) => [p.path, p]));
          const byPath = data.postsByPath;
          const at = now().getTime();
          return data.searchIndex.search(text, {
            ...searchOptions,
            accept: (postPath) => {
              const post = byPath.get(postPath);
              return !!post && isVisible(post, at);
            },
          });
        },
      );
    },

    problems(site) {
      const own = guard(
        site,
        () => [],
        (data) => data.problems,
      );
      const extra = [...(watchProblem ? [watchProblem] : []), ...(failures.get(site) ?? [])];
      return [...own, ...extra].map((p) => ({ ...p }));
    },

    version(site) {
      return guard(
        site,
        () => 0,
        (data) => data.version,
      );
    },

    invalidate,

    close() {
      if (timer) clearTimeout(timer);
      timer = null;
      pending.clear();
      watcher?.close();
      watcher = null;
    },
  };
}
