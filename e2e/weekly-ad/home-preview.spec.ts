import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { startSiteProcess, type SiteProcess } from '../kit/site-process';
import {
  brandUrl,
  dismissPopups,
  PORT,
  rawRequest,
  serveWithoutScripts,
  waitForHydration,
} from '../kit/support';

/**
 * The home page's weekly-ad preview (docs/reference/weekly-ad.md: the
 * preview, its images, "No weekly ads") against the real reference ad viewer the e2e server runs in-process: on
 * Lin's (six stores: no prices) and Maple Corner (one store: prices), with JavaScript and
 * without; then a second site whose brands point at an ad viewer that is stopped (Lin's) or
 * hangs (Maple Corner).
 */

const NO_WEEKLY_ADS = 'Sorry, no weekly ads are available at this time. Please check back soon.';
const isJs = () => test.info().project.name !== 'no-js';

const preview = (page: Page) => page.getByTestId('weekly-ad-preview');
const cards = (page: Page) => preview(page).getByTestId('ad-card');
const list = (page: Page) => page.getByRole('list', { name: "This week's weekly ad items" });

async function quiet(page: Page) {
  await dismissPopups(page);
  await page.addInitScript(() =>
    localStorage.setItem('dismissed_cookie_notice', JSON.stringify({ value: true, expiry: null })),
  );
}

/**
 * The home page with its preview's cards. On a busy machine the ad viewer's first call for a
 * page can take longer than the page's short wait: the page then comes with skeleton cards, and
 * the cards follow (with JavaScript) or come with the next visit (without), as a shopper's would.
 */
async function openHome(page: Page, site: string, origin = brandUrl(site)) {
  await quiet(page);
  const visit = async () => {
    const res = await page.goto(origin);
    expect(res?.status()).toBe(200);
    if (isJs()) await waitForHydration(page);
    return preview(page).getAttribute('data-state');
  };
  if (isJs()) await visit();
  // Without JavaScript a page that came with skeleton cards is visited again until its cards
  // come with it (a second apart).
  else await expect.poll(visit, { intervals: [1000], timeout: 15_000 }).toBe('ready');
  await expect(preview(page)).toHaveAttribute('data-state', 'ready');
  await preview(page).scrollIntoViewIfNeeded();
}

interface Card {
  title: string;
  image: string;
}
interface CardsReply {
  cards: Card[];
  imageBase: string;
}

/** Lin's stores as content lists them. */
const linsStores = (
  JSON.parse(fs.readFileSync('content/lins/retailer-info.json', 'utf8')) as {
    locations: { storeNumber: string; adviewerPage: string; hidden?: boolean }[];
  }
).locations.filter((l) => !l.hidden);

/** The preview route's answer for one of Lin's ad pages (Node cannot resolve *.localhost). */
async function previewCardsOf(page: string): Promise<CardsReply> {
  const res = await rawRequest({
    host: `lins.localhost:${PORT}`,
    path: `/weekly-ad/preview?page=${encodeURIComponent(page)}`,
  });
  expect(res.status).toBe(200);
  return JSON.parse(res.body) as CardsReply;
}

/**
 * A Lin's store whose preview shows a product the ad viewer has only as a jpg (the demo ads
 * change every week: the test looks for one rather than naming it), with that card.
 */
async function storeWithJpgOnlyItem() {
  for (const store of linsStores) {
    const reply = await previewCardsOf(store.adviewerPage);
    for (const card of reply.cards) {
      const png = await fetch(`${reply.imageBase}${card.image}.png`, { method: 'HEAD' });
      if (png.status === 404) return { store, card, imageBase: reply.imageBase };
    }
  }
  throw new Error("no Lin's store shows a jpg-only product this week");
}

/** Chooses a home store in the header, with JavaScript or without (its Choose button). */
async function chooseHomeStore(page: Page, storeNumber: string) {
  await openHome(page, 'lins');
  const posted = page.waitForResponse(
    (res) => res.url().includes('/home-store') && res.request().method() === 'POST',
  );
  await page.getByTestId('home-store-select').selectOption(storeNumber);
  if (!isJs()) {
    await page.getByTestId('home-store-chooser').getByRole('button', { name: 'Choose' }).click();
  }
  await posted;
  await expect(page.getByTestId('home-store-select')).toHaveValue(storeNumber);
}

