import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { tenant } from '../kit/content';
import { expect, test } from '../kit/fixtures';
import { startSiteProcess, type SiteProcess } from '../kit/site-process';
import {
  afterQueuedWork,
  brandUrl,
  dismissPopups,
  expectNoSeriousAxeViolations,
  PORT,
  serveWithoutScripts,
  waitForHydration,
} from '../kit/support';

/**
 * /weekly-ad (docs/reference/weekly-ad.md) on two brands, with JavaScript and without (`@nojs` tests run in
 * both projects): the real reference ad viewer (started in-process by the e2e server) in the
 * frame, its messages, the text version and its search, the store pages' links, and a second
 * site whose brand points its ad viewer at a closed port. Expectations come from content files.
 */
interface AdStoreContent {
  name: string;
  storeNumber: string;
  adviewerPage: string;
  hidden?: boolean;
  hiddenInHomeSelector?: boolean;
}

function stores(site: string): AdStoreContent[] {
  const file = path.join('content', site, 'retailer-info.json');
  const info = JSON.parse(fs.readFileSync(file, 'utf8')) as { locations: AdStoreContent[] };
  return info.locations.filter((l) => !l.hidden);
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Two brands of several stores; the store each test shows (a store the home selector offers). */
const BRANDS = ['lins', 'dans'].map((site) => {
  const list = stores(site).filter((s) => !s.hiddenInHomeSelector);
  return { site, store: list[1], other: list[2] };
});

const isJs = () => test.info().project.name !== 'no-js';
const frame = (page: Page) => page.getByTestId('ad-viewer-frame');
const viewer = (page: Page) => page.frameLocator('[data-testid="ad-viewer-frame"]');
const snackbar = (page: Page) => page.getByTestId('home-store-snackbar');
const textSection = (page: Page) => page.getByTestId('ad-text');

/** The frame's address, parsed. */
async function frameSrc(page: Page): Promise<URL> {
  return new URL((await frame(page).getAttribute('src'))!);
}

/** No popup and no cookie notice over the page. */
test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
  await page.addInitScript(() =>
    localStorage.setItem('dismissed_cookie_notice', JSON.stringify({ value: true, expiry: null })),
  );
});

