import { expect, test, type Page } from '@playwright/test';
import {
  afterQueuedWork,
  brandUrl,
  dismissPopups,
  runTimers,
  trackRequests,
  waitForHydration,
} from '../kit/support';

/**
 * The loading rules (docs/reference/shell.md). A page whose script chunk fails to load (an old page after
 * a deploy removed its chunks) reloads itself, at most once per 60 s; links are not prefetched
 * with data saver on.
 */

/** The sessionStorage key of the last chunk reload (app/lib/browser/loading-rules.ts). */
const RELOAD_KEY = 'chunk_reload_at';

/** Counts the documents the tab loads from now on. */
function countDocuments(page: Page) {
  const documents: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document' && r.frame() === page.mainFrame()) documents.push(r.url());
  });
  return documents;
}

/**
 * The chunks matching `pattern` are gone from the server (answered 404) from now on; each refusal
 * is kept with the number of the document the tab was on (counted from now on).
 */
async function removeChunks(page: Page, pattern: RegExp) {
  const refused: { url: string; document: number }[] = [];
  let documents = 0;
  page.on('request', (r) => {
    if (r.resourceType() === 'document' && r.frame() === page.mainFrame()) documents += 1;
  });
  await page.route(pattern, async (route) => {
    refused.push({ url: route.request().url(), document: documents });
    await route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' });
  });
  return refused;
}

const storedReloadTime = (page: Page) =>
  page.evaluate((k) => sessionStorage.getItem(k), RELOAD_KEY);

test.describe('chunk load failure: the page reloads once per 60 seconds', () => {
  test.beforeEach(async ({ page }) => {
    await dismissPopups(page);
  });

  test('a route chunk that fails on navigation reloads the page once, not twice within 60 s', async ({
    page,
  }) => {
    await page.goto(brandUrl('lins', '/'));
    await waitForHydration(page);
    const documents = countDocuments(page);
    await removeChunks(page, /\/build\/routes\/locations\._index-[^/]+\.js$/);
    const stores = page.getByRole('navigation', { name: 'Main' }).getByRole('link', {
      name: 'Stores',
    });

    // The first failure reloads the page the shopper is on, and records when.
    await stores.click();
    await expect.poll(() => documents).toEqual([brandUrl('lins', '/')]);
    await waitForHydration(page);
    const reloadedAt = Number(await page.evaluate((k) => sessionStorage.getItem(k), RELOAD_KEY));
    expect(Date.now() - reloadedAt).toBeLessThan(60_000);

    // Within 60 s a second failure does not reload: the error page says something went wrong.
    // A reload records its time first: once the error page's effects have run, the time is still
    // the first reload's, and no document was asked for.
    await stores.click();
    await expect(page.getByRole('heading', { name: 'An error occurred' })).toBeVisible();
    await afterQueuedWork(page);
    expect(await storedReloadTime(page)).toBe(String(reloadedAt));
    expect(documents).toHaveLength(1);

    // Once 60 s have passed since that reload, a failure may reload again.
    await page.evaluate((k) => sessionStorage.setItem(k, String(Date.now() - 60_000)), RELOAD_KEY);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Stores' })
      .click();
    await expect.poll(() => documents).toHaveLength(2);
  });

  test('a page whose own chunk is gone reloads once, then stays as the server sent it', async ({
    page,
  }) => {
    const documents = countDocuments(page);
    const refused = await removeChunks(page, /\/build\/routes\/locations\._index-[^/]+\.js$/);
    await page.goto(brandUrl('lins', '/locations'));
    await expect.poll(() => documents).toHaveLength(2);
    // The reloaded page fails the same way and keeps its server-rendered content, with the
    // layout of a page without JavaScript (its forms work without the scripts): once its own
    // request for the chunk was refused, its watcher gives up (drops the scripted mark set in
    // its <head>) instead of reloading, and no third document is asked for. Each page asks for
    // the chunk once or twice (its modulepreload link, then the import itself when the refused
    // preload had already ended), so the count is of pages whose chunk was refused.
    const refusedPages = () => new Set(refused.map((r) => r.document)).size;
    await expect.poll(refusedPages).toBe(2);
    await expect(page.locator('html[data-js]')).toHaveCount(0);
    expect(documents).toHaveLength(2);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html[data-hydrated]')).toHaveCount(0);
    await expect(page.locator('html[data-js]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Choose' })).toBeVisible();
  });
});

test.describe('link prefetching: not on 2g, with data saver, or offline', () => {
  /**
   * Hovers the first post card's link and lists the prefetch links added for its page once the
   * page has settled: Remix adds them 100 ms after the pointer rests on a link (past that on the
   * page's clock), after loading what they name (every request the page sent since the hover
   * answered), and the page has rendered them.
   */
  async function hoverPostCard(page: Page) {
    await page.clock.install();
    await page.goto(brandUrl('lins', '/posts'));
    await waitForHydration(page);
    const link = page.getByRole('article').first().getByRole('link').first();
    const href = await link.getAttribute('href');
    const requests = trackRequests(page);
    await link.hover();
    await runTimers(page, 800);
    await expect.poll(requests.pending).toBe(0);
    requests.stop();
    await afterQueuedWork(page);
    return { href, links: await prefetchLinks(page) };
  }

  const prefetchLinks = (page: Page) =>
    page
      .locator('body link[rel="prefetch"], body link[rel="modulepreload"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('href') ?? ''));

  test.beforeEach(async ({ page }) => {
    await dismissPopups(page);
  });

  test('a hovered post link is prefetched on a good connection', async ({ page }) => {
    const { href, links } = await hoverPostCard(page);
    expect(href).toBeTruthy();
    expect(links.some((l) => l.startsWith(`${href}.data`) || l.includes('/build/routes/'))).toBe(
      true,
    );
  });

  test('with data saver on, a hovered link is not prefetched', async ({ page }) => {
    await page.addInitScript(() => {
      const connection = Object.assign(new EventTarget(), { effectiveType: '4g', saveData: true });
      Object.defineProperty(Navigator.prototype, 'connection', {
        configurable: true,
        get: () => connection,
      });
    });
    const { links } = await hoverPostCard(page);
    expect(links).toEqual([]);
  });

  test('on a 2g connection, a hovered link is not prefetched', async ({ page }) => {
    await page.addInitScript(() => {
      const connection = Object.assign(new EventTarget(), { effectiveType: '2g', saveData: false });
      Object.defineProperty(Navigator.prototype, 'connection', {
        configurable: true,
        get: () => connection,
      });
    });
    const { links } = await hoverPostCard(page);
    expect(links).toEqual([]);
  });
});
