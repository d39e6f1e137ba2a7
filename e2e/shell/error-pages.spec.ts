import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { REDIRECTS } from '../../app/lib/redirects';
import { brandUrl, dismissPopups, rawRequest } from '../kit/support';

/**
 * Error pages as a shopper meets them: every one has the brand's shell and a
 * title, says nothing internal, and has the right status; no redirect of the redirect table lands
 * on one.
 */

const BRANDS = fs
  .readdirSync('tenants')
  .filter((f) => f.endsWith('.json') && f !== 'schema.json')
  .map((f) => f.replace(/\.json$/, ''));

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

test('unknown pages say Page not found in their title, with the shell @nojs', async ({ page }) => {
  for (const path of ['/no-such-page', '/posts/x', '/posts/recipes/x']) {
    const response = await page.goto(brandUrl('lins', path));
    expect(response?.status(), path).toBe(404);
    await expect(page).toHaveTitle("Page not found - Lin's Fresh Market");
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByTestId('app-bar')).toBeVisible();
  }
});

test('a malformed address gets the error page with a 400, not plain text @nojs', async ({
  page,
}) => {
  const response = await page.goto(brandUrl('dans', '/%E0%A4%A'));
  expect(response?.status()).toBe(400);
  await expect(page).toHaveTitle("An error occurred - Dan's Foods");
  await expect(page.getByTestId('app-bar')).toBeVisible();
  await expect(page.getByTestId('error-message')).toHaveText(
    'The address or the form could not be understood. Please check it and try again.',
  );
});

test('a form posted to a page that takes none keeps the shell and says nothing internal @nojs', async ({
  page,
}) => {
  // A form from another page (or a hand-made one) posting to /posts, which has no action: the
  // browser submits it natively (a document post), with or without JavaScript.
  await page.goto(brandUrl('harvest', '/search'));
  await page.evaluate(() => {
    const form = document.createElement('form');
    form.method = 'post';
    form.action = '/posts';
    form.innerHTML = '<input name="q" value="x">';
    document.body.append(form);
    HTMLFormElement.prototype.submit.call(form);
  });
  await page.waitForURL(brandUrl('harvest', '/posts'));
  await expect(page).toHaveTitle('An error occurred - Harvest Table Market');
  await expect(page.getByTestId('app-bar')).toBeVisible();
  await expect(page.getByTestId('error-message')).toHaveText(
    'This page does not take that kind of request.',
  );
  await expect(page.locator('body')).not.toContainText(/action|routes\/posts|Error:/);
  // The error page is the server's whole answer (no scripts, nothing to hydrate), so nothing of
  // Remix's own 405 record reaches the page source either.
  expect(await page.content()).not.toContain('did not provide an `action`');
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
});

test('a 405 answered before any loader still names the brand (raw request)', async () => {
  const res = await rawRequest({
    host: 'corner.localhost',
    path: '/posts',
    method: 'POST',
    headers: {
      origin: 'http://corner.localhost',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'a=b',
  });
  expect(res.status).toBe(405);
  expect(res.body).toContain('<title>An error occurred - Maple Corner Grocery</title>');
  // The whole answer, scripts included: Remix's own 405 message never reaches it.
  expect(res.body).toContain('This page does not take that kind of request.');
  expect(res.body).not.toContain('did not provide an `action`');
  expect(res.body).not.toContain('routes/posts');
});

test('every redirect of the spec table lands on a page, on every brand', async () => {
  test.slow(); // 7 brands x 11 redirects, two requests each: about 4 s measured, 2x headroom
  const missing: string[] = [];
  for (const site of BRANDS) {
    for (const [from, to] of Object.entries(REDIRECTS)) {
      const first = await rawRequest({ host: `${site}.localhost`, path: from });
      expect(first.status, `${site} ${from}`).toBe(301);
      expect(first.headers.location).toBe(to);
      const landed = await rawRequest({ host: `${site}.localhost`, path: to });
      if (landed.status !== 200) missing.push(`${site}: ${from} -> ${to} (${landed.status})`);
    }
  }
  expect(missing).toEqual([]);
});