test.describe('on the e2e server', () => {
  test("Lin's: this week's cards link to the weekly ad, without prices @nojs", async ({ page }) => {
    await openHome(page, 'lins');
    await expect(preview(page).getByRole('heading', { name: 'Weekly Ad' })).toBeVisible();
    const count = await cards(page).count();
    expect(count).toBeGreaterThan(5);
    expect(count).toBeLessThanOrEqual(15);
    // Every card: image with its title as alt text and a size, a title linking to the same
    // store's ad (a guest without a home store: the first store's, named), an end line; no price
    // on a brand with several stores.
    const first = linsStores[0];
    for (let i = 0; i < count; i += 1) {
      const card = cards(page).nth(i);
      const link = card.getByRole('link');
      await expect(link).toHaveAttribute('href', `/weekly-ad?location=${first.storeNumber}`);
      const title = (await link.textContent())?.trim() ?? '';
      expect(title).not.toBe('');
      const img = card.locator('img');
      await expect(img).toHaveAttribute('alt', title);
      await expect(img).toHaveAttribute('width', '120');
      await expect(img).toHaveAttribute('height', '120');
      // png first; with JavaScript a jpg-only product's image has moved on to the jpg already.
      await expect(img).toHaveAttribute(
        'src',
        isJs()
          ? /\/images\/afs\/products\/[a-z0-9-]+\.(png|jpg)$/
          : /\/images\/afs\/products\/[a-z0-9-]+\.png$/,
      );
      await expect(card).toContainText(/Ends [A-Z][a-z]{2} \d{1,2}|Valid /);
    }
    await expect(preview(page).getByTestId('ad-price')).toHaveCount(0);
    await expect(preview(page).getByText(NO_WEEKLY_ADS)).toHaveCount(0);
    const box = await cards(page).first().boundingBox();
    expect(box?.width).toBe(200);
    expect(box?.height).toBe(350);

    // The whole card opens the weekly ad.
    await cards(page)
      .first()
      .click({ position: { x: 100, y: 330 } });
    await expect(page).toHaveURL(brandUrl('lins', `/weekly-ad?location=${first.storeNumber}`));
  });

  test("Maple Corner (one store) shows each card's price @nojs", async ({ page }) => {
    await openHome(page, 'corner');
    const count = await cards(page).count();
    expect(count).toBeGreaterThan(5);
    await expect(preview(page).getByTestId('ad-price')).toHaveCount(count);
    await expect(preview(page).getByTestId('ad-price').first()).toHaveText(/^\S*\$\d/);
  });

  test('previous and next move the row a page of cards; keyboard too', async ({ page }) => {
    await openHome(page, 'lins');
    const previous = preview(page).getByRole('button', { name: 'Previous weekly ad items' });
    const next = preview(page).getByRole('button', { name: 'Next weekly ad items' });
    const scrollLeft = () => list(page).evaluate((el) => el.scrollLeft);
    await expect(previous).toBeDisabled();
    await next.click();
    await expect.poll(scrollLeft).toBeGreaterThanOrEqual(200);
    await expect(previous).toBeEnabled();
    await previous.focus();
    await page.keyboard.press('Enter');
    await expect.poll(scrollLeft).toBe(0);
    await expect(previous).toBeDisabled();
    // The row itself takes the keyboard: focused, the arrow keys scroll it.
    await list(page).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(scrollLeft).toBeGreaterThan(0);
  });

  test('without JavaScript the row scrolls by itself, no buttons @nojs-only', async ({ page }) => {
    await openHome(page, 'lins');
    await expect(preview(page).getByRole('button')).toHaveCount(0);
    const { scrollWidth, clientWidth, overflow } = await list(page).evaluate((el) => ({
      scrollWidth: el.scrollWidth,
      clientWidth: el.clientWidth,
      overflow: getComputedStyle(el).overflowX,
    }));
    expect(overflow).toBe('auto');
    expect(scrollWidth).toBeGreaterThan(clientWidth);
  });

  test('a product the ad viewer has only as a jpg shows its picture (png, then jpg) @nojs', async ({
    page,
  }) => {
    const { store, card, imageBase } = await storeWithJpgOnlyItem();
    await chooseHomeStore(page, store.storeNumber);
    const jpg = `${imageBase}${card.image}.jpg`;
    const jpgAnswers: number[] = [];
    page.on('response', (res) => {
      if (res.url() === jpg) jpgAnswers.push(res.status());
    });
    await openHome(page, 'lins');
    const item = cards(page).filter({ has: page.getByRole('link', { name: card.title }) });
    await item.scrollIntoViewIfNeeded();
    if (isJs()) {
      const img = item.locator('img');
      await expect(img).toHaveAttribute('src', jpg);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(300);
      await expect(img).toBeVisible();
    } else {
      // No script to swap the address: the image's box shows the jpg behind the missing png.
      const frame = item.locator('[data-ad-image]');
      await expect
        .poll(() => frame.evaluate((el) => getComputedStyle(el).backgroundImage))
        .toContain(`${card.image}.jpg`);
      await expect.poll(() => jpgAnswers).toContain(200);
    }
  });

  test('a png that failed before the page script ran is replaced by the jpg on hydration', async ({
    page,
  }) => {
    const { store, card, imageBase } = await storeWithJpgOnlyItem();
    await chooseHomeStore(page, store.storeNumber);
    // Hold the page's scripts until the png has failed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/build/**', async (route) => {
      await held;
      await route.continue();
    });
    // The ad viewer's 404 (JSON) for a cross-origin image is blocked by the browser (ORB): the
    // request fails rather than answering.
    const png = `${imageBase}${card.image}.png`;
    const pngFailed = Promise.race([
      page.waitForEvent('requestfailed', (req) => req.url() === png),
      page.waitForResponse((res) => res.url() === png && res.status() === 404),
    ]);
    await page.goto(brandUrl('lins'), { waitUntil: 'commit' });
    const item = cards(page).filter({ has: page.getByRole('link', { name: card.title }) });
    await item.scrollIntoViewIfNeeded();
    await pngFailed;
    release();
    await waitForHydration(page);
    const img = item.locator('img');
    await expect(img).toHaveAttribute('src', `${imageBase}${card.image}.jpg`);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(300);
  });

  test('follows the home store chosen on the home page', async ({ page }) => {
    await openHome(page, 'lins');
    const titles = () => cards(page).getByRole('link').allTextContents();
    const before = await titles();
    const chosen = linsStores[3];
    await page.getByTestId('home-store-select').selectOption(chosen.storeNumber);
    const expected = (await previewCardsOf(chosen.adviewerPage)).cards.map((c) => c.title);
    expect(expected).not.toEqual(before);
    await expect.poll(titles).toEqual(expected);
  });

  test('has no serious accessibility problem, on a phone too', async ({ page }) => {
    const serious = async () =>
      (
        await new AxeBuilder({ page }).include('[data-testid="weekly-ad-preview"]').analyze()
      ).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    await openHome(page, 'lins');
    expect(await serious()).toEqual([]);

    await page.setViewportSize({ width: 375, height: 740 });
    await openHome(page, 'corner');
    const first = await cards(page).first().boundingBox();
    expect(first?.width).toBe(200);
    await expect(preview(page).getByRole('button', { name: 'Next weekly ad items' })).toBeVisible();
    expect(await serious()).toEqual([]);

    // The page as a browser without JavaScript shows it (axe itself needs a script).
    await serveWithoutScripts(page);
    await page.goto(brandUrl('lins'));
    await expect(cards(page).first()).toBeVisible();
    expect(await serious()).toEqual([]);
  });
});

