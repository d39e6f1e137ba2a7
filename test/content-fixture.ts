/**
 * Test kit of the content tests (not a test file itself): a content folder with a site
 * ('alpha'), shared/ content, bad files of every kind, and services on a fixed clock that are
 * closed after each test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createContentService, type ContentService } from '~/content/source/content.server';

export const NOW = new Date('2026-06-15T12:00:00Z');
export const SITE = 'alpha';

export function write(base: string, rel: string, content: string | object) {
  const file = path.join(base, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
}

export function md(front: Record<string, unknown>, body = ''): string {
  const lines = Object.entries(front).map(
    ([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`,
  );
  return `---\n${lines.join('\n')}\n---\n${body}\n`;
}

export interface ServiceOptions {
  now?: Date;
  dir?: string;
  watch?: boolean;
}

/**
 * Builds the fixture folder before the file's tests and removes it after them. `root` is the
 * folder (set once the tests run); `service()` reads it unless given another `dir`.
 */
export function useContentFixture() {
  const services: ContentService[] = [];
  const fixture = {
    root: '',
    service(opts: ServiceOptions = {}): ContentService {
      const s = createContentService({
        dir: opts.dir ?? fixture.root,
        now: () => opts.now ?? NOW,
        watch: opts.watch,
      });
      services.push(s);
      return s;
    },
  };

  beforeAll(() => {
    fixture.root = fs.mkdtempSync(path.join(os.tmpdir(), 'content-test-'));
    buildFixture(fixture.root);
  });

  afterEach(() => {
    while (services.length) services.pop()!.close();
  });

  afterAll(() => {
    fs.rmSync(fixture.root, { recursive: true, force: true });
  });

  return fixture;
}

