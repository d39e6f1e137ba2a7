import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { tenant } from '../kit/content';
import {
  brandUrl,
  dismissPopups,
  expectNoSeriousAxeViolations,
  serveWithoutScripts,
  waitForHydration,
} from '../kit/support';

/**
 * The store locator and the store pages (docs/reference/stores.md), with JavaScript and without (`@nojs` tests
 * run in both projects), on a brand with six stores (lins) and a single-location brand (corner).
 * Expectations come from the brands' content files.
 */
interface StoreContent {
  name: string;
  storeNumber: string;
  zip: string;
  timeZone?: string;
  hidden?: boolean;
}

function stores(site: string): StoreContent[] {
  const file = path.join('content', site, 'retailer-info.json');
  const info = JSON.parse(fs.readFileSync(file, 'utf8')) as { locations: StoreContent[] };
  return info.locations.filter((l) => !l.hidden);
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Each brand: a ZIP to search and the store nearest to it. */
const BRANDS = [
  { site: 'lins', zip: '84770', nearest: "Lin's St. George" },
  { site: 'corner', zip: '84036', nearest: 'Maple Corner Kamas' },
] as const;

/** No popup or cookie notice over the page (they have tests of their own). */
async function quiet(page: Page) {
  await dismissPopups(page);
  await page.addInitScript(() => {
    localStorage.setItem('dismissed_cookie_notice', JSON.stringify({ value: true, expiry: null }));
  });
}

const rows = (page: Page) => page.getByTestId('store-row');
/** The locator's own search form (the header has the site search). */
const finder = (page: Page) => page.getByRole('search', { name: 'Find a store' });

async function milesShown(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('store-miles').allTextContents();
  return texts.map((t) => {
    const m = /^(\d+) mi$/.exec(t.trim());
    expect(m, t).not.toBeNull();
    return Number(m![1]);
  });
}

test.describe('store locator', () => {
  for (const { site, zip, nearest } of BRANDS) {
    test(`${site}: searching a ZIP code sorts the stores by distance in miles @nojs`, async ({
      page,
    }) => {
      await quiet(page);
      await page.goto(brandUrl(site, '/locations'));
      await expect(page).toHaveTitle(`Store Locator - ${tenant(site).retailerName}`);
      const all = stores(site);
      await expect(rows(page)).toHaveCount(all.length);
      // Before a search: content order, no distances.
      await expect(page.getByTestId('store-miles')).toHaveCount(0);
      await expect(rows(page).first().getByRole('heading')).toHaveText(all[0].name);

      await finder(page).getByLabel('Address, city or ZIP').fill(zip);
      await finder(page).getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(brandUrl(site, `/locations?q=${zip}`));
      await expect(page.getByTestId('search-summary')).toContainText(zip);
      await expect(rows(page).first().getByRole('heading')).toHaveText(nearest);
      const miles = await milesShown(page);
      expect(miles).toHaveLength(all.length);
      expect(miles).toEqual([...miles].sort((a, b) => a - b));
      expect(miles[0]).toBeLessThanOrEqual(2);
      // Each row: open-now line, today's hours, phone and directions.
      const first = rows(page).first();
      await expect(first.getByTestId('open-now')).toHaveText(
        /^(Open now · closes .+|Closed · opens .+|Closed|Open 24 hours)$/,
      );
      await expect(first.getByText(/^Today: /)).toBeVisible();
      await expect(first.locator('a[href^="tel:"]')).toHaveCount(1);
      const directions = first.getByRole('link', {
        name: /^Directions to .+\(opens in a new tab\)$/,
      });
      await expect(directions).toHaveAttribute('target', '_blank');
      await expect(directions).toHaveAttribute('rel', /noopener/);
      await expect(directions).toHaveAttribute(
        'href',
        /^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=/,
      );
    });
  }

  test('a city and state sorts too; an unknown place says so and keeps every store @nojs', async ({
    page,
  }) => {
    await quiet(page);
    await page.goto(brandUrl('lins', '/locations?q=Elko%2C+NV'));
    await expect(rows(page).first().getByRole('heading')).toHaveText("Lin's Elko");
    await finder(page).getByLabel('Address, city or ZIP').fill('Atlantis');
    await finder(page).getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByTestId('search-unmatched')).toHaveText(
      'We couldn’t find that place. Try a ZIP code or a city and state.',
    );
    await expect(rows(page)).toHaveCount(stores('lins').length);
    await expect(page.getByTestId('store-miles')).toHaveCount(0);
  });

  test('Use my location sorts by the browser position', async ({ page, context }) => {
    await quiet(page);
    await context.grantPermissions(['geolocation'], { origin: brandUrl('lins', '') });
    // Beside the Elko store.
    await context.setGeolocation({ latitude: 40.86, longitude: -115.74 });
    await page.goto(brandUrl('lins', '/locations'));
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page).toHaveURL(/\/locations\?lat=40\.86&lng=-115\.74$/);
    await expect(rows(page).first().getByRole('heading')).toHaveText("Lin's Elko");
    await expect(page.getByTestId('search-summary')).toHaveText('Nearest to your location first');
    expect((await milesShown(page))[0]).toBe(0);
  });

  test('Use my location without permission shows the error snackbar, which can be dismissed', async ({
    page,
    context,
  }) => {
    await quiet(page);
    await context.clearPermissions();
    await page.goto(brandUrl('corner', '/locations'));
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Use my location' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'There was a problem' });
    await expect(alert).toHaveText('There was a problem getting your current location.');
    await alert.getByRole('button', { name: 'Dismiss' }).click();
    await expect(alert).toHaveCount(0);
    await expect(page).toHaveURL(brandUrl('corner', '/locations'));
  });

  test('without JavaScript there is no Use my location button @nojs-only', async ({ page }) => {
    await page.goto(brandUrl('lins', '/locations'));
    await expect(finder(page).getByRole('button', { name: 'Search', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Use my location' })).toHaveCount(0);
  });
});

test.describe('store pages', () => {
  for (const { site } of BRANDS) {
    test(`${site}: a store page shows its week of hours with today marked @nojs`, async ({
      page,
    }) => {
      await quiet(page);
      const store = stores(site)[0];
      await page.goto(brandUrl(site, '/locations'));
      await rows(page).first().getByRole('link', { name: store.name, exact: true }).click();
      await expect(page).toHaveURL(brandUrl(site, `/locations/${slugOf(store.name)}`));
      await expect(page).toHaveTitle(`${store.name} - ${tenant(site).retailerName}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(store.name);
      await expect(page.getByTestId('open-now').first()).toBeVisible();

      const week = page.getByTestId('store-hours');
      await expect(week.locator('tbody tr')).toHaveCount(7);
      const today = new Intl.DateTimeFormat('en-US', {
        weekday: 'long',
        timeZone: store.timeZone ?? 'America/Denver',
      }).format(new Date());
      const marked = week.locator('tr[aria-current="date"]');
      await expect(marked).toHaveCount(1);
      await expect(marked.locator('th')).toHaveText(`${today}Today`);
      await expect(
        page.getByRole('link', { name: /^Directions to .+\(opens in a new tab\)$/ }),
      ).toBeVisible();
      // A guest may shop the store; a single-location brand's one store is already the home store.
      if (site === 'corner') {
        await expect(page.getByText('You are shopping at this store.')).toBeVisible();
      } else {
        await expect(page.getByRole('button', { name: /^Shop this store/ })).toBeVisible();
      }
    });
  }

  test('the address matches whatever its case @nojs', async ({ page }) => {
    const response = await page.goto(brandUrl('lins', '/locations/LINS-ELKO'));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Lin's Elko");
  });

  test('a store with a pharmacy shows its hours @nojs', async ({ page }) => {
    await page.goto(brandUrl('lins', '/locations/lins-st-george'));
    await expect(page.getByTestId('open-now').first()).toHaveText('Open 24 hours');
    await expect(page.getByTestId('pharmacy-hours').locator('tbody tr')).toHaveCount(7);
  });

  for (const { site } of BRANDS) {
    test(`${site}: an unknown store answers 404 with 'Location not found.' @nojs`, async ({
      page,
    }) => {
      const response = await page.goto(brandUrl(site, '/locations/no-such-store'));
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId('error-message')).toHaveText('Location not found.');
    });
  }
});

test.describe('stores accessibility', () => {
  for (const { site, zip } of BRANDS) {
    for (const mode of ['with', 'without'] as const) {
      test(`${site}: no serious axe violation on the locator and a store page, ${mode} JavaScript`, async ({
        page,
      }) => {
        await quiet(page);
        if (mode === 'without') await serveWithoutScripts(page);
        for (const target of [
          `/locations?q=${zip}`,
          `/locations/${slugOf(stores(site)[0].name)}`,
        ]) {
          await page.goto(brandUrl(site, target));
          if (mode === 'with') await waitForHydration(page);
          await expectNoSeriousAxeViolations(page);
        }
      });
    }
  }
});

test.describe('stores on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const target of ['/locations?q=84720', '/locations/lins-cedar-city']) {
    test(`${target} is one column with no sideways scrolling @nojs`, async ({ page }) => {
      await quiet(page);
      await page.goto(brandUrl('lins', target));
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      const blocks = target.startsWith('/locations?')
        ? rows(page)
        : page.locator('main section, main table');
      const boxes = await blocks.evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return { left: Math.round(r.left), right: Math.round(r.right) };
        }),
      );
      expect(boxes.length).toBeGreaterThan(1);
      // Stacked, not side by side: every block starts at the same left edge within the page.
      for (const box of boxes) {
        expect(box.left).toBe(boxes[0].left);
        expect(box.right).toBeLessThanOrEqual(390);
      }
    });
  }
});
