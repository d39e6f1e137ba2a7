import { expect, test, type Page } from '@playwright/test';
import { serverClockEnv } from '../kit/server-clock';
import { startSiteProcess, type SiteProcess } from '../kit/site-process';
import { dismissPopups, expectNoSeriousAxeViolations, PORT } from '../kit/support';

/**
 * Holiday and special hours (docs/reference/stores.md "Rules"), on Thanksgiving 2026 at 10 AM in
 * Denver: the site's own process runs with its clock set to that morning (e2e/kit/server-clock.ts),
 * the page's clock too, and the demo content's holidays show on the locator's open-now lines and
 * in a store page's list of the next 30 days (Thanksgiving to Christmas Day; New Year's is past
 * the window). JavaScript on and off, on a phone and a desktop screen.
 */
const THANKSGIVING_10_AM = new Date('2026-11-26T17:00:00Z');

test.describe.configure({ mode: 'default' });

let site: SiteProcess;
const portOf = (project: string) => PORT + (project === 'no-js' ? 91 : 90);
const at = (brand: string, path: string) => `http://${brand}.localhost:${site.port}${path}`;

test.beforeAll(async ({ browserName: _browser }, testInfo) => {
  // A second site process starts in seconds, or a minute on a machine busy with other tests.
  test.setTimeout(180_000);
  site = await startSiteProcess({
    port: portOf(testInfo.project.name),
    name: 'special-hours',
    env: serverClockEnv(THANKSGIVING_10_AM),
  });
});
test.afterAll(async () => site?.stop());

async function open(page: Page, url: string) {
  await dismissPopups(page);
  await page.addInitScript(() => {
    localStorage.setItem('dismissed_cookie_notice', JSON.stringify({ value: true, expiry: null }));
  });
  await page.clock.setFixedTime(THANKSGIVING_10_AM);
  await page.goto(url);
}

async function noSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

const SCREENS = [
  { name: 'phone', viewport: { width: 412, height: 823 } },
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
] as const;

for (const screen of SCREENS) {
  test.describe(`on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport });

    test('the locator says which stores are closed for Thanksgiving, and their pharmacies @nojs', async ({
      page,
    }) => {
      await open(page, at('lins', '/locations'));
      const rows = page.getByTestId('store-row');
      await expect(rows).toHaveCount(6);
      // Every Lin's is closed, the Nevada stores on their own (Pacific) calendar as well.
      await expect(rows.getByTestId('open-now')).toHaveText(
        Array(6).fill('Closed today · Thanksgiving'),
      );
      await expect(rows.first().getByText(/^Today: /)).toHaveText('Today: Closed · Thanksgiving');
      await expect(rows.first().getByText(/^Pharmacy today: /)).toHaveText(
        'Pharmacy today: Closed · Thanksgiving',
      );
      await noSidewaysScroll(page);

      // Harvest Table keeps short hours: open at 10 AM, until 2 PM.
      await open(page, at('harvest', '/locations'));
      await expect(page.getByTestId('store-row').getByTestId('open-now')).toHaveText(
        Array(5).fill('Open today 7 AM – 2 PM · Thanksgiving'),
      );
    });

    test("a store page lists the next 30 days' holiday hours, the store's and the pharmacy's @nojs", async ({
      page,
      javaScriptEnabled,
    }) => {
      await open(page, at('lins', '/locations/lins-cedar-city'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText("Lin's Cedar City");
      await expect(page.getByTestId('open-now').first()).toHaveText('Closed today · Thanksgiving');
      const store = page.getByTestId('store-special-hours');
      await expect(store.locator('caption')).toHaveText('Holiday and special hours');
      await expect(store.getByRole('row')).toHaveText([
        /^Thu, Nov 26\s*Thanksgiving\s*Closed$/,
        /^Thu, Dec 24\s*Christmas Eve\s*7 AM – 5 PM$/,
        /^Fri, Dec 25\s*Christmas Day\s*Closed$/,
      ]);
      // The week's table shows the holiday on its day, today.
      const thursday = page.getByTestId('store-hours').getByRole('row', { name: /^Thursday/ });
      await expect(thursday).toHaveText(/^Thursday\s*Today\s*Closed\s*Thanksgiving, Thu, Nov 26$/);
      await expect(thursday).toHaveAttribute('aria-current', 'date');
      await expect(page.getByTestId('store-hours').getByTestId('week-special')).toHaveCount(1);
      await expect(
        page.getByTestId('pharmacy-hours').getByRole('row', { name: /^Thursday/ }),
      ).toContainText('Closed');
      const pharmacy = page.getByTestId('pharmacy-special-hours');
      await expect(pharmacy.locator('caption')).toHaveText('Pharmacy holiday and special hours');
      await expect(pharmacy.getByRole('row')).toHaveText([
        /^Thu, Nov 26\s*Thanksgiving\s*Closed$/,
        /^Thu, Dec 24\s*Christmas Eve\s*9 AM – 1 PM$/,
        /^Fri, Dec 25\s*Christmas Day\s*Closed$/,
      ]);
      await expect(
        page.getByRole('region', { name: 'Pharmacy' }).getByTestId('open-now'),
      ).toHaveText('Closed today · Thanksgiving');
      await noSidewaysScroll(page);
      // axe runs as a script in the page: the JavaScript project checks the markup both serve.
      if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);

      // The hours a brand's holiday post promises, New Year's left for later (past 30 days).
      await open(page, at('fresh-market', '/locations/fresh-market-pocatello'));
      await expect(page.getByTestId('open-now').first()).toHaveText(
        'Open today 6 AM – 3 PM · Thanksgiving',
      );
      await expect(page.getByTestId('store-special-hours').getByRole('row')).toHaveText([
        /^Thu, Nov 26\s*Thanksgiving\s*6 AM – 3 PM$/,
        /^Thu, Dec 24\s*Christmas Eve\s*6 AM – 6 PM$/,
        /^Fri, Dec 25\s*Christmas Day\s*Closed$/,
      ]);
      await expect(page.getByText("New Year's")).toHaveCount(0);
    });
  });
}
