import http from 'node:http';
import { expect, test } from '@playwright/test';
import { denverDate, denverInstant } from '../../common/dates';
import { latestMailTo } from '../../test/outbox';
import { AVA } from '../../test/demo';
import { submitLogin } from '../kit/fixtures';
import { serverClockEnv } from '../kit/server-clock';
import { startSiteProcess, type SiteProcess } from '../kit/site-process';
import { dismissPopups, expectNoSeriousAxeViolations, PORT } from '../kit/support';

/**
 * Reminder e-mails (docs/reference/reminders.md) on a site process of the test's own: its clock at
 * 09:05 in Denver today (the brand's send hour) and its job worker looking every 2 seconds. A demo
 * shopper of a brand whose reminders are off by default opts in on /account, the worker mails the
 * digest (the seed gives every demo shopper clipped coupons that end within days), the mail's
 * one-click unsubscribe works from elsewhere without a cookie, and the unsubscribe page works
 * without JavaScript.
 */
test.describe.configure({ mode: 'default' });

let site: SiteProcess;
const portOf = (project: string) => PORT + (project === 'no-js' ? 93 : 92);
const at = (brand: string, path: string) => `http://${brand}.localhost:${site.port}${path}`;
const BRAND = 'dicks';

test.beforeAll(async ({ browserName: _browser }, testInfo) => {
  test.setTimeout(180_000);
  site = await startSiteProcess({
    port: portOf(testInfo.project.name),
    name: 'reminders',
    env: {
      ...serverClockEnv(denverInstant(denverDate(), 9, 5)),
      JOBS_TICK_SECONDS: '2',
    },
  });
});
test.afterAll(async () => site?.stop());

/**
 * A form post from outside any browser (a mail provider's), to the test's own site process: Node
 * does not resolve *.localhost, so it goes to loopback with the address's Host.
 */
function postForm(address: string, body: string, headers: Record<string, string> = {}) {
  const url = new URL(address);
  return new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: site.port,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: {
          host: url.host,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

test('opt in on the account page, get the digest, unsubscribe in one click and on the page @nojs', async ({
  page,
  javaScriptEnabled,
}) => {
  test.setTimeout(90_000);
  await dismissPopups(page);
  await page.goto(at(BRAND, '/login?redirectTo=%2Faccount'));
  await submitLogin(page, AVA.email, AVA.password);
  await expect(page).toHaveURL(/\/account$/);

  const card = page.getByRole('region', { name: 'E-mail reminders' });
  const coupons = card.getByLabel('E-mail me when coupons I clipped end within 3 days');
  const rewards = card.getByLabel(/reward is ready or a credit expires soon/);
  // The brand's default: off.
  await expect(coupons).not.toBeChecked();
  await expect(rewards).not.toBeChecked();
  await coupons.check();
  await card.getByRole('button', { name: 'Save reminders' }).click();
  await expect(page.getByText('Your e-mail reminder choices are saved.')).toBeVisible();
  await expect(coupons).toBeChecked();
  await expect(rewards).not.toBeChecked();

  // The worker's next look sends the digest.
  const outbox = `${site.dataDir}/outbox`;
  await expect
    .poll(async () => (await latestMailTo(outbox, AVA.email))?.subject ?? '', { timeout: 30_000 })
    .toMatch(/^\d+ of your clipped coupons expires? in 3 days$/);
  const mail = (await latestMailTo(outbox, AVA.email))!;
  expect(mail.to).toContain('Ava');
  const lines = [...(mail.text ?? '').matchAll(/^- (.+) \(ends ([A-Z][a-z]{2} \d+, \d{4})\)$/gm)];
  expect(lines.length).toBeGreaterThanOrEqual(2);
  for (const [, title] of lines) expect(mail.html).toContain(title!.replace(/&/g, '&amp;'));
  expect(mail.text).toContain(at(BRAND, '/account#reminders'));
  expect(mail.text).not.toMatch(/reward/i);
  const list = mail.headers.get('list') as unknown as {
    unsubscribe: { url: string };
    'unsubscribe-post': { name: string };
  };
  expect(list['unsubscribe-post'].name).toBe('List-Unsubscribe=One-Click');
  const unsubscribe = list.unsubscribe.url;
  expect(unsubscribe.startsWith(at(BRAND, '/email/unsubscribe?t='))).toBe(true);
  expect(mail.text).toContain(unsubscribe);

  // Every link of the mail opens a page of the brand (a GET changes nothing, the unsubscribe
  // page's included), and the coupons button lands on the clipped coupons.
  const links = new Set(mail.text!.match(/https?:\/\/[^\s)]+/g));
  expect(links.size).toBeGreaterThanOrEqual(4);
  for (const link of links) {
    expect(new URL(link).origin, link).toBe(new URL(at(BRAND, '/')).origin);
    const response = await page.goto(link);
    expect(response?.status(), link).toBe(200);
  }
  await page.goto(at(BRAND, '/digital-coupons?tab=clipped'));
  expect(mail.text).toContain(page.url());

  // A mail provider's one-click post: no cookie, another origin, the token alone. Twice: the
  // second changes nothing and is answered the same.
  for (let i = 0; i < 2; i++) {
    const status = await postForm(unsubscribe, 'List-Unsubscribe=One-Click', {
      origin: 'https://mail.example.net',
    });
    expect(status).toBe(200);
  }
  await page.goto(at(BRAND, '/account'));
  await expect(coupons).not.toBeChecked();

  // The page the link opens, on a phone: what stops, and a button (a plain form), reached by
  // keyboard; nothing scrolls sideways and axe finds nothing serious.
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto(unsubscribe);
  await expect(page.getByRole('heading', { name: 'Unsubscribe', level: 1 })).toBeVisible();
  await expect(page.getByText(/clipped coupons that end soon/)).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  // axe runs in the page: the JavaScript project only.
  if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).focus();
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeFocused();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('You are unsubscribed')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Your e-mail choices' })).toHaveAttribute(
    'href',
    '/account#reminders',
  );

  // A garbled token, and this brand's token on another brand's host: a clear message.
  const token = new URL(unsubscribe).searchParams.get('t')!;
  for (const url of [
    at(BRAND, `/email/unsubscribe?t=${token.slice(0, -4)}`),
    at('dans', `/email/unsubscribe?t=${token}`),
  ]) {
    const response = await page.goto(url);
    expect(response?.status()).toBe(400);
    await expect(page.getByText('This unsubscribe link does not work')).toBeVisible();
  }
  expect(
    await postForm(at('dans', `/email/unsubscribe?t=${token}`), 'List-Unsubscribe=One-Click'),
  ).toBe(400);
  // Other posts still need this site's origin.
  expect(
    await postForm(at(BRAND, '/account?index'), 'intent=reminders&couponsExpiring=on', {
      origin: 'https://mail.example.net',
    }),
  ).toBe(403);
});
