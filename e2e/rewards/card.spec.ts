import type { Page } from '@playwright/test';
import { decodeRow } from '../../test/code128-decode';
import { expect, submitLogin, test } from '../kit/fixtures';
import { pngRow } from '../kit/png-row';
import { FRESH_PASSWORD } from '../kit/shoppers';
import { brandUrl, dismissPopups, expectNoSeriousAxeViolations } from '../kit/support';

/**
 * The shopper's card (docs/reference/card.md): /card for the register's scanner, read back from
 * its pixels on a phone and a desktop, and the compact card with its reveal on /rewards and
 * /account, with JavaScript and without. A fresh shopper on harvest ('Rewards card'). The card
 * with the loyalty service stopped is checked in e2e/ops/loyalty-down.spec.ts (it needs a site
 * of its own) and in the loader's unit test.
 */

const SITE = 'harvest';
const PHONE = { width: 412, height: 823 };
const DESKTOP = { width: 1366, height: 900 };

/** Reads the /card barcode back from a screenshot: one pixel row through the middle of the bars. */
async function readBarcode(page: Page) {
  const svg = page.getByRole('img', { name: 'Barcode of your card number' });
  await expect(svg).toBeVisible();
  const png = await svg.screenshot({ animations: 'disabled' });
  const { height, row } = pngRow(png, 0);
  const middle = pngRow(png, Math.floor(height / 2)).row;
  expect(row.length).toBe(middle.length);
  const columns = Number(await svg.getAttribute('data-modules'));
  const box = await svg.boundingBox();
  return { ...decodeRow(middle), width: box!.width, columns };
}

test('/card reads back to the card number on a phone and a desktop; the compact card reveals it on /rewards and /account @nojs', async ({
  page,
  newShopper,
}) => {
  const shopper = await newShopper({ site: SITE });
  const no = shopper.frqShopperNo;
  const masked = `•••• ${no.slice(-4)}`;
  await dismissPopups(page);
  // Nothing may cover the barcode's screenshot: the cookie notice is already answered.
  await page.addInitScript(() =>
    localStorage.setItem('dismissed_cookie_notice', JSON.stringify({ value: true, expiry: null })),
  );

  // A guest goes to the login and comes back to the card.
  await page.setViewportSize(PHONE);
  await page.goto(brandUrl(SITE, '/card'));
  await expect(page).toHaveURL(brandUrl(SITE, '/login?redirectTo=%2Fcard'));
  await submitLogin(page, shopper.email, FRESH_PASSWORD);
  await expect(page).toHaveURL(brandUrl(SITE, '/card'));

  await expect(page.getByRole('heading', { level: 1, name: 'Rewards card' })).toBeVisible();
  await expect(page).toHaveTitle(/^My Card/);
  expect(await page.title()).not.toContain(no);
  await expect(
    page.getByText('Turn your screen brightness up so the scanner can read it.'),
  ).toBeVisible();
  await expect(page.getByTestId('card-digits')).toHaveText(no.replace(/(\d{4})(?=\d)/g, '$1 '));
  const svg = page.getByRole('img', { name: 'Barcode of your card number' });
  await expect(svg).toHaveAttribute('shape-rendering', 'crispEdges');

  // Phone: whole pixels per module, inside the screen, quiet zones kept.
  const phone = await readBarcode(page);
  expect(phone.text).toBe(no);
  expect(phone.moduleWidth).toBe(3);
  expect(phone.width).toBe(phone.columns * 3);
  expect(phone.width).toBeLessThanOrEqual(PHONE.width);
  expect(phone.quietLeft).toBeGreaterThanOrEqual(10);
  expect(phone.quietRight).toBeGreaterThanOrEqual(10);

  // Desktop: the full 4 px per module.
  await page.setViewportSize(DESKTOP);
  const desktop = await readBarcode(page);
  expect(desktop).toMatchObject({ text: no, moduleWidth: 4, width: desktop.columns * 4 });
  expect(desktop.quietLeft).toBeGreaterThanOrEqual(10);

  // Printed: the card alone.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('app-bar')).toBeHidden();
  await expect(page.getByTestId('site-footer')).toBeHidden();
  await expect(svg).toBeVisible();
  await expect(page.getByTestId('card-digits')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
  if (test.info().project.name === 'js') await expectNoSeriousAxeViolations(page);

  // The compact card, on a phone on /rewards and on a desktop on /account.
  for (const [path, size] of [
    ['/rewards', PHONE],
    ['/account', DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto(brandUrl(SITE, path));
    const card = page.getByTestId('shopper-card');
    await expect(card.getByRole('heading', { name: 'Rewards card' })).toBeVisible();
    await expect(card.getByTestId('card-masked')).toHaveText(masked);
    await expect(card.getByRole('img', { name: 'Barcode of your card number' })).toBeVisible();
    const full = card.getByTestId('card-number');
    await expect(full).toBeHidden();
    // The reveal is a disclosure: the keyboard opens and closes it, with or without a script.
    const summary = card.locator('summary');
    await expect(summary.getByText('Show full number')).toBeVisible();
    await expect(summary.getByText('Hide full number')).toBeHidden();
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(full).toBeVisible();
    await expect(full).toHaveText(no.replace(/(\d{4})(?=\d)/g, '$1 '));
    await expect(summary.getByText('Hide full number')).toBeVisible();
    await expect(summary.getByText('Show full number')).toBeHidden();
    await summary.click();
    await expect(full).toBeHidden();
    await expect(card.getByRole('link', { name: 'Show card for scanning' })).toHaveAttribute(
      'href',
      '/card',
    );
    expect(await page.title()).not.toContain(no);
  }

  // The account menu leads to the card (after My Account); the scanning link does too.
  const menu = page.getByTestId('account-menu').first();
  await menu.getByText(`Hey ${shopper.firstName}!`).click();
  await expect(menu.getByRole('link', { name: 'My Card' })).toHaveAttribute('href', '/card');
  await expect(menu.getByRole('link')).toHaveText(['My Account', 'My Card', 'Shopping List']);
  await menu.getByText(`Hey ${shopper.firstName}!`).click();
  await page
    .getByTestId('shopper-card')
    .getByRole('link', { name: 'Show card for scanning' })
    .click();
  await expect(page).toHaveURL(brandUrl(SITE, '/card'));
  await expect(page.getByTestId('card-digits')).toBeVisible();
});
