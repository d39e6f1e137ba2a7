import type { BrowserContext, Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { expect, test } from '../kit/fixtures';
import { brandUrl, dismissPopups } from '../kit/support';

/**
 * Installing the site and using it offline (docs/reference/offline.md): the brand's manifest as
 * Chromium judges it, and the service worker's offline copies of a signed-in shopper's pages,
 * dropped when another shopper signs in and at logout, never made for a guest. Only with
 * JavaScript (no test is tagged for the no-js project): without it nothing registers a service
 * worker, and the site works as it does without one.
 */

test.use({ serviceWorkers: 'allow' });

const CLIPPED = '/digital-coupons?tab=clipped';
const SHOPPER_PAGES = 'shopper-pages';

/** A same-origin request from the page (Node does not resolve *.localhost): status and headers. */
function fetchFromPage(page: Page, path: string) {
  return page.evaluate(async (p) => {
    const r = await fetch(p, { credentials: 'same-origin' });
    return { status: r.status, headers: Object.fromEntries(r.headers) };
  }, path);
}

/** Waits until the service worker controls the page (it claims the pages open when it starts). */
async function controlled(page: Page) {
  await expect
    .poll(() => page.evaluate(() => !!navigator.serviceWorker?.controller), { timeout: 30_000 })
    .toBe(true);
}

/** The kept copies: their addresses and the shopper key each was kept for. */
function keptCopies(page: Page) {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    return Promise.all(
      (await cache.keys()).map(async (r) => ({
        url: r.url,
        shopper: (await cache.match(r))?.headers.get('x-shopper-key') ?? null,
      })),
    );
  }, SHOPPER_PAGES);
}

/** Offline, a navigation to `path` shows the offline page (not the kept copy of a shopper). */
async function expectOfflinePage(page: Page, context: BrowserContext, path: string) {
  // Nothing of the page left loading: a request cut by going offline may reload the page (a
  // chunk that failed to load does), which would abort the navigation below.
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await page.goto(brandUrl(new URL(page.url()).hostname.split('.')[0], path));
  await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();
  await context.setOffline(false);
}

test('each brand has a manifest Chromium can install', async ({ playwright }, testInfo) => {
  // Chromium never offers to install from a private window: a persistent profile.
  const context = await playwright.chromium.launchPersistentContext(
    testInfo.outputPath('profile'),
    {
      executablePath: '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
      serviceWorkers: 'allow',
    },
  );
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    for (const [site, name, shortName, color] of [
      ['southend', 'Southend Grocers', 'Southend', '#4a148c'],
      ['fresh-market', 'Fresh Market', 'Fresh Market', null],
    ] as const) {
      await page.goto(brandUrl(site, '/'));
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
        'href',
        '/manifest.webmanifest',
      );
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors, site).toEqual([]);
      const parsed = JSON.parse(manifest.data ?? '{}') as Record<string, unknown>;
      expect(parsed).toMatchObject({ name, short_name: shortName, display: 'standalone' });
      if (color) expect(parsed.theme_color).toBe(color);
      // Installable: a manifest, an icon of 144 px or more that loads, a service worker.
      await expect
        .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, {
          timeout: 15_000,
        })
        .toEqual([]);
      const response = await fetchFromPage(page, '/manifest.webmanifest');
      expect(response.headers['content-type']).toContain('application/manifest+json');
      expect(response.headers['cache-control']).toContain('max-age=3600');
      const sw = await fetchFromPage(page, '/sw.js');
      expect(sw.headers['cache-control']).toBe('no-cache');
      await cdp.detach();
    }
    // Every other demo brand: a manifest without errors, whose icons load.
    for (const site of ['lins', 'dicks', 'dans', 'harvest', 'corner']) {
      await page.goto(brandUrl(site, '/'));
      const cdp = await context.newCDPSession(page);
      const manifest = await cdp.send('Page.getAppManifest');
      expect(manifest.errors, site).toEqual([]);
      const parsed = JSON.parse(manifest.data ?? '{}') as { icons?: { src: string }[] };
      expect(parsed.icons?.length, site).toBeGreaterThanOrEqual(2);
      for (const icon of parsed.icons ?? []) {
        const answer = await fetchFromPage(page, icon.src);
        expect(answer.status, `${site} ${icon.src}`).toBe(200);
      }
      await cdp.detach();
    }
  } finally {
    await context.close();
  }
});