for (const { site, store, other } of BRANDS) {
  test.describe(site, () => {
    test(`the frame shows the store a location names @nojs`, async ({ page }) => {
      const res = await page.goto(brandUrl(site, `/weekly-ad?location=${store.storeNumber}`));
      expect(res?.status()).toBe(200);
      await expect(page).toHaveTitle(`Weekly Ad - ${tenant(site).retailerName}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Weekly Ad' })).toBeVisible();
      await expect(page.getByTestId('weekly-ad-store')).toHaveText(
        `This week’s ad at ${store.name}.`,
      );
      await expect(frame(page)).toHaveAttribute('title', `Weekly ad for ${store.name}`);
      const src = await frameSrc(page);
      expect(src.pathname).toBe(`/${store.adviewerPage}`);
      expect(src.search).toBe('');
      // The real viewer, in the frame: the store's flyer with its prices.
      await expect(viewer(page).getByRole('heading', { level: 1 })).toHaveText(
        `${store.name} Weekly Ad`,
      );
      await expect(viewer(page).locator('.price').first()).toBeVisible();
      // A store by its slug is the same store.
      await page.goto(brandUrl(site, `/weekly-ad?location=${slugOf(store.name)}`));
      expect((await frameSrc(page)).pathname).toBe(`/${store.adviewerPage}`);
    });

    test(`a guest without a store gets the viewer's choose-store prompt @nojs`, async ({
      page,
    }) => {
      await page.goto(brandUrl(site, '/weekly-ad'));
      const src = await frameSrc(page);
      expect(src.search).toBe('?chooseStore');
      await expect(page.getByTestId('weekly-ad-store')).toHaveText(
        'Choose a store to see its weekly ad.',
      );
      await expect(viewer(page).getByText('Choose a store to see its weekly ad.')).toBeVisible();
      await expect(viewer(page).getByLabel('Choose your store')).toBeVisible();
    });

    test(`an unknown location says so and the page still works @nojs`, async ({ page }) => {
      const res = await page.goto(brandUrl(site, '/weekly-ad?location=no-such-store'));
      expect(res?.status()).toBe(200);
      await expect(page.getByTestId('unknown-location')).toContainText(
        'We couldn’t find that store',
      );
      expect((await frameSrc(page)).search).toBe('?chooseStore');
    });

    test(`the text version lists the ad by week, and its search works @nojs`, async ({ page }) => {
      await page.goto(brandUrl(site, `/weekly-ad?location=${store.storeNumber}`));
      const text = textSection(page);
      await expect(text.getByRole('heading', { level: 2 })).toHaveText('This week’s ad as text');
      const weeks = text.getByRole('heading', { level: 3 });
      await expect(weeks).toHaveCount(2);
      await expect(weeks.first()).toHaveText(/^This week: Valid \w{3}, \w{3} \d+ - /);
      await expect(weeks.nth(1)).toHaveText(/^Next week: Valid /);
      const products = text.getByRole('heading', { level: 4 });
      const all = await products.count();
      expect(all).toBeGreaterThan(20);
      await expect(text.getByTestId('ad-text-item').first()).toContainText(/Ends \w{3} \d+, \d{4}/);

      // Search for the first product by its name: only products naming it remain.
      const name = (await products.first().textContent())!.trim();
      const word = name.split(' ')[0];
      const search = text.getByRole('search', { name: 'Search the weekly ad' });
      // The live list is the hydrated page's (before, the box is a plain GET form).
      if (isJs()) await waitForHydration(page);
      await search.getByLabel('Search the ad').fill(word);
      if (isJs()) {
        // With JavaScript the list follows the box before anything is sent.
        await expect(text.getByTestId('ad-text-status')).toContainText(`“${word}”`);
      }
      await search.getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(
        brandUrl(site, `/weekly-ad?location=${store.storeNumber}&q=${encodeURIComponent(word)}`),
      );
      await expect(text.getByTestId('ad-text-status')).toHaveText(
        /^\d+ products? match(es)? “.+”\.$/,
      );
      const found = await text.getByTestId('ad-text-item').allTextContents();
      expect(found.length).toBeGreaterThan(0);
      expect(found.length).toBeLessThan(all);
      for (const item of found) expect(item.toLowerCase()).toContain(word.toLowerCase());
      // The frame still shows the same store.
      expect((await frameSrc(page)).pathname).toBe(`/${store.adviewerPage}`);

      await search.getByLabel('Search the ad').fill('no product is called this');
      await search.getByRole('button', { name: 'Search' }).click();
      await expect(text.getByTestId('ad-text-status')).toHaveText(
        'No products in this ad match “no product is called this”.',
      );
      await expect(text.getByTestId('ad-text-item')).toHaveCount(0);
    });

    test(`the store chooser shows any store's ad without changing the home store @nojs`, async ({
      page,
    }) => {
      await page.goto(brandUrl(site, `/weekly-ad?location=${store.storeNumber}`));
      const chooser = page.getByTestId('weekly-ad-chooser');
      await chooser.getByLabel('Store').selectOption(other.storeNumber);
      await chooser.getByRole('button', { name: 'Show this store’s ad' }).click();
      await expect(page).toHaveURL(brandUrl(site, `/weekly-ad?location=${other.storeNumber}`));
      await expect(page.getByTestId('weekly-ad-store')).toHaveText(
        `This week’s ad at ${other.name}.`,
      );
      expect((await frameSrc(page)).pathname).toBe(`/${other.adviewerPage}`);
      await expect(textSection(page)).toContainText(other.name);
      // The home store is still none.
      await expect(page.getByTestId('home-store-select')).toHaveValue('');
    });

    test(`each store page links to its weekly ad @nojs`, async ({ page }) => {
      await page.goto(brandUrl(site, `/locations/${slugOf(store.name)}`));
      await page.getByRole('link', { name: 'Shop this store’s weekly ad' }).click();
      await expect(page).toHaveURL(brandUrl(site, `/weekly-ad?location=${store.storeNumber}`));
      expect((await frameSrc(page)).pathname).toBe(`/${store.adviewerPage}`);
    });

    test(`only the viewer's own frame is heard: a store picked in it becomes the home store`, async ({
      page,
    }) => {
      test.skip(!isJs(), 'messages need JavaScript');
      const posts: string[] = [];
      page.on('request', (r) => {
        // Home-store posts only (the banner's report beacons go out on their own).
        // (A script's post goes to the route's single-fetch address, /home-store.data.)
        if (r.method() === 'POST' && /^\/home-store(\.data)?$/.test(new URL(r.url()).pathname)) {
          posts.push(r.url());
        }
      });
      await page.goto(brandUrl(site, '/weekly-ad'));
      await waitForHydration(page);
      const origin = (await frameSrc(page)).origin;
      await expect(viewer(page).getByLabel('Choose your store')).toBeVisible();

      // Messages from elsewhere, shaped exactly as the viewer's: all ignored.
      await page.evaluate(
        ({ origin, page: adPage }) => {
          const frameWindow = document.querySelector<HTMLIFrameElement>(
            '[data-testid="ad-viewer-frame"]',
          )!.contentWindow;
          const data = { type: 'store-changed', page: adPage };
          const send = (init: MessageEventInit) =>
            window.dispatchEvent(new MessageEvent('message', init));
          // Another origin, claiming to be the frame.
          send({ data, origin: 'http://evil.localhost', source: frameWindow });
          send({ data: { type: 'sign-in' }, origin: 'http://evil.localhost', source: frameWindow });
          // The viewer's origin, but not from the frame.
          send({ data, origin, source: window });
          // A real message from the page's own origin.
          window.postMessage(data, '*');
        },
        { origin, page: store.adviewerPage },
      );
      // Settled: a message of the test's own, posted last, has arrived (messages arrive in
      // order, and the page's listener acts on each at once), and the work it queued has run; a
      // post it had started would be among the router's fetchers.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const last = 'e2e-last-message';
            const listener = (event: MessageEvent) => {
              if (event.data !== last) return;
              window.removeEventListener('message', listener);
              resolve();
            };
            window.addEventListener('message', listener);
            window.postMessage(last, '*');
          }),
      );
      await afterQueuedWork(page);
      expect(
        await page.evaluate(() =>
          [
            ...(
              window as unknown as {
                __remixRouter: { state: { fetchers: Map<string, { formAction?: string }> } };
              }
            ).__remixRouter.state.fetchers.values(),
          ].map((f) => f.formAction ?? ''),
        ),
      ).not.toContainEqual(expect.stringContaining('/home-store'));
      expect(posts).toEqual([]);
      await expect(snackbar(page)).not.toHaveAttribute('data-open', 'true');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByTestId('home-store-select')).toHaveValue('');
      expect((await frameSrc(page)).search).toBe('?chooseStore');

      // The shopper picks a store inside the real viewer: it says so, and the page follows.
      await viewer(page).getByLabel('Choose your store').selectOption(store.adviewerPage);
      await viewer(page).getByRole('button', { name: 'Show this store’s ad' }).click();
      await expect(snackbar(page).getByRole('status')).toHaveText(`Now shopping at ${store.name}.`);
      await expect(page.getByTestId('home-store-select')).toHaveValue(store.storeNumber);
      expect(posts).toHaveLength(1);
      await expect(page).toHaveURL(brandUrl(site, '/weekly-ad'));
      await expect.poll(async () => (await frameSrc(page)).pathname).toBe(`/${store.adviewerPage}`);
      expect((await frameSrc(page)).search).toBe('');
      await expect(page.getByTestId('weekly-ad-store')).toHaveText(
        `This week’s ad at ${store.name}.`,
      );
      await expect(textSection(page)).toContainText(store.name);
    });

    for (const mode of ['with', 'without'] as const) {
      // Both in the project with JavaScript (axe needs it): 'without' serves the page with its
      // scripts removed, as e2e/stores/locator.spec.ts does.
      test(`no serious accessibility problem, ${mode} JavaScript`, async ({ page }) => {
        const address = brandUrl(site, `/weekly-ad?location=${store.storeNumber}&q=a`);
        if (mode === 'with') {
          await page.goto(address);
          await expect(viewer(page).getByRole('heading', { level: 1 })).toBeVisible();
        } else {
          await serveWithoutScripts(page);
          // Chromium refuses a loopback frame in a page a test served itself (local network
          // access checks): the frame holds a placeholder here, the viewer is checked above.
          const siteHost = new URL(brandUrl(site)).host;
          await page.route(
            (url) => url.host !== siteHost,
            (route) =>
              route.fulfill({
                contentType: 'text/html',
                body: '<!doctype html><html lang="en"><title>Ad viewer</title><main>Ad</main></html>',
              }),
          );
          await page.goto(address);
          await expect(textSection(page).getByRole('heading', { level: 2 })).toBeVisible();
        }
        await expectNoSeriousAxeViolations(page);
      });
    }
  });
}

