/**
 * The JSON files of a content folder: menus/<slug>.json, retailer-info.json, map-styles.json,
 * page-promos.json and store-carousel.json. A bad item is dropped and reported with its
 * position; the rest of the file is kept.
 */
import type { z } from 'zod';
import { formPath } from '~/lib/form-kit/upload-limits';
import { formFileSchema } from '~/forms/form-file-schema';
import type { Entry, FolderReader, MenuEntry, RetailerPart } from './folder-reader.server';
import {
  describeZodError,
  locationSchema,
  menuItemSchema,
  optionalText,
  pagePromoSchema,
  storeSlideSchema,
} from './schemas.server';
import type { Location, MenuItem, PagePromo, StoreSlide } from './types';
import type { ContentForm } from '~/forms/types';

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
    if (!item.to && !children.length && !item.post && !item.form) {
      problems.push(`${at}: needs "to" or "children"`);
      return;
    }
    items.push({
      label: item.label,
      // An item opening a form links to the form's own page (where it works without JavaScript).
      to: item.to ?? (item.form ? formPath(item.form) : null),
      drawerOnly: item.drawerOnly,
      barOnly: item.barOnly,
      post: item.post,
      form: item.form,
      children,
    });
  });
  return items;
}

export function readMenus(r: FolderReader): Map<string, MenuEntry> {
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

const isSpecialHoursPath = (path: (string | number)[]) =>
  path[0] === 'specialHours' || (path[0] === 'pharmacy' && path[1] === 'specialHours');

function onlySpecialHours(error: z.ZodError): boolean {
  return error.issues.every((issue) => isSpecialHoursPath(issue.path));
}

/** The location as written, without its (store's and pharmacy's) special hours. */
function withoutSpecialHours(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const { specialHours: _store, ...rest } = raw as Record<string, unknown>;
  const pharmacy = rest.pharmacy;
  if (pharmacy && typeof pharmacy === 'object' && !Array.isArray(pharmacy)) {
    const { specialHours: _pharmacy, ...ownRest } = pharmacy as Record<string, unknown>;
    rest.pharmacy = ownRest;
  }
  return rest;
}

function onlyServices(error: z.ZodError): boolean {
  return error.issues.every((issue) => issue.path[0] === 'services');
}

/** The location as written, without its services list. */
function withoutServices(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object') return raw;
  const { services: _services, ...rest } = raw as Record<string, unknown>;
  return rest;
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
    let parsed = locationSchema.safeParse(raw);
    if (!parsed.success && onlySpecialHours(parsed.error)) {
      // A mistake in the holiday hours costs those hours, never the store's place in the list.
      r.problem(
        file,
        `${key}[${index}]: ${describeZodError(parsed.error)} (special hours dropped)`,
      );
      parsed = locationSchema.safeParse(withoutSpecialHours(raw));
    }
    if (!parsed.success && onlyServices(parsed.error)) {
      // Likewise a mistake in the services list costs the list, not the store.
      r.problem(file, `${key}[${index}]: ${describeZodError(parsed.error)} (services dropped)`);
      parsed = locationSchema.safeParse(withoutServices(raw));
    }
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

export function readRetailer(r: FolderReader): RetailerPart {
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

export function readMapStyles(r: FolderReader): unknown[] | null {
  const parsed = r.json('map-styles.json');
  if (!parsed || !parsed.found) return null;
  const value = parsed.value as { styles?: unknown } | unknown[] | null;
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object' && Array.isArray(value.styles)) return value.styles;
  r.problem(r.rel('map-styles.json'), 'must be { "styles": [ ... ] }');
  return null;
}

export function readPagePromos(r: FolderReader): Entry<PagePromo>[] {
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

/**
 * store-carousel.json: `{ "slides": [ { src, alt, caption } ] }`. Null when the folder has no
 * such file (the shared one, if any, applies); bad slides are dropped and reported.
 */
export function readStoreCarousel(r: FolderReader): Entry<StoreSlide>[] | null {
  const file = r.rel('store-carousel.json');
  const parsed = r.json('store-carousel.json');
  if (!parsed || !parsed.found) return null;
  const value = parsed.value as { slides?: unknown } | null;
  if (!value || typeof value !== 'object' || !Array.isArray(value.slides)) {
    r.problem(file, 'must be { "slides": [ ... ] }');
    return [];
  }
  const entries: Entry<StoreSlide>[] = [];
  value.slides.forEach((raw, index) => {
    const slide = storeSlideSchema.safeParse(raw);
    if (!slide.success) {
      r.problem(file, `slides[${index}]: ${describeZodError(slide.error)} (slide dropped)`);
      return;
    }
    entries.push({ item: slide.data, file, images: [slide.data.src] });
  });
  return entries;
}

/** A form's file and what it refers to (its template, checked per site). */
export interface FormEntry {
  form: ContentForm;
  file: string;
}

/**
 * forms/<slug>.json: one content form per file (docs/content.md "Forms"). A file that fails the
 * schema is left out whole (a form missing a field would ask for less than its operator wants)
 * and reported with every failing field.
 */
export function readForms(r: FolderReader, shared: boolean): Map<string, FormEntry> {
  const forms = new Map<string, FormEntry>();
  for (const d of r.list('forms')) {
    if (!d.name.endsWith('.json') || !r.isFile(d, 'forms')) continue;
    const slug = d.name.slice(0, -5);
    const file = r.rel('forms', d.name);
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(slug)) {
      r.problem(file, "file name may hold only letters, digits, '-' and '_'");
      continue;
    }
    const parsed = r.json('forms', d.name);
    if (!parsed || !parsed.found) continue;
    const form = formFileSchema.safeParse(parsed.value);
    if (!form.success) {
      r.problem(file, `${describeZodError(form.error)} (form left out)`);
      continue;
    }
    forms.set(slug, { form: { slug, ...form.data, shared }, file });
  }
  return forms;
}
