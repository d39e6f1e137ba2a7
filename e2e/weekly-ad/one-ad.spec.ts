import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../kit/fixtures';
import { brandUrl, dismissPopups } from '../kit/support';

/**
 * One weekly ad everywhere (docs/reference/weekly-ad.md "One ad, one picker"), on a phone and on a
 * desktop, with JavaScript and without (`@nojs` tests run in both projects):
 * - the home preview and /weekly-ad show the same store's ad, for a guest without a home store
 *   (the first store's, named, its cards leading to `/weekly-ad?location=` that store) and for a
 *   shopper with a home store (theirs, its cards leading to `/weekly-ad`);
 * - the preview's cards carry the store's name and the ad's dates;
 * - /weekly-ad has one store picker: the page's GET form, which moves the frame and the text (or,
 *   for a guest without a store on a wide screen with scripts, the viewer's choose-store prompt);
 * - on a phone the text is the first view and the frame one tap away, shorter than the screen;
 *   on a desktop the frame stays beside the text while it is read (no blank column).
 */
interface StoreContent {
  name: string;
  storeNumber: string;
  adviewerPage: string;
  hidden?: boolean;
  hiddenInHomeSelector?: boolean;
}

function stores(site: string): StoreContent[] {
  const file = path.join('content', site, 'retailer-info.json');
  const info = JSON.parse(fs.readFileSync(file, 'utf8')) as { locations: StoreContent[] };
  return info.locations.filter((l) => !l.hidden);
}

const SCREENS = {
  phone: { width: 412, height: 823 },
  desktop: { width: 1366, height: 900 },
} as const;

const preview = (page: Page) => page.getByTestId('weekly-ad-preview');
const cards = (page: Page) => preview(page).getByTestId('ad-card');
const frame = (page: Page) => page.getByTestId('ad-viewer-frame');
const textSection = (page: Page) => page.getByTestId('ad-text');

async function frameSrc(page: Page): Promise<URL> {
  return new URL((await frame(page).getAttribute('src'))!);
}

/**
 * The home page with its preview's cards: a page that came before the ad viewer answered (skeleton
 * cards) is visited again, a second apart, until its cards come with it (without JavaScript
 * nothing fetches them).
 */
async function openHome(page: Page, site: string) {
  await expect
    .poll(
      async () => {
        await page.goto(brandUrl(site, '/'));
        return preview(page).getAttribute('data-state');
      },
      { intervals: [1000], timeout: 15_000 },
    )
    .toBe('ready');
}

/** The preview's card titles, and what the preview says of its store and dates. */
async function readPreview(page: Page, store: StoreContent) {
  await expect(preview(page)).toHaveAttribute('data-state', 'ready');
  const whose = preview(page).getByTestId('weekly-ad-preview-store');
  await expect(whose).toContainText(`This week’s ad at ${store.name}`);
  await expect(whose).toContainText(/Valid \w{3}, \w{3} \d+ - \w{3}, \w{3} \d+/);
  const count = await cards(page).count();
  expect(count).toBeGreaterThan(3);
  for (let i = 0; i < count; i += 1) {
    const card = cards(page).nth(i);
    await expect(card.getByTestId('ad-card-store')).toHaveText(store.name);
    await expect(card.getByTestId('ad-card-dates')).toHaveText(/^Valid /);
  }
  return (await cards(page).getByRole('link').allTextContents()).map((t) => t.trim());
}

/** The /weekly-ad page shows `store`'s ad: intro, frame, text version, with `titles` in it. */
async function expectStoresAd(page: Page, store: StoreContent, titles: string[]) {
  await expect(page.getByTestId('weekly-ad-store')).toHaveText(`This week’s ad at ${store.name}.`);
  const src = await frameSrc(page);
  expect(src.pathname).toBe(`/${store.adviewerPage}`);
  expect(src.searchParams.has('chooseStore')).toBe(false);
  await expect(textSection(page)).toContainText(store.name);
  const textTitles = await textSection(page)
    .getByTestId('ad-text-week')
    .first()
    .getByRole('heading', { level: 4 })
    .allTextContents();
  for (const title of titles) expect(textTitles, title).toContain(title);
}

/**
 * One store picker of the page's own: its GET chooser, shown; only where the frame holds the
 * viewer's choose-store prompt on screen (a guest without a store, a wide screen, scripts on)
 * is that prompt the picker and the chooser hidden.
 */
async function expectOnePicker(page: Page, javaScriptEnabled: boolean) {
  await expect(page.locator('main select[name="location"]')).toHaveCount(1);
  const chooser = page.getByTestId('weekly-ad-chooser');
  const prompt = (await frameSrc(page)).searchParams.has('chooseStore');
  if (prompt && javaScriptEnabled && (await frame(page).isVisible())) {
    await expect(chooser).toBeHidden();
    await expect(
      page.frameLocator('[data-testid="ad-viewer-frame"]').getByLabel('Choose your store'),
    ).toBeVisible();
  } else {
    await expect(chooser).toBeVisible();
  }
}

