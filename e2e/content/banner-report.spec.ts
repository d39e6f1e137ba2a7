import { expect, test, type Page, type Request } from '@playwright/test';
import { afterQueuedWork, brandUrl, dismissPopups, waitForHydration } from '../kit/support';

/**
 * Banner reporting from the browser (docs/reference/shell.md): one view per banner per page view
 * as soon as the banner is on the page, whatever the cookie notice (decision 0031), and a click
 * when a banner link is clicked, each with the page view's id, posted to the site's own
 * /banner-report (sendBeacon), which reports to the ad studio; the home page's promo banner ad the
 * same, under its own id
 * (app/content/banner-report.server.test.ts follows it to the reference ad studio's counts).
 */
function reports(page: Page) {
  const seen: { event: string | null; id: string | null; view: string | null }[] = [];
  page.on('request', (req: Request) => {
    if (!req.url().endsWith('/banner-report') || req.method() !== 'POST') return;
    const body = new URLSearchParams(req.postData() ?? '');
    seen.push({ event: body.get('event'), id: body.get('id'), view: body.get('view') });
  });
  return seen;
}

/**
 * Counts in the page the reports it hands to sendBeacon: the page decides in its effects, so the
 * count is final once they have run, before any request has reached the test.
 */
async function countBeacons(page: Page) {
  await page.addInitScript(() => {
    const sent: unknown[] = [];
    (window as unknown as { __bannerBeacons: unknown[] }).__bannerBeacons = sent;
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      if (String(url).endsWith('/banner-report')) sent.push(String(data));
      return send(url, data);
    };
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { __bannerBeacons: unknown[] }).__bannerBeacons.length,
    );
}

const VIEWPORTS = [
  { width: 412, height: 823 },
  { width: 1366, height: 900 },
];

for (const viewport of VIEWPORTS) {
  test(`${viewport.width}×${viewport.height}: banner and promo views are reported as they load, once per page view, and clicks when clicked`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await dismissPopups(page);
    const seen = reports(page);
    const beacons = await countBeacons(page);
    await page.goto(brandUrl('lins', '/posts'));
    await waitForHydration(page);
    const banner = page.getByTestId('site-banner');
    await expect(banner).toBeVisible();
    // The cookie notice is still open: the view is reported anyway, once.
    await expect(page.getByTestId('cookie-notice')).toBeVisible();
    await expect.poll(() => seen.length).toBe(1);
    expect(seen[0].event).toBe('view');
    const id = seen[0].id;
    expect(id).toBeTruthy();

    // A click on the banner's link is reported (and survives the navigation it starts); the new
    // page view reports the banner's view again, once.
    await banner.getByRole('link').first().click();
    await expect.poll(() => seen.map((s) => s.event)).toEqual(['view', 'click', 'view']);
    // Nothing more once the new page's effects have run.
    await afterQueuedWork(page);
    expect(await beacons()).toBe(3);
    expect(seen).toHaveLength(3);
    expect(seen.every((s) => s.id === id)).toBe(true);
    // Each report carries its page view's id (the server sends one report per view, banner and
    // event on): the click shares the first view's, the new page view has its own.
    expect(seen[0].view).toMatch(/^[0-9a-f]{32}$/);
    expect(seen[1].view).toBe(seen[0].view);
    expect(seen[2].view).toMatch(/^[0-9a-f]{32}$/);
    expect(seen[2].view).not.toBe(seen[0].view);

    // The home page: the banner and the promo's banner ad, a view each; a click on the promo.
    seen.length = 0;
    await page.goto(brandUrl('lins', '/'));
    await waitForHydration(page);
    await expect
      .poll(() => seen.map((s) => `${s.event} ${s.id}`).sort())
      .toEqual([`view ${id}`, 'view promo-home-middle']);
    const promo = page.getByTestId('banner-ad');
    await promo.scrollIntoViewIfNeeded();
    await promo.getByRole('link').click();
    await expect(page).toHaveURL(brandUrl('lins', '/weekly-ad'));
    await expect
      .poll(() => seen.map((s) => `${s.event} ${s.id}`))
      .toContain('click promo-home-middle');
    const views = seen.filter((s) => s.id === 'promo-home-middle').map((s) => s.view);
    expect(views[1]).toBe(views[0]);
  });
}

test('a brand without analytics (no cookie notice) still reports its banner views', async ({
  page,
}) => {
  await dismissPopups(page);
  const seen = reports(page);
  await page.goto(brandUrl('dicks', '/posts'));
  await waitForHydration(page);
  await expect(page.getByTestId('site-banner')).toBeVisible();
  await expect(page.getByTestId('cookie-notice')).toHaveCount(0);
  await expect.poll(() => seen.map((s) => s.event)).toEqual(['view']);
});
