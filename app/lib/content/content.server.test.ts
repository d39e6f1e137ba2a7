import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createContentService, locationSlug, type ContentService } from './content.server';

const NOW = new Date('2026-06-15T12:00:00Z');
const SITE = 'alpha';

let root: string;
const services: ContentService[] = [];

function write(base: string, rel: string, content: string | object) {
  const file = path.join(base, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
}

function md(front: Record<string, unknown>, body = ''): string {
  const lines = Object.entries(front).map(
    ([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`,
  );
  return `---\n${lines.join('\n')}\n---\n${body}\n`;
}

function service(opts: { now?: Date; dir?: string; watch?: boolean } = {}): ContentService {
  const s = createContentService({
    dir: opts.dir ?? root,
    now: () => opts.now ?? NOW,
    watch: opts.watch,
  });
  services.push(s);
  return s;
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

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'content-test-'));
  buildFixture(root);
});

afterEach(() => {
  while (services.length) services.pop()!.close();
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('posts', () => {
  it('merges site and shared; the site wins on the same category and slug', () => {
    const posts = service().posts(SITE, { category: 'recipes' });
    const cake = posts.find((p) => p.slug === 'cake')!;
    expect(cake.title).toBe('Alpha Cake');
    expect(cake.shared).toBe(false);
    const pie = posts.find((p) => p.slug === 'pie')!;
    expect(pie.shared).toBe(true);
    expect(pie.path).toBe('/posts/recipes/pie');
    expect(posts.filter((p) => p.slug === 'cake')).toHaveLength(1);
  });

  it('a site without a folder gets the shared content', () => {
    const home = service().home('beta');
    expect(home?.title).toBe('Shared home');
    expect(home?.shared).toBe(true);
    expect(home?.path).toBe('/');
  });

  it('hides posts before their date and from their end date on', () => {
    const s = service();
    const slugs = s.posts(SITE, { category: 'recipes' }).map((p) => p.slug);
    expect(slugs).not.toContain('future');
    expect(slugs).not.toContain('expired');
    const all = s.posts(SITE, { category: 'recipes', includeHidden: true }).map((p) => p.slug);
    expect(all).toEqual(expect.arrayContaining(['future', 'expired']));

    const later = service({ now: new Date('2027-02-01T00:00:00Z') });
    expect(later.posts(SITE, { category: 'recipes' }).map((p) => p.slug)).toContain('future');
    const earlier = service({ now: new Date('2026-05-01T00:00:00Z') });
    expect(earlier.posts(SITE, { category: 'recipes' }).map((p) => p.slug)).toContain('expired');
    expect(earlier.post(SITE, 'recipes', 'expired')?.title).toBe('Expired');
  });

  it('treats the end date as exclusive', () => {
    const s = service({ now: new Date('2026-06-01T00:00:00Z') });
    expect(s.post(SITE, 'recipes', 'expired')).toBeNull();
  });

  it('sorts by date descending by default, nulls last', () => {
    const slugs = service()
      .posts(SITE)
      .map((p) => p.slug);
    expect(slugs.slice(0, 5)).toEqual(['soup', 'cake', 'hello', 'secret', 'pie']);
    // Pages without a date come last.
    expect(slugs.slice(5)).toEqual(expect.arrayContaining(['home', 'about']));
  });

  it('sorts ascending and descending by any field', () => {
    const s = service();
    expect(s.posts(SITE, { category: 'recipes', sort: 'date:asc' }).map((p) => p.slug)).toEqual([
      'pie',
      'secret',
      'cake',
      'soup',
    ]);
    expect(s.posts(SITE, { category: 'recipes', sort: 'title:desc' }).map((p) => p.title)).toEqual([
      'Soup',
      'Secret Stew',
      'Apple Pie',
      'Alpha Cake',
    ]);
    // order: 1, 2, then the posts without one.
    expect(
      s
        .posts(SITE, { category: 'recipes', sort: 'order:asc' })
        .map((p) => p.slug)
        .slice(0, 2),
    ).toEqual(['cake', 'pie']);
    // An unknown field falls back to the default.
    expect(s.posts(SITE, { category: 'recipes', sort: 'nope:asc' })[0].slug).toBe('soup');
  });

  it('filters with where, pages with skip and limit', () => {
    const s = service();
    expect(s.posts(SITE, { where: { card: true } }).map((p) => p.slug)).toEqual(['soup', 'hello']);
    expect(
      s.posts(SITE, { where: { shared: false, category: 'recipes' } }).map((p) => p.slug),
    ).toEqual(['soup', 'cake']);
    expect(s.posts(SITE, { category: 'recipes', limit: 2 }).map((p) => p.slug)).toEqual([
      'soup',
      'cake',
    ]);
    expect(s.posts(SITE, { category: 'recipes', skip: 1, limit: 2 }).map((p) => p.slug)).toEqual([
      'cake',
      'secret',
    ]);
    expect(s.posts(SITE, { category: 'recipes', skip: 10 })).toEqual([]);
  });

  it('returns only the requested fields, always with slug and path', () => {
    const [first] = service().posts(SITE, { category: 'recipes', only: ['title'], limit: 1 });
    expect(first).toEqual({ slug: 'soup', path: '/posts/recipes/soup', title: 'Soup' });
  });

  it('selects pages with category null and one folder with a name', () => {
    const s = service();
    const pages = s.posts(SITE, { category: null });
    expect(pages.every((p) => p.category === null)).toBe(true);
    expect(pages.map((p) => p.path)).toEqual(
      expect.arrayContaining(['/', '/about', '/missing-image']),
    );
    expect(s.posts(SITE, { category: 'news' }).map((p) => p.path)).toEqual(['/posts/news/hello']);
    expect(s.post(SITE, null, 'about')?.description).toBe('Who we are');
    expect(s.post(SITE, 'recipes', 'about')).toBeNull();
    expect(s.home(SITE)?.title).toBe('Alpha home');
  });

  it('renders the body and its text, and normalises dates to ISO', () => {
    const pie = service().post(SITE, 'recipes', 'pie')!;
    expect(pie.html).toBe('<p>Bake the pie.</p>');
    expect(pie.text).toBe('Bake the pie.');
    expect(pie.date).toBe('2026-01-01T00:00:00.000Z');
    expect(pie.searchable).toBe(true);
    expect(pie.card).toBe(false);
  });

  it('lists categories that have a visible post', () => {
    expect(service().categories(SITE)).toEqual(['news', 'recipes']);
    const s = service({ now: new Date('2025-01-01T00:00:00Z') });
    expect(s.categories(SITE)).toEqual([]);
  });

  it('returns copies, so callers cannot change the cache', () => {
    const s = service();
    s.post(SITE, 'recipes', 'pie')!.title = 'Changed';
    expect(s.post(SITE, 'recipes', 'pie')!.title).toBe('Apple Pie');
  });
});

describe('banners, popups, layout', () => {
  it('shows the newest live banner; expired and future ones are left out', () => {
    const banner = service().banner(SITE)!;
    expect(banner.slug).toBe('b');
    expect(banner.class).toBe('info');
    expect(banner.content).toBe('<p>Banner <strong>B</strong></p>');
    expect(banner.endDate).toBe('2026-12-31T00:00:00.000Z');
    expect(service({ now: new Date('2026-07-02T00:00:00Z') }).banner(SITE)?.slug).toBe('c');
    expect(service({ now: new Date('2027-01-01T00:00:00Z') }).banner(SITE)).toBeNull();
    // shared/ only has an expired banner.
    expect(service().banner('beta')).toBeNull();
  });

  it('shows the newest app popup only', () => {
    const popup = service().popup(SITE)!;
    expect(popup.slug).toBe('app');
    expect(popup.displayFrequency).toBe(30);
    expect(service().popup('beta')?.slug).toBe('shared-popup');
  });

  it('finds a popup by slug whether or not it is an app popup, within its dates', () => {
    expect(service().popupBySlug(SITE, 'web')?.title).toBe('Web popup');
    expect(service().popupBySlug('beta', 'shared-popup')?.slug).toBe('shared-popup');
    expect(service().popupBySlug(SITE, 'nope')).toBeNull();
    expect(service({ now: new Date('2026-05-15T00:00:00Z') }).popupBySlug(SITE, 'web')).toBeNull();
  });

  it('finds layout posts in the site, then shared', () => {
    const layout = service().layout(SITE, 'login-message')!;
    expect(layout.html).toBe('<p>Please <strong>log in</strong>.</p>');
    expect(layout.text).toBe('Please log in.');
    expect(service().layout(SITE, 'nope')).toBeNull();
  });
});

describe('menus', () => {
  it('keeps valid items and drops invalid ones', () => {
    const menu = service().menu(SITE, 'main')!;
    expect(menu.slug).toBe('main');
    expect(menu.menu.map((i) => i.label)).toEqual([
      'Weekly Ad',
      'Recipes',
      'Soup',
      'Missing',
      'Shop',
      'Departments',
    ]);
    const recipes = menu.menu[1];
    expect(recipes).toEqual({
      label: 'Recipes',
      to: '/posts/recipes',
      barOnly: true,
      drawerOnly: false,
      post: null,
      children: [],
    });
    expect(menu.menu[5].children.map((c) => c.label)).toEqual(['Bakery']);
    expect(menu.menu[5].drawerOnly).toBe(true);
  });

  it('falls back to shared, and returns null for a missing or broken menu', () => {
    const s = service();
    expect(s.menu(SITE, 'footer')?.menu[0]).toMatchObject({
      label: 'About',
      post: 'about',
      to: null,
    });
    expect(s.menu(SITE, 'broken')).toBeNull();
    expect(s.menu(SITE, 'nope')).toBeNull();
  });
});

describe('retailer info, map styles, promos, e-mail templates', () => {
  it('validates locations, accepts zip or zipCode and makes slugs', () => {
    const info = service().retailerInfo(SITE);
    expect(info.adviewerPage).toBe('shared-ads'); // from shared, not in the site file
    expect(info.locations.map((l) => l.slug)).toEqual(['lins-cedar-city', 'second-store']);
    const [first, second] = info.locations;
    expect(first).toMatchObject({
      storeNumber: '12',
      zip: '84720',
      latitude: 37.68,
      longitude: -113.06,
      addressLine2: null,
      hidden: false,
      hours: [{ day: 'Mon-Sun', hours: '6 AM - 11 PM' }],
    });
    expect(second.zip).toBe('84001');
    expect(second.storeNumber).toBe('0002');
    expect(info.aceLocations).toEqual([]);
  });

  it('uses the shared retailer info for a site without one, and defaults when none exists', () => {
    expect(
      service()
        .retailerInfo('beta')
        .locations.map((l) => l.name),
    ).toEqual(['Shared Store']);
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'content-empty-'));
    try {
      expect(service({ dir: empty }).retailerInfo('x')).toEqual({
        adviewerPage: null,
        locations: [],
        aceLocations: [],
      });
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });

  it('makes location slugs from names', () => {
    expect(locationSlug("Lin's Cedar City")).toBe('lins-cedar-city');
    expect(locationSlug('  Market #5 — Downtown ')).toBe('market-5-downtown');
    expect(locationSlug('Café Über')).toBe('cafe-uber');
  });

  it('reads map styles', () => {
    expect(service().mapStyles(SITE)).toEqual([{ featureType: 'poi' }]);
  });

  it('matches page promos case-insensitively, the site replacing the same spot', () => {
    const promos = service().pagePromos(SITE, 'DIGITAL-coupons');
    expect(promos.map((p) => p.title).sort()).toEqual(['Alpha top', 'Shared bottom']);
    expect(
      service()
        .pagePromos('beta', 'digital-coupons')
        .map((p) => p.title),
    ).toEqual(['Shared top', 'Shared bottom']);
    expect(service().pagePromos(SITE, 'nope')).toEqual([]);
  });

  it('finds e-mail templates in the site, falling back to shared', () => {
    const s = service();
    expect(s.emailTemplate(SITE, 'welcome')).toEqual({
      slug: 'welcome',
      subject: 'Alpha welcome',
      body: 'Hi {{name}}',
      shared: false,
    });
    expect(s.emailTemplate(SITE, 'password-reset')).toMatchObject({
      subject: 'Reset',
      shared: true,
    });
    expect(s.emailTemplate(SITE, 'nope')).toBeNull();
  });
});

describe('imageFile', () => {
  it('maps /images/ paths to files in the site folder, then shared', () => {
    const s = service();
    expect(s.imageFile(SITE, '/images/hero.svg')).toBe(
      fs.realpathSync(path.join(root, 'alpha/images/hero.svg')),
    );
    expect(s.imageFile(SITE, '/images/nested/deep.svg')).toBe(
      fs.realpathSync(path.join(root, 'alpha/images/nested/deep.svg')),
    );
    expect(s.imageFile(SITE, '/images/logo.svg')).toBe(
      fs.realpathSync(path.join(root, 'shared/images/logo.svg')),
    );
    expect(s.imageFile('beta', '/images/hero.svg')).toBeNull();
    expect(s.imageFile(SITE, '/images/none.svg')).toBeNull();
    expect(s.imageFile(SITE, '/images/nested')).toBeNull();
  });

  it('refuses traversal, absolute paths, NUL and odd names', () => {
    const s = service();
    for (const bad of [
      '/images/../../secret.txt',
      '/images/%2e%2e/%2e%2e/secret.txt',
      '/images/nested/../../../secret.txt',
      '/images/..%2f..%2fsecret.txt',
      '/images/..\\..\\secret.txt',
      path.join(root, 'secret.txt'),
      '/etc/passwd',
      '/images//etc/passwd',
      '/images/hero.svg\0.png',
      '/images/hero.svg%00',
      '/images/.hidden',
      '/images/%E0%A4%A',
      'images/hero.svg',
    ]) {
      expect(s.imageFile(SITE, bad), bad).toBeNull();
    }
    expect(s.imageFile('../alpha', '/images/hero.svg')).toBeNull();
  });

  it('refuses a symbolic link that leads out of the images folder', () => {
    const link = path.join(root, 'alpha/images/escape.txt');
    fs.symlinkSync(path.join(root, 'secret.txt'), link);
    try {
      expect(service().imageFile(SITE, '/images/escape.txt')).toBeNull();
    } finally {
      fs.unlinkSync(link);
    }
  });
});

describe('problems', () => {
  it('lists every bad file, and queries skip them', () => {
    const s = service();
    const problems = s.problems(SITE);
    const byFile = (file: string) => problems.filter((p) => p.file === file).map((p) => p.message);

    expect(byFile('alpha/posts/bad-yaml.md')[0]).toMatch(/^front matter:/);
    expect(byFile('alpha/posts/no-title.md')[0]).toMatch(/title: is required/);
    expect(byFile('alpha/posts/bad-date.md')[0]).toMatch(/date: must be a date/);
    expect(byFile('alpha/posts/recipes/bad-image.md')[0]).toMatch(
      /coverImage: must start with '\/'/,
    );
    expect(byFile('alpha/posts/missing-image.md')[0]).toMatch(/\/images\/none\.svg does not exist/);
    expect(byFile('alpha/menus/broken.json')[0]).toMatch(/not valid JSON/);
    const menu = byFile('alpha/menus/main.json');
    expect(menu.some((m) => m.includes('/posts/recipes/nope'))).toBe(true);
    expect(menu.some((m) => m.startsWith('menu[4]: label'))).toBe(true);
    expect(menu.some((m) => m.startsWith('menu[5]: to'))).toBe(true);
    expect(menu.some((m) => m.startsWith('menu[9].children[1]'))).toBe(true);
    expect(menu.some((m) => m.includes('/posts/recipes/soup'))).toBe(false);
    expect(byFile('alpha/retailer-info.json')).toHaveLength(2);
    // Valid files produce nothing.
    expect(byFile('alpha/posts/recipes/soup.md')).toEqual([]);
    expect(byFile('shared/posts/news/hello.md')).toEqual([]);

    const slugs = s.posts(SITE, { includeHidden: true }).map((p) => p.slug);
    expect(slugs).not.toContain('bad-yaml');
    expect(slugs).not.toContain('no-title');
    expect(slugs).not.toContain('bad-date');
    expect(slugs).not.toContain('bad-image');
    // A missing image file is reported but the page still shows.
    expect(slugs).toContain('missing-image');
  });

  it('reports only shared problems for a clean site', () => {
    expect(service().problems('beta')).toEqual([]);
  });
});

describe('search', () => {
  it('searches visible, searchable posts of the site and shared', () => {
    const s = service();
    const cake = s.search(SITE, 'cake');
    expect(cake[0]).toMatchObject({ path: '/posts/recipes/cake', title: 'Alpha Cake' });
    // The site's cake replaces the shared one; 'Bake' in the pie matches fuzzily.
    expect(cake.map((r) => r.title)).not.toContain('Shared Cake');
    expect(s.search(SITE, 'soup').map((r) => r.path)).toEqual(['/posts/recipes/soup']);
    expect(s.search(SITE, 'stew')).toEqual([]); // searchable: false
    expect(s.search(SITE, 'future')).toEqual([]); // not visible yet
    expect(s.search(SITE, 'pie')[0].content).toBe('Bake the <mark>pie</mark>.');
    expect(s.search(SITE, 'soup', { category: 'news' })).toEqual([]);
    expect(service({ now: new Date('2027-02-01T00:00:00Z') }).search(SITE, 'future')).toHaveLength(
      1,
    );
  });

  it('sees new content after invalidate, with a new version', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-search-'));
    try {
      write(dir, 'shared/posts/one.md', md({ title: 'One' }, 'Carrots.'));
      const s = service({ dir });
      expect(s.search('x', 'parsnip')).toEqual([]);
      const before = s.version('x');
      expect(s.version('x')).toBe(before);
      write(dir, 'x/posts/two.md', md({ title: 'Two' }, 'Parsnips.'));
      s.invalidate('x');
      expect(s.version('x')).toBeGreaterThan(before);
      expect(s.search('x', 'parsnip').map((r) => r.path)).toEqual(['/two']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('caching and watching', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-watch-'));
    write(dir, 'shared/posts/a.md', md({ title: 'A' }));
    write(dir, 'site1/posts/b.md', md({ title: 'B' }));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const waitFor = async (check: () => boolean) => {
    for (let i = 0; i < 60 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
    return check();
  };

  it('reads files once until invalidated', () => {
    const s = service({ dir });
    expect(
      s
        .posts('site1')
        .map((p) => p.slug)
        .sort(),
    ).toEqual(['a', 'b']);
    write(dir, 'site1/posts/c.md', md({ title: 'C' }));
    expect(s.posts('site1')).toHaveLength(2);
    s.invalidate('site1');
    expect(s.posts('site1')).toHaveLength(3);
    fs.unlinkSync(path.join(dir, 'site1/posts/c.md'));
    s.invalidate();
    expect(s.posts('site1')).toHaveLength(2);
  });

  it('re-reads a site when its files change', async () => {
    const s = service({ dir, watch: true });
    const v1 = s.version('site1');
    expect(s.post('site1', null, 'new')).toBeNull();
    write(dir, 'site1/posts/new.md', md({ title: 'New' }));
    expect(await waitFor(() => s.post('site1', null, 'new') !== null)).toBe(true);
    expect(s.version('site1')).toBeGreaterThan(v1);
  });

  it('re-reads every site when shared/ changes', async () => {
    const s = service({ dir, watch: true });
    expect(s.post('site1', null, 'fresh')).toBeNull();
    expect(s.post('site2', null, 'fresh')).toBeNull();
    write(dir, 'shared/posts/fresh.md', md({ title: 'Fresh' }));
    expect(await waitFor(() => s.post('site1', null, 'fresh') !== null)).toBe(true);
    expect(s.post('site2', null, 'fresh')?.shared).toBe(true);
  });
});

describe('robustness', () => {
  it('never throws for odd input', () => {
    const s = service();
    expect(s.posts('../etc', {})).toEqual(expect.any(Array));
    expect(s.post(SITE, 'recipes', '../../x')).toBeNull();
    expect(s.menu(SITE, '../shared/menus/footer')).toBeNull();
    expect(s.search(SITE, '')).toEqual([]);
    expect(s.pagePromos(SITE, undefined as unknown as string)).toEqual([]);
    expect(s.problems('../etc').some((p) => p.message === 'not a valid site path')).toBe(true);
  });

  it('gives empty results when the content folder does not exist', () => {
    const s = service({ dir: path.join(os.tmpdir(), 'content-does-not-exist-xyz') });
    expect(s.posts(SITE)).toEqual([]);
    expect(s.home(SITE)).toBeNull();
    expect(s.banner(SITE)).toBeNull();
    expect(s.mapStyles(SITE)).toEqual([]);
    expect(s.problems(SITE)).toEqual([]);
  });
});
