import type { Locator, Page } from '@playwright/test';
import { AVA } from '../../test/demo';
import { expect, test } from '../kit/fixtures';
import { brandUrl, dismissPopups, expectNoSeriousAxeViolations } from '../kit/support';

/**
 * After the trip, on /account/receipts (docs/reference/receipts.md): a clipped coupon that did
 * not come off is flagged on its receipt with 'Ask us to check', which opens the customer-service
 * form prefilled; each trip says what it saved and the page sums the trips shown; the search by
 * item, store and dates is a GET form; the print view carries the same. Ava's seeded history has
 * a trip with such coupons. Nothing here changes Ava. With and without JavaScript; a phone and a
 * desktop.
 */

const MISS = 'Clipped and probably bought, but no digital coupon on this receipt';
const site = 'lins';

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

const summaries = (page: Page) => page.locator('details[data-receipt] > summary');
/** Cents of an amount as the page writes it: '$1.50' or '50¢'. */
const dollars = (text: string) =>
  text.includes('¢')
    ? Number(text.replace(/[^\d]/g, ''))
    : Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

/**
 * The page's 'You saved $X on N trips', checked against the trips listed. Retried until the two
 * agree: after a search with JavaScript the address changes a moment before the list is drawn.
 */
async function expectSavedSum(page: Page) {
  let found = { count: 0, cents: 0 };
  await expect(async () => {
    const sentence = (await page.getByTestId('receipts-saved').textContent()) ?? '';
    const m = /^You saved (\$[\d,]+\.\d{2}|\d{1,2}¢) on (\d+) trips?$/.exec(sentence);
    expect(m, sentence).not.toBeNull();
    const count = await summaries(page).count();
    expect(Number(m![2])).toBe(count);
    const saved = await summaries(page)
      .locator('span', { hasText: /^Saved / })
      .allTextContents();
    expect(saved.reduce((n, t) => n + dollars(t), 0)).toBe(dollars(m![1]));
    found = { count, cents: dollars(m![1]) };
  }).toPass({ timeout: 10_000 });
  return found;
}

/** Opens a receipt (a <details>: no JavaScript needed) unless it is open already. */
async function open(receipt: Locator) {
  if ((await receipt.getAttribute('open')) === null) await receipt.locator('summary').click();
  await expect(receipt).toHaveAttribute('open', '');
}

/** The search form's field of that label. */
const field = (page: Page, label: string) =>
  page.getByRole('form', { name: 'Find receipts' }).getByLabel(label, { exact: true });

