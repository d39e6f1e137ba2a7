import { expect, test, type Page } from '@playwright/test';
import { startSiteProcess, type SiteProcess } from '../kit/site-process';
import { brandUrl, dismissPopups, PORT, waitForHydration } from '../kit/support';

/**
 * The store map on the locator and a store's page (docs/reference/stores.md): without a key (every demo
 * run) the server-drawn SVG map, its markers links to the store pages; with JavaScript the list
 * and the map select each other. With a Google Maps key (a site process of its own with the
 * demo brand harvest's key variable set) the page asks Google's loader for the Maps script with
 * that key; there is no network here, so the request is caught and answered with nothing.
 */

test('the locator draws a marker per store, each a link to its page, the nearest selected @nojs', async ({
  page,
}) => {
  await page.goto(brandUrl('lins', '/locations?q=84770'));
  const map = page.getByRole('group', { name: 'Map of our stores' });
  await expect(map).toBeVisible();
  const links = map.locator('a');
  await expect(links).toHaveCount(6);
  const stGeorge = map.getByRole('link', { name: "Lin's St. George" });
  await expect(stGeorge).toHaveAttribute('href', '/locations/lins-st-george');
  await expect(stGeorge).toHaveAttribute('aria-current', 'true');
  // The outline is one cached file under the markers.
  const outline = await map.locator('image').getAttribute('href');
  expect(outline).toMatch(/^\/locations\/map\.svg\?v=[0-9a-f]+$/);
  // (Fetched by the browser: only it resolves *.localhost names here.)
  const file = await page.context().newPage();
  const res = await file.goto(brandUrl('lins', outline!));
  expect(res!.headers()['content-type']).toContain('image/svg+xml');
  expect(res!.headers()['cache-control']).toContain('immutable');
  await file.close();

  if (test.info().project.name === 'no-js') {
    // Without JavaScript a marker is a plain link to the store's page.
    await map.getByRole('link', { name: "Lin's Elko" }).click();
    await expect(page).toHaveURL(/\/locations\/lins-elko$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Lin's Elko");
    await expect(page.getByRole('group', { name: "Map of Lin's Elko" })).toBeVisible();
  }
});

test('with JavaScript the map selects its store in the list and the list selects its marker', async ({
  page,
}) => {
  await dismissPopups(page);
  await page.goto(brandUrl('lins', '/locations'));
  await waitForHydration(page);
  const map = page.getByRole('group', { name: 'Map of our stores' });
  await map.getByRole('link', { name: "Lin's Richfield" }).click();
  // The page stays; the row is selected and focused, the marker current.
  await expect(page).toHaveURL(/\/locations$/);
  const row = page.locator('li[data-store-number="0045"]');
  await expect(row).toHaveAttribute('aria-current', 'true');
  await expect(row).toBeFocused();
  await expect(map.getByRole('link', { name: "Lin's Richfield" })).toHaveAttribute(
    'aria-current',
    'true',
  );

  // A row's 'Show on map' selects its marker (and only it).
  await page.getByRole('button', { name: /^Show on map\W+Lin's Mesquite$/ }).click();
  await expect(map.getByRole('link', { name: "Lin's Mesquite" })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await expect(map.locator('a[aria-current]')).toHaveCount(1);
  await expect(page.locator('li[data-store-number="0057"]')).toHaveAttribute(
    'aria-current',
    'true',
  );
  // Keyboard: Enter on a focused marker selects it too.
  await map.getByRole('link', { name: "Lin's Hurricane" }).focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('li[data-store-number="0034"]')).toBeFocused();
});

const viewWidth = async (page: Page) =>
  Number(
    (await page.getByRole('group', { name: 'Map of our stores' }).getAttribute('viewBox'))!.split(
      ' ',
    )[2],
  );

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test("'Show on map' brings the map into view zoomed on the store; the home store's marker follows 'Shop this store'", async ({
    page,
  }) => {
    await dismissPopups(page);
    await page.goto(brandUrl('lins', '/locations'));
    await waitForHydration(page);
    const map = page.getByRole('group', { name: 'Map of our stores' });
    const whole = await viewWidth(page);
    // On a phone the map is below the list, out of view.
    await expect(map).not.toBeInViewport();
    await page.getByRole('button', { name: /^Show on map\W+Lin's Cedar City$/ }).click();
    await expect(map).toBeInViewport();
    await expect(map.getByRole('link', { name: "Lin's Cedar City" })).toHaveAttribute(
      'aria-current',
      'true',
    );
    // Zoomed to the store's area.
    await expect.poll(() => viewWidth(page)).toBeLessThan(whole / 2);
    await page.getByRole('button', { name: 'Show all stores on the map' }).click();
    await expect.poll(() => viewWidth(page)).toBe(whole);

    // Directions name the store's address, not its coordinates.
    const row = page.locator('li[data-store-number="0057"]');
    const directions = await row.getByRole('link', { name: /Directions/ }).getAttribute('href');
    expect(decodeURIComponent(new URL(directions!).searchParams.get('destination')!)).toMatch(
      /^\d+ .+, Mesquite, NV \d{5}$/,
    );

    // 'Shop this store': the marker follows, drawn as the home store.
    await row.getByRole('button', { name: /^Shop this store/ }).click();
    const home = map.getByRole('link', { name: "Lin's Mesquite (your store)" });
    await expect(home).toHaveAttribute('aria-current', 'true');
    await expect(home).toHaveAttribute('data-home', 'true');
    await expect(map.locator('a[data-home]')).toHaveCount(1);
    await expect(row.getByText('Your store')).toBeVisible();
  });
});

test('searches read a state and offer the other places of an ambiguous name @nojs', async ({
  page,
}) => {
  await dismissPopups(page);
  const summary = page.getByTestId('search-summary');
  for (const q of ['Utah', 'UT']) {
    await page.goto(brandUrl('lins', `/locations?q=${q}`));
    await expect(summary).toHaveText('Nearest to Utah first');
  }
  // Nevada: the state, where the brand has stores; the towns called Nevada are offered.
  await page.goto(brandUrl('lins', '/locations?q=Nevada'));
  await expect(summary).toHaveText('Nearest to Nevada first');
  const choices = page.getByRole('navigation', { name: 'Other places' });
  await expect(choices.getByRole('link', { name: 'Nevada, MO' })).toBeVisible();
  // Paris: Idaho's is nearest these stores; Texas's is a click away.
  await page.getByLabel('Address, city or ZIP').fill('Paris');
  await page
    .getByRole('search', { name: 'Find a store' })
    .getByRole('button', { name: 'Search' })
    .click();
  await expect(summary).toHaveText('Nearest to Paris, ID first');
  await choices.getByRole('link', { name: 'Paris, TX' }).click();
  await expect(summary).toHaveText('Nearest to Paris, TX first');
  await expect(choices).toHaveCount(0);

  // Without JavaScript the home store's marker is drawn as such after 'Shop this store' too.
  await page.goto(brandUrl('lins', '/locations'));
  await page
    .locator('li[data-store-number="0034"]')
    .getByRole('button', { name: /^Shop this store/ })
    .click();
  const map = page.getByRole('group', { name: 'Map of our stores' });
  await expect(map.getByRole('link', { name: "Lin's Hurricane (your store)" })).toHaveAttribute(
    'data-home',
    'true',
  );
});

test("a store's page centres the map on the store @nojs", async ({ page }) => {
  await page.goto(brandUrl('corner', '/locations'));
  const link = page.getByRole('link', { name: 'Maple Corner Kamas' }).first();
  const href = await link.getAttribute('href');
  await page.goto(brandUrl('corner', href!));
  const map = page.getByRole('group', { name: 'Map of Maple Corner Kamas' });
  await expect(map.getByRole('link', { name: 'Maple Corner Kamas' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  // Zoomed on the store: the view box is smaller than the whole map's.
  const [, , w] = (await map.getAttribute('viewBox'))!.split(' ').map(Number);
  await page.goto(brandUrl('corner', '/locations'));
  const [, , whole] = (await page
    .getByRole('group', { name: 'Map of our stores' })
    .getAttribute('viewBox'))!
    .split(' ')
    .map(Number);
  expect(w).toBeLessThan(whole);
});

test.describe('with a Google Maps key', () => {
  const KEY = 'e2e-test-maps-key-0123456789';
  let site: SiteProcess;
  const port = PORT + 50;

  test.beforeAll(async () => {
    // A second site process starts in seconds, or a minute on a machine busy with other tests.
    test.setTimeout(180_000);
    site = await startSiteProcess({
      port,
      name: 'maps-key',
      env: { HARVEST_MAPS_API_KEY: KEY },
    });
  });
  test.afterAll(async () => site?.stop());

  test("the page asks Google's loader for the Maps script with the brand's key", async ({
    page,
  }) => {
    const asked: string[] = [];
    // The brand's app popup is modal: open, it hides the map from the accessibility tree.
    await dismissPopups(page);
    await page.route(/^https:\/\/maps\.googleapis\.com\//, async (route) => {
      asked.push(route.request().url());
      await route.abort();
    });
    const res = await page.goto(`http://harvest.localhost:${port}/locations`);
    // Only this brand's policy names Google's origins.
    const csp = res!.headers()['content-security-policy'];
    expect(csp).toMatch(/script-src[^;]*https:\/\/maps\.googleapis\.com/);
    expect(csp).toMatch(/frame-src[^;]*https:\/\/www\.google\.com/);
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    const url = new URL(asked[0]);
    expect(url.pathname).toBe('/maps/api/js');
    expect(url.searchParams.get('key')).toBe(KEY);
    expect(url.searchParams.get('callback')).toBeTruthy();
    // Google's script cannot load here (no network): the failure is quiet (no message) and the
    // page falls back to the brand's own server-drawn map, still a map with working markers.
    const fallback = page.getByRole('group', { name: 'Map of our stores' });
    await expect(fallback).toBeVisible();
    await expect(fallback.locator('a')).toHaveCount(5);
    await expect(page.getByText(/Google Maps|not loaded|not configured/)).toHaveCount(0);
    // The key is never logged.
    expect(site.logs.join('\n')).not.toContain(KEY);

    // Another brand of the same process has no key: its SVG map, no Google origin.
    const other = await page.goto(`http://lins.localhost:${port}/locations`);
    expect(other!.headers()['content-security-policy']).not.toContain('googleapis');
    await expect(page.getByRole('group', { name: 'Map of our stores' })).toBeVisible();
  });
});