function buildFixture(dir: string) {
  // shared/
  write(dir, 'shared/posts/home.md', md({ title: 'Shared home' }, 'Welcome.'));
  write(
    dir,
    'shared/posts/about.md',
    md({ title: 'About us', description: 'Who we are' }, 'We sell food.'),
  );
  write(
    dir,
    'shared/posts/recipes/pie.md',
    md({ title: 'Apple Pie', date: '2026-01-01', order: 2 }, 'Bake the pie.'),
  );
  write(
    dir,
    'shared/posts/recipes/cake.md',
    md({ title: 'Shared Cake', date: '2026-03-01' }, 'Shared cake.'),
  );
  write(
    dir,
    'shared/posts/recipes/future.md',
    md({ title: 'Future', date: '2027-01-01' }, 'Not yet.'),
  );
  write(
    dir,
    'shared/posts/recipes/expired.md',
    md({ title: 'Expired', date: '2026-01-01', endDate: '2026-06-01' }),
  );
  write(
    dir,
    'shared/posts/recipes/secret.md',
    md({ title: 'Secret Stew', searchable: false, date: '2026-01-02' }, 'Stew.'),
  );
  write(
    dir,
    'shared/posts/news/hello.md',
    md({ title: 'Hello', date: '2026-02-01', card: true, coverImage: '/images/logo.svg' }, 'News.'),
  );
  write(
    dir,
    'shared/banners/old.md',
    md({ date: '2025-01-01', endDate: '2026-01-01', class: 'alert' }, 'Old'),
  );
  write(
    dir,
    'shared/popups/shared-popup.md',
    md({ title: 'Shared popup', app: true, date: '2026-01-01' }, 'Hi'),
  );
  write(dir, 'shared/layout/login-message.md', md({ title: 'Log in' }, 'Please **log in**.'));
  write(dir, 'shared/menus/footer.json', { menu: [{ label: 'About', post: 'about' }] });
  write(
    dir,
    'shared/email-templates/password-reset.md',
    md({ subject: 'Reset' }, 'Click {{resetLink}}'),
  );
  write(dir, 'shared/email-templates/welcome.md', md({ subject: 'Shared welcome' }, 'Hi'));
  write(dir, 'shared/retailer-info.json', {
    adviewerPage: 'shared-ads',
    locations: [
      {
        name: 'Shared Store',
        storeNumber: '1',
        address: '1 Main',
        city: 'Town',
        state: 'UT',
        zip: '84000',
      },
    ],
    aceLocations: [],
  });
  write(dir, 'shared/map-styles.json', { styles: [{ featureType: 'poi' }] });
  write(dir, 'shared/page-promos.json', [
    {
      page: 'digital-coupons',
      pageLocation: 'top',
      title: 'Shared top',
      desktopImage: '/images/logo.svg',
    },
    { page: 'digital-coupons', pageLocation: 'bottom', title: 'Shared bottom' },
    { page: 'weekly-ad', pageLocation: 'top', title: 'Ad promo' },
  ]);
  write(dir, 'shared/images/logo.svg', '<svg/>');

  // alpha/
  write(dir, 'alpha/posts/home.md', md({ title: 'Alpha home' }, 'Alpha welcome.'));
  write(
    dir,
    'alpha/posts/recipes/cake.md',
    md({ title: 'Alpha Cake', date: '2026-04-01', order: 1 }, 'Alpha cake.'),
  );
  write(
    dir,
    'alpha/posts/recipes/soup.md',
    md({ title: 'Soup', date: '2026-05-01', card: true }, 'Hot soup.'),
  );
  write(
    dir,
    'alpha/banners/a.md',
    md({ date: '2026-05-01', endDate: '2026-12-31', class: 'promo' }, 'Banner A'),
  );
  write(
    dir,
    'alpha/banners/b.md',
    md({ date: '2026-06-01', endDate: '2026-12-31', class: 'info' }, 'Banner **B**'),
  );
  write(
    dir,
    'alpha/banners/c.md',
    md({ date: '2026-07-01', endDate: '2026-12-31' }, 'Banner C (future)'),
  );
  write(
    dir,
    'alpha/popups/app.md',
    md({ title: 'App popup', app: true, date: '2026-05-01' }, 'App'),
  );
  write(
    dir,
    'alpha/popups/web.md',
    md({ title: 'Web popup', app: false, date: '2026-06-01' }, 'Web'),
  );
  write(dir, 'alpha/menus/main.json', {
    menu: [
      { label: 'Weekly Ad', to: '/weekly-ad' },
      { label: 'Recipes', to: '/posts/recipes', barOnly: true },
      { label: 'Soup', to: '/posts/recipes/soup' },
      { label: 'Missing', to: '/posts/recipes/nope' },
      { to: '/no-label' },
      { label: 'Script', to: 'javascript:alert(1)' },
      { label: 'Protocol relative', to: '//evil.test' },
      { label: 'Empty group', children: [] },
      { label: 'Shop', to: 'https://shop.test' },
      {
        label: 'Departments',
        drawerOnly: true,
        children: [{ label: 'Bakery', to: '/bakery' }, { label: 'Bad child' }],
      },
    ],
  });
  write(dir, 'alpha/menus/broken.json', '{ "menu": [');
  write(dir, 'alpha/email-templates/welcome.md', md({ subject: 'Alpha welcome' }, 'Hi {{name}}'));
  write(dir, 'alpha/retailer-info.json', {
    locations: [
      {
        name: "Lin's Cedar City",
        storeNumber: 12,
        address: '150 N Main St',
        city: 'Cedar City',
        state: 'UT',
        zip: '84720',
        latitude: 37.68,
        longitude: '-113.06',
        hours: [{ day: 'Mon-Sun', hours: '6 AM - 11 PM' }],
      },
      {
        name: 'Second Store',
        storeNumber: '0002',
        address: '2 Main',
        city: 'Town',
        state: 'UT',
        zipCode: 84001,
      },
      { name: 'No Zip', storeNumber: '3', address: '3 Main', city: 'Town', state: 'UT' },
      { storeNumber: '4', address: '4 Main', city: 'Town', state: 'UT', zip: '1' },
    ],
  });
  write(dir, 'alpha/page-promos.json', [
    { page: 'Digital-Coupons', pageLocation: 'top', title: 'Alpha top' },
  ]);
  write(dir, 'alpha/images/hero.svg', '<svg/>');
  write(dir, 'alpha/images/nested/deep.svg', '<svg/>');
  write(dir, 'secret.txt', 'outside');

  // bad files (alpha)
  write(dir, 'alpha/posts/bad-yaml.md', '---\ntitle: [unclosed\n---\nBody');
  write(dir, 'alpha/posts/no-title.md', md({ description: 'x' }, 'Body'));
  write(dir, 'alpha/posts/bad-date.md', md({ title: 'Bad date', date: 'tomorrow' }, 'Body'));
  write(
    dir,
    'alpha/posts/recipes/bad-image.md',
    md({ title: 'Bad image', coverImage: 'http://cdn.test/x.png' }),
  );
  write(
    dir,
    'alpha/posts/missing-image.md',
    md({ title: 'Missing image', coverImage: '/images/none.svg' }),
  );

  // beta/ has no files of its own except a menu that overrides nothing
  write(dir, 'beta/posts/.keep', '');
}