/** A port with nothing listening (connection refused): an ad viewer that is stopped. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test.describe('with the ad viewer stopped or hanging', () => {
  test.describe.configure({ mode: 'serial' });
  let site: SiteProcess | undefined;
  let hanging: net.Server | undefined;
  const sockets = new Set<net.Socket>();
  let tenantsDir = '';
  let port = 0;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // Each project (with and without JavaScript) runs its own second site.
    port = PORT + 52 + (test.info().project.name === 'js' ? 0 : 1);
    hanging = net.createServer((socket) => {
      sockets.add(socket); // reads nothing, answers nothing
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => hanging!.listen(0, '127.0.0.1', resolve));
    const hangingUrl = `http://127.0.0.1:${(hanging.address() as net.AddressInfo).port}`;
    const stoppedUrl = `http://127.0.0.1:${await closedPort()}`;
    // The two brands, each pointed at its own ad viewer in its tenant file.
    tenantsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-adviewer-down-'));
    for (const [site, url, defaultPage] of [
      ['lins', stoppedUrl, 'lins'],
      ['corner', hangingUrl, 'corner'],
    ]) {
      const tenant = JSON.parse(fs.readFileSync(`tenants/${site}.json`, 'utf8')) as {
        services: Record<string, unknown>;
      };
      tenant.services.adviewer = { url, defaultPage };
      fs.writeFileSync(path.join(tenantsDir, `${site}.json`), JSON.stringify(tenant));
    }
    fs.copyFileSync('tenants/schema.json', path.join(tenantsDir, 'schema.json'));
    site = await startSiteProcess({
      port,
      name: 'adviewer-down',
      env: { TENANTS_DIR: tenantsDir, RATE_LIMIT_IP_PER_MINUTE: '1000' },
    });
  });
  test.afterAll(async () => {
    await site?.stop();
    for (const s of sockets) s.destroy();
    hanging?.close();
    if (tenantsDir) fs.rmSync(tenantsDir, { recursive: true, force: true });
  });

  test('a stopped ad viewer: its message, the rest of the home page stands @nojs', async ({
    page,
  }) => {
    await openHome(page, 'lins', `http://lins.localhost:${port}/`);
    await expect(preview(page).getByText(NO_WEEKLY_ADS)).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Digital Coupons' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(site?.errorLogs()).toEqual([]);
  });

  test('a hanging ad viewer: the page answers at once with skeleton cards @nojs', async ({
    page,
  }) => {
    // The brand's first page of this process builds its theme: not the preview's time.
    expect((await timedGet(port, 'corner', '/posts')).status).toBe(200);
    const first = await timedGet(port, 'corner', '/');
    expect(first.status).toBe(200);
    // The page waits 400 ms for the ads, never the ad viewer's 2.5 s deadline (on a loaded
    // machine the render itself may take several hundred milliseconds more).
    expect(first.ms).toBeLessThan(2000);
    expect(first.body).toContain('data-state="loading"');
    // A page without its cards is never kept for the next guest.
    expect(first.cacheControl).toBe('private, no-store');

    // The browser's visit, while the ad viewer still holds the call.
    await quiet(page);
    const res = await page.goto(`http://corner.localhost:${port}/`);
    expect(res?.status()).toBe(200);
    if (isJs()) {
      await expect(preview(page).getByTestId('ad-card-skeleton').first()).toBeVisible();
      // The cards' own request waits for the ad viewer's deadline, then: no ads.
      await expect(preview(page).getByText(NO_WEEKLY_ADS)).toBeVisible({ timeout: 15_000 });
      await expect(preview(page).getByTestId('ad-card-skeleton')).toHaveCount(0);
    } else {
      await expect(preview(page)).toHaveAttribute('data-state', 'loading');
      await expect(preview(page).getByTestId('ad-card-skeleton').first()).toBeHidden();
      await expect(preview(page).getByRole('link', { name: "See this week's ad" })).toHaveAttribute(
        'href',
        '/weekly-ad',
      );
    }
    expect(site?.errorLogs()).toEqual([]);
  });
});

/** A GET to a brand of the second site, timed. */
function timedGet(port: number, site: string, pathname: string) {
  const started = performance.now();
  return new Promise<{ status: number; body: string; cacheControl: string; ms: number }>(
    (resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path: pathname,
            headers: { host: `${site}.localhost:${port}` },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                body: Buffer.concat(chunks).toString('utf8'),
                cacheControl: String(res.headers['cache-control']),
                ms: performance.now() - started,
              }),
            );
          },
        )
        .on('error', reject);
    },
  );
}