test('sign-in in the viewer opens the login; back on the page the frame carries the token', async ({
  page,
  newShopper,
}) => {
  const shopper = await newShopper({ site: 'lins' });
  await page.setViewportSize({ width: 1280, height: 900 });
  const { store } = BRANDS[0];
  await page.goto(brandUrl('lins', `/weekly-ad?location=${store.storeNumber}`));
  await waitForHydration(page);
  await viewer(page).getByRole('button', { name: 'Sign in' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.locator('input[name="password"]').fill(shopper.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('banner').getByText(`Hey ${shopper.firstName}!`)).toBeVisible();
  expect(page.url()).toBe(brandUrl('lins', `/weekly-ad?location=${store.storeNumber}`));
  await expect.poll(async () => (await frameSrc(page)).searchParams.get('token')).toBeTruthy();
  expect((await frameSrc(page)).pathname).toBe(`/${store.adviewerPage}`);
  // The viewer knows the shopper now: no Sign in button.
  await expect(viewer(page).getByRole('heading', { level: 1 })).toBeVisible();
  await expect(viewer(page).getByRole('button', { name: 'Sign in' })).toHaveCount(0);
});

test('a shopper’s page is personal: the token never reaches a shared cache @nojs', async ({
  page,
  signInNewShopper,
}) => {
  await signInNewShopper({ site: 'dans', redirectTo: '/weekly-ad' });
  const res = await page.reload();
  expect(res?.headers()['cache-control']).toBe('private, no-store');
  expect((await frameSrc(page)).searchParams.get('token')).toBeTruthy();
});

test('on a phone the text is the main view and the frame one tap away; nothing scrolls sideways @nojs', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { store } = BRANDS[1];
  await page.goto(brandUrl('dans', `/weekly-ad?location=${store.storeNumber}`));
  // The frame waits behind its disclosure, the text version right under it.
  await expect(frame(page)).toBeHidden();
  const toggle = page.getByTestId('ad-viewer-toggle');
  await expect(toggle).toBeVisible();
  const text = (await textSection(page).boundingBox())!;
  expect(text.y).toBeGreaterThan((await toggle.boundingBox())!.y);
  await toggle.click();
  await expect(frame(page)).toBeVisible();
  const box = (await frame(page).boundingBox())!;
  expect(box.x).toBeLessThanOrEqual(1);
  expect(box.width).toBeGreaterThanOrEqual(388);
  // Tall, yet shorter than the screen: the page around it can always be scrolled.
  expect(box.height).toBeGreaterThanOrEqual(500);
  expect(box.height).toBeLessThan(844);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test.describe('a brand whose ad viewer cannot be reached', () => {
  test.describe.configure({ mode: 'serial' });
  test.setTimeout(180_000);
  let site: SiteProcess | null = null;
  let tenantsDir = '';
  const EXTERNAL = 'https://ads.example.com/lins';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    tenantsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-weekly-ad-tenants-'));
    for (const f of fs.readdirSync('tenants')) {
      fs.copyFileSync(path.join('tenants', f), path.join(tenantsDir, f));
    }
    const file = path.join(tenantsDir, 'lins.json');
    const lins = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      services: Record<string, unknown>;
    };
    // Nothing listens on the discard port: every call to this ad viewer is refused.
    lins.services.adviewer = { url: 'http://127.0.0.1:9', defaultPage: 'lins' };
    lins.services.weeklyAdExternalUrl = EXTERNAL;
    fs.writeFileSync(file, JSON.stringify(lins, null, 2));
    site = await startSiteProcess({
      // One process per project (each runs this file in its own worker).
      port: PORT + 56 + (test.info().project.name === 'js' ? 0 : 1),
      name: 'weekly-ad-down',
      env: { TENANTS_DIR: tenantsDir, RATE_LIMIT_IP_PER_MINUTE: '1000' },
    });
  });
  test.afterAll(async () => {
    await site?.stop();
    if (tenantsDir) fs.rmSync(tenantsDir, { recursive: true, force: true });
  });

  test('the page is 200 with the unavailable sentence in the text section @nojs', async ({
    page,
  }) => {
    const url = (brand: string, p: string) => `http://${brand}.localhost:${site!.port}${p}`;
    const res = await page.goto(url('lins', '/weekly-ad?location=0012'));
    expect(res?.status()).toBe(200);
    await expect(textSection(page).getByTestId('no-weekly-ads')).toHaveText(
      'Sorry, no weekly ads are available at this time. Please check back soon.',
    );
    // The frame keeps its address (the viewer may come back); the page's own parts work.
    expect((await frameSrc(page)).href).toBe('http://127.0.0.1:9/lins-cedar-city');
    await expect(page.getByTestId('weekly-ad-chooser')).toBeVisible();
    await expect(page.getByTestId('weekly-ad-external')).toHaveAttribute('href', EXTERNAL);
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // Another brand of the same process still has its ads.
    await page.goto(url('dans', '/weekly-ad?location=0202'));
    await expect(textSection(page).getByTestId('ad-text-item').first()).toBeVisible();
    expect(site!.errorLogs()).toEqual([]);
  });
});
