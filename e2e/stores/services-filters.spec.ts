import { expect, test, type Page } from '@playwright/test';
import { brandUrl, dismissPopups, waitForHydration } from '../kit/support';

/**
 * Store services and the locator's filters (docs/reference/stores.md "Services and filters"):
 * a store page lists its departments and services; the locator's 'Open now', 'Has pharmacy' and
 * service filters are a GET form that works without JavaScript (and applies at once with it),
 * carried in the address with the search, so a shared link shows the same list.
 */

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 412, height: 823 };

const rowNames = (page: Page) =>
  page.getByTestId('store-row').getByRole('heading', { level: 2 }).allTextContents();

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('filters combine with the search, stay in the address and come back from a link @nojs', async ({
    page,
    javaScriptEnabled,
  }) => {
    await dismissPopups(page);
    await page.goto(brandUrl('lins', '/locations?q=84770'));
    if (javaScriptEnabled) await waitForHydration(page);
    const filters = page.getByRole('form', { name: 'Filter stores' });
    await filters.getByRole('checkbox', { name: 'Has pharmacy' }).check();
    if (javaScriptEnabled) {
      // With JavaScript a change applies at once, no button needed.
      await expect(page).toHaveURL(/[?&]pharmacy=1/);
      await expect(page.getByTestId('store-row')).toHaveCount(4);
    }
    await filters.getByLabel('Department or service').selectOption('Curbside pickup');
    await filters.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/q=84770/);
    await expect(page).toHaveURL(/pharmacy=1/);
    await expect(page).toHaveURL(/service=Curbside\+pickup/);
    // Nearest to St. George first, only the stores with a pharmacy and curbside pickup.
    await expect.poll(() => rowNames(page)).toEqual(["Lin's St. George", "Lin's Cedar City"]);
    await expect(page.getByTestId('search-summary')).toContainText('2 of 6 stores');

    // A shared link: the same list and the form as it was.
    const shared = page.url();
    const other = await page.context().newPage();
    await other.goto(shared);
    await expect.poll(() => rowNames(other)).toEqual(["Lin's St. George", "Lin's Cedar City"]);
    const again = other.getByRole('form', { name: 'Filter stores' });
    await expect(again.getByRole('checkbox', { name: 'Has pharmacy' })).toBeChecked();
    await expect(again.getByRole('checkbox', { name: 'Open now' })).not.toBeChecked();
    await expect(again.getByLabel('Department or service')).toHaveValue('Curbside pickup');
    await other.close();

    // A new search keeps the filters.
    await page.getByLabel('Address, city or ZIP').fill('Elko, NV');
    await page
      .getByRole('search', { name: 'Find a store' })
      .getByRole('button', { name: 'Search' })
      .click();
    await expect(page).toHaveURL(/q=Elko%2C\+NV/);
    await expect(page).toHaveURL(/pharmacy=1/);
    // From Elko, Cedar City is the nearer of the two.
    await expect.poll(() => rowNames(page)).toEqual(["Lin's Cedar City", "Lin's St. George"]);
    await expect(page.getByTestId('search-summary')).toContainText('Nearest to Elko, NV first');

    // 'Open now' passes exactly the stores whose line says open.
    await page.goto(brandUrl('lins', '/locations'));
    if (javaScriptEnabled) await waitForHydration(page);
    const openNames = await page
      .getByTestId('store-row')
      .filter({ has: page.locator('[data-testid="open-now"][data-open="true"]') })
      .getByRole('heading', { level: 2 })
      .allTextContents();
    await page.getByRole('checkbox', { name: 'Open now' }).check();
    if (!javaScriptEnabled) await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/open=1/);
    await expect.poll(() => rowNames(page)).toEqual(openNames);
    await expect(page.locator('[data-testid="open-now"][data-open="false"]')).toHaveCount(0);
  });

  test('an empty result says so and offers to clear the filters @nojs', async ({ page }) => {
    await dismissPopups(page);
    // Dick's: the only salad bar is at a store without a pharmacy.
    await page.goto(brandUrl('dicks', '/locations?pharmacy=1&service=Salad+bar'));
    await expect(page.getByTestId('store-row')).toHaveCount(0);
    const empty = page.getByTestId('no-filter-match');
    await expect(empty).toContainText('No stores match these filters.');
    await empty.getByRole('link', { name: 'Clear filters and show every store' }).click();
    await expect(page).toHaveURL(/\/locations$/);
    await expect(page.getByTestId('store-row')).toHaveCount(5);
    await expect(page.getByRole('checkbox', { name: 'Has pharmacy' })).not.toBeChecked();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test("a store's page lists its departments and services; the filter form fits @nojs", async ({
    page,
  }) => {
    await dismissPopups(page);
    await page.goto(brandUrl('dans', '/locations?service=Ski+wax+and+rentals'));
    await expect.poll(() => rowNames(page)).toEqual(["Dan's Park City"]);
    // The form is no wider than the phone.
    const box = await page.getByRole('form', { name: 'Filter stores' }).boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('link', { name: /^Store details/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText("Dan's Park City");
    const services = page.getByTestId('store-services');
    await expect(page.getByRole('heading', { name: 'Departments and services' })).toBeVisible();
    await expect(services.getByRole('listitem')).toHaveText([
      'Pharmacy',
      'Bakery',
      'Deli',
      'Floral',
      'Ski wax and rentals',
      'Curbside pickup',
      'Catering',
    ]);
  });
});
