import type { Page } from '@playwright/test';
import { expect, test } from '../kit/fixtures';
import { brandUrl, dismissPopups } from '../kit/support';

/**
 * A tap on Clip before the coupons page has hydrated (docs/decisions/0029-early-taps.md), on a
 * phone (412 × 823) and a desktop (1366 × 900) window. Without JavaScript the post lands back
 * at the card, kept in place with a 'Clipped' status; with JavaScript the tap starts the page's
 * scripts at once and the hydrated page clips in place, without a reload. Each clips for a
 * shopper of its own, far down the list.
 */

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

const COUPONS = '/digital-coupons';
const VIEWPORTS = [
  { name: 'phone', width: 412, height: 823 },
  { name: 'desktop', width: 1366, height: 900 },
];
/** The card clipped: far down the first 48. */
const FAR_DOWN = 30;

const cards = (page: Page) => page.getByTestId('coupon-card');
const clippedTab = (page: Page) =>
  page
    .getByRole('navigation', { name: 'Coupon lists' })
    .getByRole('link', { name: /^My Digital Coupons \(\d+\)$/ });

async function clippedCount(page: Page): Promise<number> {
  return Number(/\((\d+)\)$/.exec((await clippedTab(page).textContent()) ?? '')![1]);
}

/** The offer id and brand of a card (its summary link's id is `coupon-{offerId}`). */
async function cardFacts(page: Page, index: number) {
  const card = cards(page).nth(index);
  const offerId = ((await card.getAttribute('aria-labelledby')) ?? '').replace('coupon-', '');
  const brand = ((await card.locator('p').first().textContent()) ?? '').trim();
  expect(offerId).toMatch(/^\w+$/);
  return { card, offerId, brand };
}

test('without JavaScript a Clip far down lands back at its card, with a Clipped status @nojs-only', async ({
  page,
  signInNewShopper,
}) => {
  const site = 'corner';
  await signInNewShopper({ site, redirectTo: COUPONS });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto(brandUrl(site, COUPONS));
    const before = await clippedCount(page);
    const { card, offerId, brand } = await cardFacts(page, FAR_DOWN);
    const next = await cardFacts(page, FAR_DOWN + 1);
    await card.getByRole('button', { name: `Clip for ${brand}` }).click();

    // The redirect carries the card's anchor: the browser lands there, not at the top.
    await expect(page).toHaveURL(brandUrl(site, `${COUPONS}#coupon-${offerId}`));
    await expect(clippedTab(page)).toHaveText(`My Digital Coupons (${before + 1})`);
    const kept = page.locator(`#card-${FAR_DOWN + 1}`).getByTestId('coupon-card');
    await expect(kept).toHaveAttribute('aria-labelledby', `coupon-${offerId}`);
    const status = kept.getByRole('status');
    await expect(status, viewport.name).toHaveText(`Clipped: ${brand}`);
    await expect(status).toBeInViewport();
    await expect(kept.getByRole('button', { name: 'Clipped' })).toBeDisabled();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(viewport.height);
    // The keyboard goes on from the card: Tab reaches its 'Add to list', then the next card's
    // link.
    await page.keyboard.press('Tab');
    await expect(kept.getByRole('button', { name: `Add ${brand} to list` })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.locator(`#coupon-${next.offerId}`)).toBeFocused();

    // The status is said once: a reload shows the list without the clipped coupon.
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Clipped:' })).toHaveCount(0);
    await expect(page.locator(`#coupon-${offerId}`)).toHaveCount(0);
  }
});

test("with the page's scripts not yet started, a tap on Clip starts them and the hydrated page clips in place", async ({
  page,
  browser,
  signInNewShopper,
}) => {
  const site = 'dicks';
  await signInNewShopper({ site, redirectTo: COUPONS });
  // The signed-in shopper, in a browser of its own per window: nothing in its cache.
  const storageState = await page.context().storageState();
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ storageState, viewport });
    const tab = await context.newPage();
    const documents: string[] = [];
    const chunks: number[] = [];
    tab.on('request', (r) => {
      if (r.resourceType() === 'document' && r.frame() === tab.mainFrame()) documents.push(r.url());
      if (/\/build\/.+\.js$/.test(r.url())) chunks.push(Date.now());
    });
    // The first screen's images never arrive: the start script waits for them (up to its 3 s
    // fallback), the moment a tap can come before the page's scripts.
    await tab.route(/\.(svg|png|jpe?g|webp|avif|gif)(\?.*)?$/, () => {});
    await tab.goto(brandUrl(site, COUPONS), { waitUntil: 'domcontentloaded' });
    const { card, offerId, brand } = await cardFacts(tab, FAR_DOWN);
    const clip = card.getByRole('button', { name: `Clip for ${brand}` });
    await clip.scrollIntoViewIfNeeded();
    const before = await clippedCount(tab);
    const scrolled = await tab.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(viewport.height);
    expect(chunks, 'no chunk requested before the tap').toEqual([]);
    expect(await tab.locator('html[data-hydrated]').count()).toBe(0);

    const tappedAt = Date.now();
    await clip.click();
    // The tap started the scripts at once (not the 3 s fallback)...
    await expect.poll(() => chunks.length).toBeGreaterThan(0);
    expect(chunks[0] - tappedAt, 'first chunk after the tap (ms)').toBeLessThan(1500);
    // ...and the hydrated page clipped through its fetcher: no second document, same place.
    await expect(tab.locator('html[data-hydrated="true"]')).toBeAttached({ timeout: 15_000 });
    const clipped = tab
      .locator(`article[aria-labelledby="coupon-${offerId}"]`)
      .getByRole('button', { name: 'Clipped' });
    await expect(clipped).toBeDisabled();
    await expect(clippedTab(tab)).toHaveText(`My Digital Coupons (${before + 1})`);
    expect(documents, 'one document: no full-page post').toHaveLength(1);
    expect(tab.url()).toBe(brandUrl(site, COUPONS));
    const now = await tab.evaluate(() => window.scrollY);
    expect(
      Math.abs(now - scrolled),
      `${viewport.name}: scrolled ${scrolled}, now ${now}`,
    ).toBeLessThan(50);
    await expect(clipped).toBeInViewport();
    await context.close();
  }
});
