import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  brandUrl,
  dismissPopups,
  pauseClock,
  runTimers,
  serveWithoutScripts,
  waitForHydration,
} from '../kit/support';

/** The brand whose tenant turns the store carousel on (features.storeCarousel). */
const SITE = 'fresh-market';
const INTERVAL_MS = 6000;

const slides = (
  JSON.parse(fs.readFileSync(path.join('content', SITE, 'store-carousel.json'), 'utf8')) as {
    slides: { src: string; alt: string; caption: string }[];
  }
).slides;

/** No popup or cookie notice over the page. */
async function quietPage(page: Page) {
  await dismissPopups(page);
  await page.addInitScript(() => {
    localStorage.setItem('dismissed_cookie_notice', JSON.stringify({ value: true, expiry: null }));
  });
}

const carousel = (page: Page) => page.getByTestId('store-carousel');
const current = (page: Page) => carousel(page).locator('figure[data-current]');

async function openHome(page: Page, javaScriptEnabled = true) {
  await quietPage(page);
  await page.goto(brandUrl(SITE));
  if (javaScriptEnabled) await waitForHydration(page);
  await carousel(page).scrollIntoViewIfNeeded();
}

test.describe('store carousel', () => {
  test('six captioned store photos, every one reachable, with or without JavaScript @nojs', async ({
    page,
    javaScriptEnabled,
  }) => {
    expect(slides).toHaveLength(6);
    await openHome(page, javaScriptEnabled);
    const region = carousel(page);
    await expect(region.getByRole('heading', { name: 'Visit our stores' })).toBeVisible();
    // A caption's {hours} is worded from its store's hours: Pocatello's are 6 AM - 12 AM daily.
    await expect(region.locator('figcaption')).toHaveText(
      slides.map((s) => s.caption.replace('{hours}', 'every day from 6 AM to midnight')),
    );
    await expect(region.locator('figcaption').first()).toHaveText(
      'Fresh Market Pocatello on Yellowstone Avenue, open every day from 6 AM to midnight.',
    );
    for (const s of slides) {
      await expect(region.getByRole('img', { name: s.alt })).toHaveAttribute('src', s.src);
    }
    // The last photo is a scroll away in the strip (no script needed to get there).
    const last = region.locator('figure').last();
    await last.scrollIntoViewIfNeeded();
    await expect(last.locator('figcaption')).toBeInViewport();
    await expect(last.getByRole('img')).toBeVisible();

    const pause = region.getByRole('button', { name: 'Pause' });
    if (javaScriptEnabled) {
      await expect(pause).toBeVisible();
      await expect(pause).toHaveAttribute('aria-pressed', 'false');
      await expect(region.getByRole('button', { name: 'Next store photo' })).toBeVisible();
      await expect(region.getByRole('button', { name: 'Previous store photo' })).toBeVisible();
    } else {
      // Buttons that need a script are not offered without one.
      await expect(pause).toHaveCount(0);
    }
  });

  test('advances every 6 seconds; Pause stops it, pressing it again resumes', async ({ page }) => {
    // The carousel's timer runs on the page's clock: the test moves it on instead of waiting.
    await page.clock.install();
    await openHome(page);
    await pauseClock(page);
    await expect(current(page)).toHaveAttribute('aria-label', '1 of 6');
    await runTimers(page, INTERVAL_MS);
    await expect(current(page)).toHaveAttribute('aria-label', '2 of 6');

    const pause = carousel(page).getByRole('button', { name: 'Pause' });
    await pause.click();
    await expect(pause).toHaveAttribute('aria-pressed', 'true');
    // Focus leaves the carousel (focus alone would also hold it still).
    await page.getByRole('heading', { level: 1 }).click();
    // More than an interval on the page's clock: a timer left running would have moved it.
    await runTimers(page, INTERVAL_MS + 1500);
    await expect(current(page)).toHaveAttribute('aria-label', '2 of 6');

    await pause.click();
    await expect(pause).toHaveAttribute('aria-pressed', 'false');
    await page.getByRole('heading', { level: 1 }).click();
    await runTimers(page, INTERVAL_MS);
    await expect(current(page)).toHaveAttribute('aria-label', '3 of 6');
  });

  test('previous and next move the strip, wrapping around', async ({ page }) => {
    // Nothing moves the carousel but the buttons: its timers (the next slide, the strip's scroll
    // settling) wait on the page's clock, stopped.
    await page.clock.install();
    await openHome(page);
    await pauseClock(page);
    const region = carousel(page);
    await region.getByRole('button', { name: 'Pause' }).click();
    await region.getByRole('button', { name: 'Next store photo' }).click();
    await expect(current(page)).toHaveAttribute('aria-label', '2 of 6');
    await expect(region.locator('figure').nth(1).locator('figcaption')).toBeInViewport();
    await region.getByRole('button', { name: 'Previous store photo' }).click();
    // Each press steps from the slide the page shows (a second press before the page has
    // rendered the first one's step would step from the same slide again).
    await expect(current(page)).toHaveAttribute('aria-label', '1 of 6');
    await region.getByRole('button', { name: 'Previous store photo' }).click();
    await expect(current(page)).toHaveAttribute('aria-label', '6 of 6');
    await expect(region.locator('figure').nth(5).locator('figcaption')).toBeInViewport();
  });

  test('holds still while hovered', async ({ page }) => {
    await page.clock.install();
    await openHome(page);
    await pauseClock(page);
    await carousel(page).locator('figure').first().hover();
    // More than an interval on the page's clock (the test above moves it with the same step).
    await runTimers(page, INTERVAL_MS + 1500);
    await expect(current(page)).toHaveAttribute('aria-label', '1 of 6');
  });

  test('never moves by itself under reduced motion', async ({ page }) => {
    await page.clock.install();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHome(page);
    await pauseClock(page);
    const pause = carousel(page).getByRole('button', { name: 'Pause' });
    await expect(pause).toHaveAttribute('aria-pressed', 'true');
    await runTimers(page, INTERVAL_MS + 1500);
    await expect(current(page)).toHaveAttribute('aria-label', '1 of 6');
    // The shopper may still step through by hand.
    await carousel(page).getByRole('button', { name: 'Next store photo' }).click();
    await expect(current(page)).toHaveAttribute('aria-label', '2 of 6');
  });

  async function seriousViolations(page: Page) {
    const results = await new AxeBuilder({ page })
      .include('[data-testid="store-carousel"]')
      .analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help}`);
  }

  test('has no serious accessibility problem, with or without scripts', async ({ page }) => {
    await openHome(page);
    expect(await seriousViolations(page)).toEqual([]);
    // The page as a browser without JavaScript shows it (axe itself needs a script).
    await serveWithoutScripts(page);
    await page.goto(brandUrl(SITE));
    await expect(carousel(page).getByRole('button')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('a brand without the flag has no store carousel @nojs', async ({ page }) => {
    await quietPage(page);
    await page.goto(brandUrl('lins'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(carousel(page)).toHaveCount(0);
  });
});