async function expectFitsWidth(page: Page) {
  const [scroll, width] = await page.evaluate(() => [
    document.querySelector('main')?.scrollWidth ?? 0,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(width);
}

test('a missed coupon flagged and asked about, savings summed, receipts searched and printed @nojs', async ({
  page,
  signIn,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 412, height: 823 });
  await signIn({ site, shopper: AVA, redirectTo: '/account/receipts' });
  await expect(page.getByRole('heading', { level: 1, name: 'Receipts' })).toBeVisible();
  const all = await expectSavedSum(page);
  expect(all.count).toBeGreaterThanOrEqual(20);
  expect(all.cents).toBeGreaterThan(0);

  // The flagged trip: its summary says so; opened, each coupon with the text and a way to ask.
  const flagged = page
    .locator('details[data-receipt]')
    .filter({ has: page.getByTestId('receipt-flag') });
  expect(await flagged.count()).toBeGreaterThanOrEqual(1);
  const trip = flagged.first();
  await open(trip);
  const misses = trip.getByTestId('coupon-miss');
  expect(await misses.count()).toBeGreaterThanOrEqual(1);
  await expect(misses.first().getByText(MISS)).toBeVisible();
  await expect(trip.getByTestId('trip-savings')).toContainText(
    /You saved \$\d+\.\d{2} on this trip/,
  );
  await expect(trip.getByTestId('trip-savings')).toContainText('Loyalty discounts');
  const coupon = (await misses.first().locator('p').nth(1).textContent())!.split(' bought as ')[0];
  const couponText = coupon.replace(/\s*·.*$/, '').trim();
  const tripDate = (await trip.locator('summary > span').first().textContent())!;
  const txn = (await trip
    .locator('dt', { hasText: 'Transaction number' })
    .locator('+ dd')
    .textContent())!;
  const ask = await misses
    .first()
    .getByRole('link', { name: /^Ask us to check/ })
    .getAttribute('href');
  const askQuery = new URL(ask!, 'http://x').searchParams;
  expect(askQuery.get('transaction')).toBe(txn);
  const day = askQuery.get('receiptDate')!;
  expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expectFitsWidth(page);

  if (test.info().project.name === 'js') await expectNoSeriousAxeViolations(page);

  // Searching by an item of that trip keeps it, and sums only what is shown.
  const line = (await misses.first().locator('p').nth(1).textContent())!.split('·').at(-1)!.trim();
  await field(page, 'Search items').fill(line);
  await page.getByRole('button', { name: 'Show receipts' }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.locator('details[data-receipt]').filter({ hasText: tripDate })).not.toHaveCount(
    0,
  );
  const found = await expectSavedSum(page);
  expect(found.count).toBeLessThan(all.count);
  expect(found.cents).toBeLessThanOrEqual(all.cents);

  // 'Ask us to check': the customer-service form, prefilled.
  const shown = page
    .locator('details[data-receipt]')
    .filter({ has: page.getByTestId('receipt-flag') })
    .first();
  await open(shown);
  await shown
    .getByRole('link', { name: /^Ask us to check/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/forms\/customer-service\?/);
  const message = page.getByLabel(/^Message/);
  await expect(message).toHaveValue(new RegExp(`transaction number ${txn}`));
  await expect(message).toHaveValue(new RegExp(`of ${tripDate}`));
  expect(await message.inputValue()).toContain(`"${couponText}"`);
  await expect(page.getByLabel(/^Topic/)).toHaveValue('My Perks account');
  await expectFitsWidth(page);

  // Store and dates: a shareable address; every receipt shown matches.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(brandUrl(site, '/account/receipts'));
  const store = (await page.locator('#receipts-store option').nth(1).getAttribute('value'))!;
  await field(page, 'Store').selectOption(store);
  await page.getByRole('button', { name: 'Show receipts' }).click();
  await expect(page).toHaveURL(/[?&]store=/);
  // Only that store's receipts, once the list is drawn (a moment after the address changes).
  await expect(
    summaries(page).locator(':scope > span:nth-child(2)').filter({ hasNotText: store }),
  ).toHaveCount(0);
  const stores = await summaries(page).locator(':scope > span:nth-child(2)').allTextContents();
  expect(stores.length).toBeGreaterThan(0);
  expect(new Set(stores)).toEqual(new Set([store]));
  await expectSavedSum(page);

  await page.goto(brandUrl(site, `/account/receipts?from=${day}&to=${day}`));
  await expect(field(page, 'From')).toHaveValue(day);
  const days = await summaries(page).locator(':scope > span:first-child').allTextContents();
  expect(new Set(days)).toEqual(new Set([tripDate]));
  await expect(page.getByTestId('receipt-flag').first()).toBeVisible();
  await expectSavedSum(page);
  await expectFitsWidth(page);

  // The print view of the same search: each trip opened, the flag on it.
  await page.getByRole('link', { name: 'Print these receipts' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/receipts/print\\?from=${day}&to=${day}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Your receipts' })).toBeVisible();
  await expect(page.getByText(MISS).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^Ask us to check/ }).first()).toBeVisible();
  await expect(page.getByTestId('receipts-saved')).toHaveText(
    /^You saved \$[\d,]+\.\d{2} on \d+ trips?$/,
  );

  // A bad query: its messages, never an error page; the other fields still apply.
  const bad = await page.goto(
    brandUrl(site, `/account/receipts?from=2026-02-31&to=nope&q=${'x'.repeat(90)}`),
  );
  expect(bad?.status()).toBe(200);
  await expect(page.getByText('Please enter a valid date.')).toHaveCount(2);
  await expect(page.getByText('Please enter at most 60 characters.')).toBeVisible();
  await expect(field(page, 'From')).toHaveAttribute('aria-invalid', 'true');
  expect((await expectSavedSum(page)).count).toBe(all.count);
});
