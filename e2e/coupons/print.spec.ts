import { type Page } from '@playwright/test';
import { CARA } from '../../test/demo';
import { expect, submitLogin, test } from '../kit/fixtures';
import {
  brandUrl,
  dismissPopups,
  expectNoSeriousAxeViolations,
  waitForHydration,
} from '../kit/support';

/**
 * The printable clipped-coupons page /digital-coupons/print: shopper number as a barcode and the
 * clipped coupons, for signed-in shoppers only. Cara on dans only reads her coupons here.
 */

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

const PRINT = '/digital-coupons/print';

async function expectPrintPage(page: Page) {
  await expect(page).toHaveURL(brandUrl('dans', PRINT));
  await expect(page.getByRole('heading', { level: 1, name: 'My clipped coupons' })).toBeVisible();
  await expect(page.getByText("Dan's Foods", { exact: true }).first()).toBeVisible();
  const barcode = page.getByRole('img', { name: /^Shopper number \d{6,}$/ });
  await expect(barcode).toBeVisible();
  const label = (await barcode.getAttribute('aria-label')) ?? '';
  const shopperNo = label.replace('Shopper number ', '');
  // The number is printed below the bars, for the cashier to type.
  await expect(page.getByText(shopperNo, { exact: true })).toBeVisible();
  expect(await barcode.locator('rect').count()).toBeGreaterThan(20);
  await expect(
    page.getByText('Show this page at the register, or give the cashier your phone number.'),
  ).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  // A header row and at least one coupon.
  expect(await rows.count()).toBeGreaterThan(1);
  await expect(page.getByText(/^\d+ clipped coupons?$/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to digital coupons' })).toHaveAttribute(
    'href',
    '/digital-coupons?tab=clipped',
  );
}

test('a guest logs in first, then sees the barcode and clipped coupons @nojs', async ({
  page,
}, testInfo) => {
  await page.goto(brandUrl('dans', PRINT));
  await expect(page).toHaveURL(brandUrl('dans', '/login?redirectTo=%2Fdigital-coupons%2Fprint'));
  await submitLogin(page, CARA.email, CARA.password);
  await expectPrintPage(page);

  const print = page.getByRole('button', { name: 'Print' });
  if (testInfo.project.name === 'js') {
    await waitForHydration(page);
    await expect(print).toBeVisible();
    // window.print() would open the browser's dialog: count the calls instead.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await print.click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  } else {
    // Without JavaScript there is nothing a Print button could do.
    await expect(print).toHaveCount(0);
  }
});

test('hides the site around the page when printing', async ({ page, signIn }) => {
  await signIn({ site: 'dans', shopper: CARA, redirectTo: PRINT });
  await expect(page.getByRole('heading', { name: 'My clipped coupons' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('app-bar')).toBeHidden();
  await expect(page.getByTestId('site-footer')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('link', { name: 'Back to digital coupons' })).toBeHidden();
  await expect(page.getByRole('img', { name: /^Shopper number / })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByTestId('app-bar')).toBeVisible();
});

test('the print page has no serious axe violation', async ({ page, signIn }) => {
  await signIn({ site: 'dans', shopper: CARA, redirectTo: PRINT });
  await expect(page.getByRole('heading', { name: 'My clipped coupons' })).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
