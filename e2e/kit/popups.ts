import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import type { Page } from '@playwright/test';

/** The slug of a brand's app popup (the newest visible one is shown). */
export function appPopup(site: string) {
  const dir = path.join('content', site, 'popups');
  return fs
    .readdirSync(dir)
    .map((f) => ({
      slug: f.replace(/\.md$/, ''),
      data: matter(fs.readFileSync(path.join(dir, f), 'utf8')).data,
    }))
    .filter(
      (p) => p.data.app === true && (!p.data.endDate || new Date(p.data.endDate) > new Date()),
    )
    .sort((a, b) => String(b.data.date).localeCompare(String(a.data.date)))[0];
}

/** Marks the popup (and, unless told otherwise, the cookie notice) as already dismissed. */
export async function quietPage(page: Page, site: string, { cookieNotice = false } = {}) {
  const popup = appPopup(site);
  await page.addInitScript(
    ([slug, keepNotice]) => {
      localStorage.setItem(`${slug}_shown`, JSON.stringify({ value: true, expiry: null }));
      if (!keepNotice) {
        localStorage.setItem(
          'dismissed_cookie_notice',
          JSON.stringify({ value: true, expiry: null }),
        );
      }
    },
    [popup?.slug ?? 'none', cookieNotice] as const,
  );
}
