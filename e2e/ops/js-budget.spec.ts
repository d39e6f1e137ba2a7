import { BEN } from '../../test/demo';
import { FIRST_LOAD_JS_BUDGET, firstLoadJs } from '../../scripts/first-load-js';
import { expect, test } from '../kit/fixtures';
import { PORT, rawRequest, waitForHydration } from '../kit/support';

/**
 * First-load JavaScript budget: the gzip total of every script the first load of a
 * page fetches (scripts/first-load-js.ts, the measure `npm run bench` prints) stays within
 * 160 KB on each page of the Lighthouse table. A page that grows past it fails here with its
 * figure; every figure is printed, so a change that adds weight shows by how much.
 */

const SITE = 'lins';
const HOST = `${SITE}.localhost:${PORT}`;

/** GET from the brand's site (Node resolves no *.localhost name: the Host header names it). */
async function get(path: string, cookie: string) {
  const response = await rawRequest({ host: HOST, path, headers: { cookie } });
  expect(response.status, path).toBe(200);
  return response.body;
}

interface BudgetPage {
  name: string;
  path: string | ((cookie: string) => Promise<string>);
  signedIn?: boolean;
}

/** The first link on `from` whose address matches `pattern` (a page the site itself links). */
function firstLink(from: string, pattern: RegExp) {
  return async (cookie: string) => {
    const html = await get(from, cookie);
    const found = [...html.matchAll(/href="([^"?#]+)"/g)]
      .map((m) => m[1])
      .find((h) => pattern.test(h));
    expect(found, `a link matching ${pattern} on ${from}`).toBeDefined();
    return found!;
  };
}

const PAGES: BudgetPage[] = [
  { name: 'home', path: '/' },
  { name: 'coupons, guest', path: '/digital-coupons' },
  { name: 'coupons, signed in', path: '/digital-coupons', signedIn: true },
  { name: 'locations', path: '/locations' },
  { name: 'store page', path: firstLink('/locations', /^\/locations\/[a-z0-9-]+$/) },
  { name: 'weekly ad', path: '/weekly-ad' },
  { name: 'rewards, signed in', path: '/rewards', signedIn: true },
  { name: 'card, signed in', path: '/card', signedIn: true },
  { name: 'shopping list, signed in', path: '/list', signedIn: true },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'post', path: firstLink('/posts', /^\/posts\/[a-z0-9-]+\/[a-z0-9-]+$/) },
];

for (const p of PAGES) {
  test(`first-load JavaScript of ${p.name} is within the budget`, async ({ page, signIn }) => {
    if (p.signedIn) await signIn({ site: SITE, shopper: BEN });
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const path = typeof p.path === 'string' ? p.path : await p.path(cookie);
    const html = await get(path, cookie);
    const js = await firstLoadJs(html, async (url) => Buffer.from(await get(url, cookie), 'utf8'));
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    console.log(
      `first-load JS ${p.name} (${path}): ${kb(js.gz)} KB gzip, ${kb(js.raw)} KB raw, ${js.files} files`,
    );
    expect(js.files, 'the page loads scripts').toBeGreaterThan(0);
    expect(
      js.gz,
      `${p.name}: ${kb(js.gz)} KB gzip > ${kb(FIRST_LOAD_JS_BUDGET)} KB`,
    ).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);
  });
}

/**
 * Hydration's module chunks wait for the page's first screen (decision 0022): none is in the
 * markup, every one is requested after the main image has arrived, the stylesheet and the main
 * image at the top of Chromium's priorities, and the page hydrates.
 */
test("the module chunks are requested after the first screen's images, the stylesheet and main image first", async ({
  page,
}) => {
  const html = await get('/', '');
  expect(html, 'no modulepreload link in the markup').not.toMatch(/rel="modulepreload"/);
  expect(html, 'no module script that runs from the markup').not.toMatch(/type="module"/);

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map<string, { id: string; priority: string; at: number }>();
  const finished = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e) => {
    const url = new URL(e.request.url);
    if (!requests.has(url.pathname)) {
      requests.set(url.pathname, {
        id: e.requestId,
        priority: e.request.initialPriority,
        at: e.timestamp,
      });
    }
  });
  cdp.on('Network.loadingFinished', (e) => finished.set(e.requestId, e.timestamp));
  await page.goto(`http://${HOST}/`);
  await waitForHydration(page);
  const chunks = [...requests].filter(([p]) => /^\/build\/.*\.js$/.test(p));
  expect(chunks.length, 'chunks requested').toBeGreaterThan(10);
  const theme = [...requests].find(([p]) => p.startsWith('/theme/'));
  expect(theme?.[1].priority, 'the brand stylesheet').toBe('VeryHigh');
  const mainImage = await page
    .locator('img[fetchpriority="high"]')
    .first()
    .evaluate((img) => new URL((img as HTMLImageElement).currentSrc).pathname);
  const image = requests.get(mainImage);
  expect(image?.priority, 'the carousel first image').toBe('High');
  const imageIn = finished.get(image!.id);
  expect(imageIn, 'the main image arrived').toBeDefined();
  for (const [path, r] of chunks)
    expect(r.at, `${path} after the main image`).toBeGreaterThan(imageIn!);
});