/** The layout of /weekly-ad on this screen: see the module's comment. */
async function expectLayout(page: Page, screen: keyof typeof SCREENS) {
  const viewport = SCREENS[screen];
  const heading = textSection(page).getByRole('heading', { level: 2 });
  if (screen === 'phone') {
    // The frame is not the first view: the text is, the frame behind a disclosure.
    await expect(frame(page)).toBeHidden();
    expect((await heading.boundingBox())!.y).toBeLessThan(viewport.height);
    await page.getByTestId('ad-viewer-toggle').click();
    await expect(frame(page)).toBeVisible();
    const box = (await frame(page).boundingBox())!;
    // Shorter than the screen: a swipe beside it always scrolls the page.
    expect(box.height).toBeLessThan(viewport.height);
    expect(box.width).toBeGreaterThanOrEqual(viewport.width - 2);
  } else {
    await expect(page.getByTestId('ad-viewer-toggle')).toBeHidden();
    await expect(frame(page)).toBeVisible();
    const box = (await frame(page).boundingBox())!;
    const text = (await textSection(page).boundingBox())!;
    // Side by side, the frame at most the window's height.
    expect(box.x + box.width).toBeLessThanOrEqual(text.x);
    expect(box.height).toBeLessThanOrEqual(viewport.height);
    // Read halfway down the text: the frame is in view beside it, whole (it sticks).
    await page.evaluate(() => {
      const text = document.querySelector('[data-testid="ad-text"]')!.getBoundingClientRect();
      window.scrollBy(0, text.top + text.height / 2 - window.innerHeight / 2);
    });
    const middle = (await frame(page).boundingBox())!;
    expect(middle.y).toBeGreaterThanOrEqual(-1);
    expect(middle.y + middle.height).toBeLessThanOrEqual(viewport.height + 1);
    // At the text's last product, the frame still reaches down beside it: no blank column.
    const last = textSection(page).getByTestId('ad-text-item').last();
    await last.scrollIntoViewIfNeeded();
    const end = (await frame(page).boundingBox())!;
    expect(end.y + end.height).toBeGreaterThanOrEqual((await last.boundingBox())!.y);
  }
}

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
  await page.addInitScript(() =>
    localStorage.setItem('dismissed_cookie_notice', JSON.stringify({ value: true, expiry: null })),
  );
});

for (const [screen, viewport] of Object.entries(SCREENS) as [
  keyof typeof SCREENS,
  (typeof SCREENS)[keyof typeof SCREENS],
][]) {
  test.describe(`${screen} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test(`a guest: the preview's store is the ad /weekly-ad shows @nojs`, async ({
      page,
      javaScriptEnabled,
    }) => {
      const site = 'lins';
      const first = stores(site)[0];
      await openHome(page, site);
      const titles = await readPreview(page, first);
      const href = `/weekly-ad?location=${first.storeNumber}`;
      await expect(
        preview(page).getByRole('link', { name: 'See the full weekly ad' }),
      ).toHaveAttribute('href', href);
      for (const link of await cards(page).getByRole('link').all()) {
        await expect(link).toHaveAttribute('href', href);
      }
      await cards(page).first().getByRole('link').click();
      await expect(page).toHaveURL(brandUrl(site, href));
      await expectStoresAd(page, first, titles);
      await expectOnePicker(page, javaScriptEnabled);
      await expectLayout(page, screen);
    });

    test(`a shopper with a home store: theirs on both pages @nojs`, async ({
      page,
      signInNewShopper,
      javaScriptEnabled,
    }) => {
      const site = 'fresh-market';
      const home = stores(site)[2];
      await signInNewShopper({ site, myStore: home.storeNumber, redirectTo: '/' });
      await openHome(page, site);
      const titles = await readPreview(page, home);
      for (const link of await cards(page).getByRole('link').all()) {
        await expect(link).toHaveAttribute('href', '/weekly-ad');
      }
      await cards(page).first().getByRole('link').click();
      await expect(page).toHaveURL(brandUrl(site, '/weekly-ad'));
      await expectStoresAd(page, home, titles);
      // The shopper's frame carries their token.
      expect((await frameSrc(page)).searchParams.get('token')).toBeTruthy();
      await expectOnePicker(page, javaScriptEnabled);
      await expectLayout(page, screen);
    });

    test(`the one picker moves the frame and the text, not the home store @nojs`, async ({
      page,
      javaScriptEnabled,
    }) => {
      const site = 'lins';
      const first = stores(site)[0];
      const other = stores(site).filter((s) => !s.hiddenInHomeSelector)[3];
      await page.goto(brandUrl(site, '/weekly-ad'));
      await expect(page.getByTestId('weekly-ad-store')).toHaveText(
        'Choose a store to see its weekly ad.',
      );
      await expectOnePicker(page, javaScriptEnabled);
      // From the first store's ad (as the home preview links to it), to another one's.
      await page.goto(brandUrl(site, `/weekly-ad?location=${first.storeNumber}`));
      await expectOnePicker(page, javaScriptEnabled);
      const chooser = page.getByTestId('weekly-ad-chooser');
      await chooser.getByLabel('Store').selectOption(other.storeNumber);
      await chooser.getByRole('button', { name: 'Show this store’s ad' }).click();
      await expect(page).toHaveURL(brandUrl(site, `/weekly-ad?location=${other.storeNumber}`));
      await expectStoresAd(page, other, []);
      await expectOnePicker(page, javaScriptEnabled);
      // Only this page changed: the home page still shows the first store's ad.
      await openHome(page, site);
      await readPreview(page, stores(site)[0]);
    });
  });
}
