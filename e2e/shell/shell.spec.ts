import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { menu, posts, tenant } from '../kit/content';
import { appPopup, quietPage } from '../kit/popups';
import {
  afterQueuedWork,
  brandUrl,
  expectNoSeriousAxeViolations,
  POPUP_DELAY_MS,
  rawRequest,
  runTimers,
  serveWithoutScripts,
  waitForHydration,
} from '../kit/support';

const BRANDS = ['lins', 'fresh-market'] as const;

test.describe('brands share one deployment', () => {
  for (const site of BRANDS) {
    test(`${site}: name, colours and menus come from its tenant and content @nojs`, async ({
      page,
    }) => {
      const t = tenant(site);
      await page.goto(brandUrl(site));
      await expect(page).toHaveTitle(
        new RegExp(` - ${t.retailerName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      );
      const bar = menu(site, 'main').menu.filter((i) => !i.drawerOnly);
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const item of bar)
        await expect(nav.getByText(item.label, { exact: true })).toBeVisible();
      const drawerOnly = menu(site, 'main').menu.filter((i) => i.drawerOnly);
      for (const item of drawerOnly)
        await expect(nav.getByText(item.label, { exact: true })).toHaveCount(0);
      const primary = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--ck-colors-brand-raw').trim(),
      );
      expect(primary.toLowerCase()).toBe((t.theme?.primary ?? '#006993').toLowerCase());
      await expect(page.locator('footer')).toContainText(
        `© ${new Date().getFullYear()} ${t.retailerName}`,
      );
    });
  }

  test('the two brands look different', async ({ browser }) => {
    const colours: string[] = [];
    for (const site of BRANDS) {
      const page = await browser.newPage();
      await page.goto(brandUrl(site));
      colours.push(
        await page
          .getByRole('link', { name: 'Register' })
          .first()
          .evaluate((el) => getComputedStyle(el).backgroundColor),
      );
      await page.close();
    }
    expect(colours[0]).not.toBe('rgba(0, 0, 0, 0)');
    expect(colours[0]).not.toBe(colours[1]);
  });
});

/** The text of a page's head element, e.g. its title or meta description (entities decoded). */
function headText(html: string, pattern: RegExp): string | null {
  const m = pattern.exec(html);
  if (!m) return null;
  return m[1]
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

test.describe('search engines', () => {
  for (const site of BRANDS) {
    test(`${site}: every public page has a meta description`, async () => {
      const host = `${site}.localhost`;
      const locations = await rawRequest({ host, path: '/locations' });
      const store = /href="(\/locations\/[a-z0-9-]+)"/.exec(locations.body)?.[1];
      const category = posts(site, 'recipes').length ? 'recipes' : 'news';
      const post = posts(site, category)[0];
      const paths = ['/', '/digital-coupons', '/locations', '/weekly-ad', '/login', '/register'];
      paths.push('/posts', store ?? '/locations/missing-store-link');
      if (post) paths.push(`/posts/${category}/${post.slug}`);
      for (const path of paths) {
        const res = await rawRequest({ host, path });
        expect(res.status, path).toBe(200);
        const title = headText(res.body, /<title>([^<]*)<\/title>/);
        const description = headText(res.body, /<meta name="description" content="([^"]*)"/);
        expect(description, `${path} has a description`).toBeTruthy();
        expect(description!.length, path).toBeGreaterThan(20);
        if (!path.startsWith('/posts/') && path !== '/') {
          // Written around the retailer's name, as the title ends with it.
          const retailer = title!.split(' - ').pop()!;
          expect(description, path).toContain(retailer);
        }
      }
    });
  }
});

test.describe('popup and cookie notice', () => {
  test('the banner publishes its height and closing hides it and resets the height', async ({
    page,
  }) => {
    await quietPage(page, 'lins');
    await page.goto(brandUrl('lins'));
    const banner = page.getByRole('region', { name: 'Announcement' });
    await expect(banner).toBeVisible();
    const height = () =>
      page.evaluate(() => document.documentElement.style.getPropertyValue('--site-banner-height'));
    await expect.poll(height).toMatch(/^[1-9]\d*px$/);
    // Not inherited (only scripts read it): setting it restyles <html> alone, not every element.
    const inBody = await page.evaluate(() =>
      getComputedStyle(document.body).getPropertyValue('--site-banner-height'),
    );
    expect(inBody).toBe('0px');
    await banner.getByRole('button', { name: 'Close announcement' }).click();
    await expect(banner).toBeHidden();
    await expect.poll(height).toBe('0px');
  });

  test('the popup opens after a second, once, and stays closed after a reload', async ({
    page,
  }) => {
    await page.clock.install();
    const popup = appPopup('lins');
    await page.goto(brandUrl('lins'));
    const dialog = page.getByRole('dialog', { name: String(popup.data.title) });
    await expect(dialog).toBeVisible({ timeout: 4000 });
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
    const stored = await page.evaluate((k) => localStorage.getItem(k), `${popup.slug}_shown`);
    const { expiry } = JSON.parse(stored ?? '{}');
    expect(Math.round((expiry - Date.now()) / 86_400_000)).toBe(
      Number(popup.data.displayFrequency ?? 30),
    );
    await page.reload();
    // Settled: hydrated (the popup's timer is set before the page is marked), then more than the
    // popup's delay on the page's clock: a popup that were to open would be open now.
    await waitForHydration(page);
    await runTimers(page, POPUP_DELAY_MS + 800);
    await expect(dialog).toBeHidden();
  });

  test('the cookie notice waits while the popup is open, then shows', async ({ page }) => {
    // A phone: the notice and the popup would both claim the first screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.clock.install();
    const popup = appPopup('lins');
    await page.goto(brandUrl('lins'));
    await waitForHydration(page);
    const notice = page.getByTestId('cookie-notice');
    const dialog = page.getByRole('dialog', { name: String(popup.data.title) });
    await expect(dialog).toBeVisible({ timeout: 4000 });
    await expect(notice).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await expect(dialog).toBeHidden();
    await expect(notice).toBeVisible();
    // Answered once, neither comes back on the next page.
    await notice.getByRole('button', { name: 'Got it' }).click();
    await page.goto(brandUrl('lins', '/posts'));
    // Settled: hydrated, then past the popup's delay on the page's clock.
    await waitForHydration(page);
    await runTimers(page, POPUP_DELAY_MS + 500);
    await expect(dialog).toBeHidden();
    await expect(notice).toHaveCount(0);
  });

  test('the cookie notice shows until dismissed; page views are pushed only after', async ({
    page,
  }) => {
    await quietPage(page, 'harvest', { cookieNotice: true });
    await page.goto(brandUrl('harvest'));
    const notice = page.getByRole('region', { name: 'Cookie notice' });
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('link', { name: /privacy/i })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(
      await page.evaluate(
        () => (window as unknown as { dataLayer?: unknown[] }).dataLayer?.length ?? 0,
      ),
    ).toBe(0);
    await notice.getByRole('button', { name: 'Got it' }).click();
    await expect(notice).toBeHidden();
    // A client-side navigation: the page view is pushed 250 ms after it.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Recipes' })
      .click();
    await expect(page).toHaveURL(brandUrl('harvest', '/posts/recipes'));
    await expect
      .poll(() =>
        page.evaluate(() =>
          (
            (window as unknown as { dataLayer?: { event?: string; page_path?: string }[] })
              .dataLayer ?? []
          )
            .filter((e) => e.event === 'page_view')
            .map((e) => e.page_path),
        ),
      )
      .toContain('/posts/recipes');
    await page.reload();
    // Settled: the notice decides in an effect of the hydrating shell (nothing holds it back:
    // the popup was dismissed).
    await waitForHydration(page);
    await afterQueuedWork(page);
    await expect(notice).toBeHidden();
  });

  test('a brand with analytics off shows no cookie notice', async ({ page }) => {
    const site = fs
      .readdirSync('tenants')
      .map((f) => f.replace('.json', ''))
      .find((s) => s !== 'schema' && tenant(s).features?.analytics === false);
    test.skip(!site, 'no demo brand turns analytics off');
    // Nothing holds a notice back: the brand's popup was answered before.
    await quietPage(page, site!, { cookieNotice: true });
    await page.clock.install();
    await page.goto(brandUrl(site!));
    // Settled: hydrated, then past the popup's delay (a notice waits for it) on the page's clock.
    await waitForHydration(page);
    await runTimers(page, POPUP_DELAY_MS + 200);
    await expect(page.getByRole('region', { name: 'Cookie notice' })).toHaveCount(0);
  });
});

test.describe('accessibility', () => {
  for (const site of BRANDS) {
    for (const [name, p] of [
      ['home', '/'],
      ['a post', '/posts/recipes'],
      ['search', '/search?q=holiday'],
    ] as const) {
      for (const mode of ['with', 'without'] as const) {
        test(`${site}: no serious axe violation on ${name}, ${mode} JavaScript`, async ({
          page,
        }) => {
          await quietPage(page, site);
          if (mode === 'without') await serveWithoutScripts(page);
          let target: string = p;
          if (p === '/posts/recipes') {
            await page.goto(brandUrl(site, p));
            target = (await page.locator('main article h2 a').first().getAttribute('href')) ?? p;
          }
          await page.goto(brandUrl(site, target));
          if (mode === 'with') await page.waitForLoadState('networkidle');
          await expectNoSeriousAxeViolations(page);
        });
      }
    }
  }
});

test.describe('small screens and forms without JavaScript', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu button opens the drawer with drawer-only items and it closes on navigation', async ({
    page,
  }) => {
    await quietPage(page, 'lins');
    await page.goto(brandUrl('lins', '/posts'));
    await page.getByRole('button', { name: 'Menu' }).click();
    const drawer = page.getByRole('dialog');
    const group = menu('lins', 'main').menu.find((i) => i.drawerOnly && !i.children)!;
    await expect(drawer.getByRole('link', { name: group.label })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Log In' })).toBeVisible();
    await drawer.getByRole('link', { name: group.label }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${group.to}$`));
  });

  test('with JavaScript a phone gets one menu: the drawer, no second list above the footer', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await quietPage(page, 'lins');
    await page.goto(brandUrl('lins', '/posts'));
    await waitForHydration(page);
    await expect(page.getByTestId('site-nav')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Menu', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  });

  test('without JavaScript the menu button leads to the menu list @nojs-only', async ({ page }) => {
    await page.goto(brandUrl('lins', '/posts'));
    await page.getByTestId('menu-button').click();
    await expect(page).toHaveURL(/#site-nav$/);
    const nav = page.getByTestId('site-nav');
    for (const item of menu('lins', 'main').menu.filter((i) => !i.barOnly)) {
      await expect(nav.getByText(item.label, { exact: true }).first()).toBeVisible();
    }
  });
});