test('a shopper finds their clipped coupons offline, until they log out', async ({
  page,
  context,
  signInNewShopper,
  signIn,
  newShopper,
}) => {
  test.setTimeout(90_000);
  await dismissPopups(page);
  const site = 'dicks';
  const shopper = await signInNewShopper({ site, redirectTo: '/digital-coupons' });
  const groupedNumber = shopper.frqShopperNo.match(/.{1,4}/g)!.join(' ');
  await controlled(page);

  // Clip one coupon, then open the clipped view: kept as loaded, for this shopper only.
  const card = page
    .getByTestId('coupon-card')
    .filter({ has: page.getByRole('button', { name: /^Clip for / }) })
    .first();
  const labelledBy = (await card.getAttribute('aria-labelledby')) ?? '';
  await card.getByRole('button', { name: /^Clip for / }).click();
  const clipped = page.locator(`article[aria-labelledby="${labelledBy}"]`);
  await expect(clipped.getByRole('button', { name: 'Clipped' })).toBeDisabled();
  // The clip has been answered (the count of the shopper's tab follows the server's answer).
  await expect(
    page
      .getByRole('navigation', { name: 'Coupon lists' })
      .getByRole('link', { name: /^My Digital Coupons \(1\)$/ }),
  ).toBeVisible();
  await page.goto(brandUrl(site, CLIPPED));
  await expect(clipped).toBeVisible();
  await expect.poll(async () => (await keptCopies(page)).length).toBe(1);
  const [copy] = await keptCopies(page);
  expect(copy.url).toBe(brandUrl(site, CLIPPED));
  expect(copy.shopper).toMatch(/^[\w-]{22}$/);

  // The card and the list (with a line added) are kept the same way.
  await page.goto(brandUrl(site, '/card'));
  await expect(page.getByTestId('card-digits')).toHaveText(groupedNumber);
  await page.goto(brandUrl(site, '/list'));
  const addForm = page.getByRole('form', { name: 'Add to your list' });
  await addForm.getByLabel('Item').fill('Oat milk');
  await addForm.getByRole('button', { name: 'Add to list' }).click();
  await expect(addForm.getByLabel('Item')).toHaveValue('');
  await page.reload();
  await expect(page.getByTestId('list-item-text').getByText('Oat milk')).toBeVisible();
  await expect
    .poll(async () => (await keptCopies(page)).map((c) => c.url).sort())
    .toEqual([brandUrl(site, '/card'), brandUrl(site, CLIPPED), brandUrl(site, '/list')].sort());

  // Offline: the clipped view is the kept copy (with its coupon), another page the offline page
  // (in the brand's shell, linking to the kept pages), as is a page never opened.
  await context.setOffline(true);
  await page.goto(brandUrl(site, CLIPPED));
  await expect(clipped).toBeVisible();
  await page.goto(brandUrl(site, '/digital-coupons?tab=clipped&sort=expiring'));
  await expect(clipped).toBeVisible();
  await page.goto(brandUrl(site, '/weekly-ad'));
  await expect(page.getByRole('heading', { name: 'You are offline', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your clipped coupons' })).toHaveAttribute(
    'href',
    CLIPPED,
  );
  await expect(page.locator('link[rel="stylesheet"]').first()).toBeAttached();
  await page.getByRole('link', { name: 'Your clipped coupons' }).click();
  await expect(clipped).toBeVisible();
  await page.goto(brandUrl(site, '/card'));
  await expect(page.getByTestId('card-digits')).toHaveText(groupedNumber);
  await page.goto(brandUrl(site, '/list'));
  await expect(page.getByTestId('list-item-text').getByText('Oat milk')).toBeVisible();
  await context.setOffline(false);

  // Another shopper signs in on this device: the first one's copy goes before theirs is kept.
  const other = await newShopper({ site });
  await signIn({ site, shopper: other, redirectTo: '/digital-coupons' });
  await expect.poll(async () => (await keptCopies(page)).length).toBe(0);
  await page.goto(brandUrl(site, CLIPPED));
  await expect(clipped).toHaveCount(0);
  await expect.poll(async () => (await keptCopies(page)).length).toBe(1);
  expect((await keptCopies(page))[0].shopper).not.toBe(copy.shopper);

  // Logging out drops every copy: offline, the clipped view is the offline page.
  await page.locator('form[action="/logout"] button').first().dispatchEvent('click');
  await page.waitForURL(brandUrl(site, '/'));
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  await expect.poll(async () => (await keptCopies(page)).length).toBe(0);
  for (const path of [CLIPPED, '/card', '/list']) await expectOfflinePage(page, context, path);
});

test('a guest gets nothing personal kept', async ({ page, context }) => {
  await dismissPopups(page);
  await page.goto(brandUrl('lins', '/'));
  await controlled(page);
  await page.goto(brandUrl('lins', CLIPPED));
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(await keptCopies(page)).toEqual([]);
  await expectOfflinePage(page, context, CLIPPED);
  // The offline page itself was fetched as a guest, whoever was signed in.
  const offline = await page.evaluate(async () => {
    const r = await caches.match('/offline', { cacheName: 'offline-shell' });
    return r ? r.headers.get('x-shopper-key') : 'missing';
  });
  expect(offline).toBeNull();
});
