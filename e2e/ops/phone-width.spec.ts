import { BEN } from '../../test/demo';
import { expect, test } from '../kit/fixtures';
import { brandUrl, dismissPopups } from '../kit/support';

/**
 * Shoppers are mostly on phones: no page may scroll sideways on a 375 px screen, with
 * JavaScript or without (where the header's home-store chooser shows its Choose button and, for a
 * shopper, the 'Make this my home store' checkbox), as a guest or signed in.
 */

test.use({ viewport: { width: 375, height: 740 } });

const PAGES = ['/', '/posts', '/locations', '/weekly-ad', '/digital-coupons', '/newsletter'];
const SHOPPER_PAGES = ['/rewards', '/account', '/account/receipts', '/rewards/charity', '/card'];

async function overflow(page: import('@playwright/test').Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

test('a guest on a phone never scrolls sideways @nojs', async ({ page }) => {
  for (const path of PAGES) {
    await page.goto(brandUrl('lins', path));
    expect(await overflow(page), path).toBeLessThanOrEqual(0);
  }
});

test('a signed-in shopper on a phone never scrolls sideways @nojs', async ({ page, signIn }) => {
  test.setTimeout(90_000);
  // Ben, read only: his seeded receipts, points and coupons fill the pages.
  await signIn({ site: 'lins', shopper: BEN });
  for (const path of [...PAGES, ...SHOPPER_PAGES]) {
    await page.goto(brandUrl('lins', path));
    expect(await overflow(page), path).toBeLessThanOrEqual(0);
  }
});
