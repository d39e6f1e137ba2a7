import type { Locator, Page } from '@playwright/test';
import { denverDate } from '../../common/dates';
import { formatCurrency } from '../../app/lib/money';
import { BEN, CARA } from '../../test/demo';
import { expect, submitLogin, test } from '../kit/fixtures';
import {
  brandUrl,
  dismissPopups,
  expectNoSeriousAxeViolations,
  serveWithoutScripts,
} from '../kit/support';

/**
 * Receipts (/account/receipts) and the year-to-date savings section of /account (docs/reference/
 * rewards.md), with JavaScript and without, on lins (every savings column) and a brand that hides one
 * (dicks: digital coupons, with JavaScript; corner: wallet credit, without). Ben's seeded receipts
 * include one an older register sent, which the page shows as printed. Nothing here changes Ben.
 */

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

const isJs = () => test.info().project.name === 'js';

const ALL_KINDS = [
  'Wallet credit',
  'Digital coupons',
  'Instant savings',
  'Loyalty offers',
  'Targeted offers',
];

/**
 * The element fits the window and scrolls nothing sideways. (Measured on the element: without
 * JavaScript the header's store chooser of a brand with several stores is wider than a phone.)
 */
async function expectFits(page: Page, element: Locator) {
  const width = page.viewportSize()!.width;
  const box = (await element.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  const [scroll, client] = await element.evaluate((e) => [e.scrollWidth, e.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

const summaries = (page: Page) => page.locator('details[data-receipt] > summary');

/** Opens a receipt by clicking its summary (a <details>: no JavaScript needed). */
async function open(receipt: Locator) {
  await receipt.locator('summary').click();
  await expect(receipt).toHaveAttribute('open', '');
}

test('receipts: newest first, the range stated, one opened, the malformed one as printed @nojs', async ({
  page,
  signIn,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const site = 'lins';
  await signIn({ site, shopper: BEN, redirectTo: '/account' });
  await page.getByRole('link', { name: 'View your receipts' }).click();
  await expect(page).toHaveURL(brandUrl(site, '/account/receipts'));
  await expect(page.getByRole('heading', { level: 1, name: 'Receipts' })).toBeVisible();

  // Newest first, over the stated range.
  const count = await summaries(page).count();
  expect(count).toBeGreaterThanOrEqual(20);
  const labels = await summaries(page).locator(':scope > span:first-child').allTextContents();
  const days = labels.map((d) => Date.parse(d));
  expect(days.every(Number.isFinite)).toBe(true);
  for (let k = 1; k < days.length; k += 1) expect(days[k]).toBeLessThanOrEqual(days[k - 1]);
  await expect(page.getByTestId('receipts-range')).toContainText(
    `Receipts from ${labels.at(-1)} to ${labels[0]}`,
  );

  // The newest receipt, read into its parts.
  const newest = page.locator('details[data-receipt]').first();
  await expect(newest.getByRole('table')).toBeHidden();
  await open(newest);
  const items = newest.getByRole('table');
  await expect(items).toBeVisible();
  await expect(items.getByRole('columnheader')).toHaveText(['Item', 'Amount']);
  await expect(items.locator('tfoot th')).toHaveText(['Subtotal', 'Tax', 'Total']);
  const total = (await items.locator('tfoot tr.total td').textContent()) ?? '';
  expect(total).toMatch(/^\$\d[\d,]*\.\d{2}$|^\d{1,2}¢$/);
  await expect(newest.locator('summary')).toContainText(total);
  await expect(newest.getByText('Transaction number')).toBeVisible();
  await expect(newest.getByText(/^Points earned: \d+$/)).toBeVisible();
  expect(await items.locator('tbody tr').count()).toBeGreaterThan(0);

  // The receipt that does not follow the format: its text as printed, never an error.
  const odd = page.locator('details[data-receipt]').filter({ hasText: 'Receipt as printed' });
  await expect(odd).toHaveCount(1);
  await open(odd);
  const raw = odd.getByTestId('receipt-raw');
  await expect(raw).toBeVisible();
  await expect(raw).toContainText('<<< REPRINT - COPY >>>');
  await expect(raw).toContainText('TOTAL                     7.72');
  await expect(odd.getByRole('table')).toHaveCount(0);

  if (isJs()) {
    await expectNoSeriousAxeViolations(page);
    // The page a browser without JavaScript gets, receipts closed and opened.
    await serveWithoutScripts(page);
    await page.goto(brandUrl(site, '/account/receipts'));
    await expectNoSeriousAxeViolations(page);
    await open(page.locator('details[data-receipt]').first());
    await expectNoSeriousAxeViolations(page);
    await page.unrouteAll();
  }

  // A phone: the receipts and an opened one fit the screen.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(brandUrl(site, '/account/receipts'));
  await open(page.locator('details[data-receipt]').first());
  await open(page.locator('details[data-receipt]').filter({ hasText: 'Receipt as printed' }));
  await expectFits(page, page.getByRole('list', { name: 'Your receipts, newest first' }));
  await expectFits(page, page.locator('details[data-receipt]').first());
  await expectFits(page, page.getByTestId('receipt-raw'));

  await page.getByRole('link', { name: 'Back to My Account' }).click();
  await expect(page).toHaveURL(brandUrl(site, '/account'));
});

test('when the signed-in shopper changes, the receipts page goes home', async ({
  page,
  signIn,
}) => {
  test.setTimeout(60_000);
  const site = 'lins';
  await signIn({ site, shopper: BEN, redirectTo: '/account/receipts' });
  await expect(summaries(page).first()).toBeVisible();
  // Another tab of the same browser signs out and signs Cara in.
  const other = await page.context().newPage();
  await dismissPopups(other);
  await other.goto(brandUrl(site, '/account'));
  await other.getByTestId('account-logout').getByRole('button', { name: 'Log Out' }).click();
  await expect(other.getByText(`Hey ${BEN.firstName}!`)).toHaveCount(0);
  await other.goto(brandUrl(site, '/login'));
  await submitLogin(other, CARA.email, CARA.password);
  await expect(other.getByText(`Hey ${CARA.firstName}!`).first()).toBeAttached();
  await other.close();
  // The first tab's data is revalidated (as after any post of the page): Cara's receipts are not
  // shown in Ben's page; it goes home.
  await page.evaluate(() =>
    (window as unknown as { __remixRouter: { revalidate(): void } }).__remixRouter.revalidate(),
  );
  await expect(page).toHaveURL(brandUrl(site, '/'));
  await expect(page.getByText(`Hey ${CARA.firstName}!`).first()).toBeAttached();
});

test('a guest asking for receipts goes home @nojs', async ({ page }) => {
  await page.goto(brandUrl('lins', '/account/receipts'));
  await expect(page).toHaveURL(brandUrl('lins', '/'));
});

for (const { site, js, hidden } of [
  { site: 'lins', js: true, hidden: [] as string[] },
  { site: 'lins', js: false, hidden: [] as string[] },
  { site: 'dicks', js: true, hidden: ['Digital coupons'] },
  { site: 'corner', js: false, hidden: ['Wallet credit'] },
]) {
  test(`savings on /account of ${site}: the table, the chart, a phone @nojs (${js ? 'js' : 'no-js'})`, async ({
    page,
    signIn,
  }) => {
    test.skip(isJs() !== js, 'run by the other project');
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn({ site, shopper: BEN, redirectTo: '/account' });
    const section = page.getByRole('region', { name: 'Year-to-Date Savings' });
    await expect(section).toBeVisible();

    const today = denverDate();
    const year = today.slice(0, 4);
    const months = Number(today.slice(5, 7));
    const kinds = ALL_KINDS.filter((k) => !hidden.includes(k));

    // The table: a row per month so far, the brand's columns, the year's total.
    const table = section.getByTestId('savings-table');
    await expect(table).toBeVisible();
    await expect(table.locator('caption')).toHaveText(`Savings by month, ${year}`);
    await expect(table.locator('thead th')).toHaveText(['Month', ...kinds, 'Total']);
    for (const name of hidden) await expect(section.getByText(name)).toHaveCount(0);
    await expect(table.locator('tbody tr')).toHaveCount(months);
    await expect(table.locator('tbody th').first()).toHaveText('January');
    const cells = await table.locator('tbody td, tfoot td').allTextContents();
    expect(cells.every((c) => /^\$\d[\d,]*\.\d{2}$|^\d{1,2}¢$/.test(c))).toBe(true);
    const yearTotal = (await table.locator('tfoot td').last().textContent()) ?? '';
    await expect(section).toContainText(`You have saved ${yearTotal} so far in ${year}.`);

    // The chart: a bar per month whose segments add up to the table's total of that month.
    const chart = section.getByTestId('savings-chart-columns');
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAttribute('role', 'img');
    await expect(page.getByRole('img', { name: `Your savings by month in ${year}` })).toHaveCount(
      1,
    );
    await expect(chart.getByTestId('savings-chart-legend').locator('text')).toHaveText(kinds);
    const bars = chart.locator('g[data-month]');
    await expect(bars).toHaveCount(months);
    const rowTotals = await table.locator('tbody td:last-child').allTextContents();
    for (let m = 0; m < months; m += 1) {
      const bar = bars.nth(m);
      const values = (await bar
        .locator('rect')
        .evaluateAll((rects) =>
          rects.map((r) => Number(r.getAttribute('data-value'))),
        )) as number[];
      const sum = values.reduce((s, v) => s + Math.round(v * 100), 0) / 100;
      expect(formatCurrency(sum)).toBe(rowTotals[m]);
      expect(Number(await bar.getAttribute('data-total'))).toBeCloseTo(sum, 2);
    }
    await expect(section.getByTestId('savings-chart-rows')).toBeHidden();

    // The links the page adds.
    await expect(page.getByRole('link', { name: 'View your receipts' })).toHaveAttribute(
      'href',
      '/account/receipts',
    );
    await expect(page.getByRole('link', { name: 'Choose your charity' })).toHaveAttribute(
      'href',
      '/rewards/charity',
    );

    if (js) {
      await expectNoSeriousAxeViolations(page);
      await serveWithoutScripts(page);
      await page.goto(brandUrl(site, '/account'));
      await expect(section).toBeVisible();
      await expectNoSeriousAxeViolations(page);
      await page.unrouteAll();
    }

    // A phone: the stacked list and the lying bars instead of the table and the upright bars.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(brandUrl(site, '/account'));
    const list = section.getByTestId('savings-list');
    await expect(list).toBeVisible();
    await expect(table).toBeHidden();
    await expect(list.getByRole('listitem')).toHaveCount(months + 1);
    await expect(list.getByRole('listitem').last()).toContainText('Year to date');
    await expect(list.getByRole('listitem').last()).toContainText(yearTotal);
    await expect(section.getByTestId('savings-chart-rows')).toBeVisible();
    await expect(chart).toBeHidden();
    await expectFits(page, section);
    await expectFits(page, list);
    if (js) await expectNoSeriousAxeViolations(page);
  });
}
