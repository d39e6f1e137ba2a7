// Reads demo tenants and content from disk so tests follow the data rather than copy it.
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';

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
  const dir = path.join('content', site, 'posts', category);
  const now = Date.now();
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => {
      const { data } = matter(fs.readFileSync(path.join(dir, f), 'utf8'));
      return {
        slug: f.replace(/\.md$/, ''),
        title: String(data.title),
        date: data.date ? new Date(data.date).getTime() : 0,
        endDate: data.endDate ? new Date(data.endDate).getTime() : null,
        searchable: data.searchable !== false,
      };
    })
    .filter((p) => p.date <= now && (p.endDate === null || p.endDate > now))
    .sort((a, b) => b.date - a.date);
}

export function hiddenPosts(site: string, category: string) {
  const dir = path.join('content', site, 'posts', category);
  const now = Date.now();
  return fs
    .readdirSync(dir)
    .map((f) => ({
      slug: f.replace(/\.md$/, ''),
      data: matter(fs.readFileSync(path.join(dir, f), 'utf8')).data,
    }))
    .filter(
      (p) =>
        (p.data.date && new Date(p.data.date).getTime() > now) ||
        (p.data.endDate && new Date(p.data.endDate).getTime() <= now),
    );
}
