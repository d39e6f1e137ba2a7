/**
 * Reading one content folder (content/<site>/ or content/shared/) into memory: each file is
 * parsed and validated once; a bad file is left out and recorded as a problem, never thrown.
 * Markdown kinds (posts, banners, popups, layout, e-mail templates) are read here, the JSON
 * files in json-files.server.ts.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import {
  readForms,
  readMapStyles,
  readMenus,
  readPagePromos,
  readRetailer,
  readStoreCarousel,
  type FormEntry,
} from './json-files.server';
import { parseMarkdown, renderMarkdown } from '~/lib/markdown.server';
import {
  bannerSchema,
  describeZodError,
  emailSchema,
  layoutSchema,
  popupSchema,
  postSchema,
} from './schemas.server';
import type {
  Banner,
  EmailTemplate,
  LayoutPost,
  Location,
  Menu,
  PagePromo,
  Popup,
  Post,
  StoreSlide,
} from './types';

export interface ContentProblem {
  /** Path relative to the content folder, e.g. 'shared/posts/recipes/pie.md'. */
  file: string;
  message: string;
}

/** The folder every site falls back to. */
export const SHARED = 'shared';
/** Folder and file names that may become part of a URL. */
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** A site path usable as a folder name (and never a path that climbs out of content/). */
export const isSiteName = (site: string) => typeof site === 'string' && NAME.test(site);

export function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0];
}

/** An item with the file it came from and the images it refers to (checked per site). */
export interface Entry<T> {
  item: T;
  file: string;
  images: string[];
}

export interface MenuEntry {
  menu: Menu;
  file: string;
}

/** Top-level retailer-info keys present in one file. */
export interface RetailerPart {
  adviewerPage?: string | null;
  locations?: Location[];
  aceLocations?: Location[];
}

export interface FolderData {
  posts: Entry<Post>[];
  banners: Entry<Banner>[];
  popups: Entry<Popup>[];
  layouts: Map<string, Entry<LayoutPost>>;
  menus: Map<string, MenuEntry>;
  emailTemplates: Map<string, EmailTemplate>;
  retailer: RetailerPart;
  mapStyles: unknown[] | null;
  pagePromos: Entry<PagePromo>[];
  /** store-carousel.json; null when the folder has none. */
  storeCarousel: Entry<StoreSlide>[] | null;
  /** forms/<slug>.json by slug. */
  forms: Map<string, FormEntry>;
  problems: ContentProblem[];
}

export class FolderReader {
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

  /** Slugs of the Markdown files of a folder whose names may become part of a URL. */
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

export function readFolder(dir: string, name: string): FolderData {
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
    storeCarousel: readStoreCarousel(r),
    forms: readForms(r, name === SHARED),
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
