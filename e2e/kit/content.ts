// Reads demo tenants and content from disk so tests follow the data rather than copy it.
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { contentInstant } from '../../app/content/source/schemas.server';

/** A content date as the site reads it (Denver time), in epoch ms; 0 or null when absent. */
function instant(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const iso = contentInstant(value as Date | string);
  return iso ? Date.parse(iso) : null;
}

/**
 * The files of one category, the brand's over content/shared/ (the brand's post wins when both
 * have the same slug), as the content service merges them.
 */
function categoryFiles(site: string, category: string): string[] {
  const bySlug = new Map<string, string>();
  for (const base of [path.join('content', 'shared'), path.join('content', site)]) {
    const dir = path.join(base, 'posts', category);
    if (!fs.existsSync(dir)) continue;
    for (const f of fs.readdirSync(dir).filter((name) => name.endsWith('.md'))) {
      bySlug.set(f.replace(/\.md$/, ''), path.join(dir, f));
    }
  }
  return [...bySlug.values()];
}

export function tenant(site: string) {
  return JSON.parse(fs.readFileSync(path.join('tenants', `${site}.json`), 'utf8')) as {
    retailerName: string;
    theme?: { primary?: string; secondary?: string };
    features?: { analytics?: boolean };
  };
}

export function menu(site: string, slug: string) {
  return JSON.parse(
    fs.readFileSync(path.join('content', site, 'menus', `${slug}.json`), 'utf8'),
  ) as {
    menu: {
      label: string;
      to?: string;
      drawerOnly?: boolean;
      barOnly?: boolean;
      children?: unknown[];
    }[];
  };
}

/** Visible posts of one category, newest first, as the site lists them. */
export function posts(site: string, category: string) {
  const now = Date.now();
  return categoryFiles(site, category)
    .map((file) => {
      const { data } = matter(fs.readFileSync(file, 'utf8'));
      return {
        slug: path.basename(file).replace(/\.md$/, ''),
        title: String(data.title),
        date: instant(data.date) ?? 0,
        endDate: instant(data.endDate),
        searchable: data.searchable !== false,
      };
    })
    .filter((p) => p.date <= now && (p.endDate === null || p.endDate > now))
    .sort((a, b) => b.date - a.date);
}

export function hiddenPosts(site: string, category: string) {
  const now = Date.now();
  return categoryFiles(site, category)
    .map((file) => ({
      slug: path.basename(file).replace(/\.md$/, ''),
      data: matter(fs.readFileSync(file, 'utf8')).data,
    }))
    .filter(
      (p) =>
        (instant(p.data.date) ?? 0) > now ||
        ((instant(p.data.endDate) ?? Infinity) as number) <= now,
    );
}
