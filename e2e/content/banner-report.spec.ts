import { expect, test, type Page, type Request } from '@playwright/test';
import { brandUrl, dismissPopups, waitForHydration } from '../kit/support';

/**
 * Banner reporting from the browser (issue 12 item 6): nothing before the cookie notice allows
 * analytics; then one view per banner per page view, and a click when a banner link is clicked,
 * each posted to the site's own /banner-report (sendBeacon), which reports to the ad studio
 * (app/content/banner-report.server.test.ts follows it to the reference ad studio's counts).
 */
function reports(page: Page) {
  const seen: { event: string | null; id: string | null }[] = [];
  page.on('request', (req: Request) => {
    if (!req.url().endsWith('/banner-report') || req.method() !== 'POST') return;
    const body = new URLSearchParams(req.postData() ?? '');
    seen.push({ event: body.get('event'), id: body.get('id') });
  });
  return seen;
}

test('a banner view is reported once per page view after consent, and a click when clicked', async ({
  page,
}) => {
  await dismissPopups(page);
  const seen = reports(page);
  await page.goto(brandUrl('lins', '/posts'));
  await waitForHydration(page);
  const banner = page.getByTestId('site-banner');
  await expect(banner).toBeVisible();
  // No consent yet: nothing reported.
  await page.waitForTimeout(500);
  expect(seen).toEqual([]);

  await page.getByTestId('cookie-notice').getByRole('button', { name: 'Got it' }).click();
  await expect.poll(() => seen.length).toBe(1);
  expect(seen[0].event).toBe('view');
  const id = seen[0].id;
  expect(id).toBeTruthy();

  // A click on the banner's link is reported (and survives the navigation it starts); the new
  // page view reports the banner's view again, once.
  await banner.getByRole('link').first().click();
  await expect.poll(() => seen.map((s) => s.event)).toEqual(['view', 'click', 'view']);
  await page.waitForTimeout(500);
  expect(seen).toHaveLength(3);
  expect(seen.every((s) => s.id === id)).toBe(true);
});
