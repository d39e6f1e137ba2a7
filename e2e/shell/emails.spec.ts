import type { Page } from '@playwright/test';
import type { OutboxMail } from '../../test/outbox';
import { expect, test } from '../kit/fixtures';
import { latestMailTo } from '../kit/mail';
import {
  brandUrl,
  dismissPopups,
  expectNoSeriousAxeViolations,
  rawRequest,
  waitForHydration,
} from '../kit/support';

/**
 * The e-mails shoppers get (docs/reference/email.md), read back from the outbox, both parts: a
 * double opt-in sign-up on Harvest (confirmation, its page, confirmed at the reference list), a
 * welcome on Lin's (its manage page takes the address off), and a customer-service message on
 * Dan's (the store's copy and the shopper's acknowledgement share one case number, also shown on
 * the page).
 */

let n = 0;
const unique = (name: string) =>
  `${name}.${Date.now()}.${test.info().project.name}.${++n}@example.com`;

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
  await page.addInitScript(() =>
    localStorage.setItem('dismissed_cookie_notice', JSON.stringify({ value: true, expiry: null })),
  );
});

async function mailTo(address: string, site: string, subject: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | null = null;
  await expect
    .poll(async () => {
      found = await latestMailTo(address, site);
      return found !== null && subject.test(found.subject);
    })
    .toBe(true);
  return found!;
}

/** The link to `pathname` in both parts: the same absolute address on the brand's origin. */
function linkIn(mail: OutboxMail, site: string, pathname: string): string {
  const pattern = new RegExp(`http://${site}\\.localhost:\\d+${pathname}\\?token=[A-Za-z0-9_.%-]+`);
  const inText = pattern.exec(mail.text ?? '')?.[0];
  const inHtml = pattern.exec(mail.html ?? '')?.[0];
  expect(inText).toBeTruthy();
  expect(inHtml).toBe(inText);
  return inText!;
}

/** The sign-up page's form, filled and posted. */
async function signUp(page: Page, site: string, email: string, store: string, js: boolean) {
  await page.goto(brandUrl(site, '/newsletter'));
  if (js) await waitForHydration(page);
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await main.getByLabel('Home Store').selectOption({ label: store });
  await main.getByLabel('First Name').fill('Robin <b>');
  await main.getByRole('button', { name: 'Subscribe' }).click();
  return main;
}

test('newsletter: a confirmation on a double opt-in brand, a welcome on another @nojs', async ({
  page,
  javaScriptEnabled,
}) => {
  // Harvest asks for confirmation: nothing reaches the list before the page's button.
  const email = unique('hana');
  let main = await signUp(page, 'harvest', email, 'Harvest Table Loveland', javaScriptEnabled);
  await expect(main.getByRole('status')).toHaveText(
    'Thank you! Please check your email and confirm your subscription.',
  );
  await expect(main.getByRole('button', { name: 'Check Your Email' })).toBeDisabled();

  const confirmation = await mailTo(email, 'harvest', /^Please confirm your subscription/);
  expect(confirmation.html).toContain('Harvest Table Market');
  // The brand's raster logo (its SVG drawn by `npm run mail-logos`), served by the brand's site.
  const logo = /<img[^>]*>/.exec(confirmation.html!)?.[0] ?? '';
  expect(logo).toContain('alt="Harvest Table Market"');
  const src = /\bsrc="([^"]+)"/.exec(logo)?.[1];
  expect(src).toMatch(/^http:\/\/harvest\.localhost:\d+\/images\/mail-logo\.png$/);
  const url = new URL(src!);
  const image = await rawRequest({ host: url.host, path: url.pathname });
  expect(image.status).toBe(200);
  expect(image.headers['content-type']).toBe('image/png');
  expect(confirmation.text).toContain('This link expires in 48 hours.');
  for (const part of [confirmation.text, confirmation.html]) expect(part).not.toContain('Robin');
  const link = linkIn(confirmation, 'harvest', '/newsletter/confirm');

  // The confirm page on a phone: nothing sideways, nothing serious for axe.
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto(link);
  main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText('Confirm Your Subscription');
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  // axe runs in the page: the JavaScript project only.
  if (javaScriptEnabled) await expectNoSeriousAxeViolations(page);
  await main.getByRole('button', { name: 'Confirm Subscription' }).click();
  await expect(main.getByTestId('newsletter-link-message')).toHaveText(
    'Thank you for subscribing!',
  );
  await expect(main.getByRole('button', { name: 'Confirm Subscription' })).toHaveCount(0);
  // Used once.
  await page.goto(link);
  await expect(page.getByTestId('newsletter-link-message')).toContainText('expired or was already');

  // The list has the address: a second confirmed sign-up is told so.
  main = await signUp(page, 'harvest', email, 'Harvest Table Loveland', javaScriptEnabled);
  await expect(main.getByRole('button', { name: 'Check Your Email' })).toBeDisabled();
  const second = await mailTo(email, 'harvest', /^Please confirm/);
  const secondLink = linkIn(second, 'harvest', '/newsletter/confirm');
  expect(secondLink).not.toBe(link);
  await page.goto(secondLink);
  await page.getByRole('button', { name: 'Confirm Subscription' }).click();
  await expect(page.getByTestId('newsletter-link-message')).toHaveText(
    "You're already subscribed to our mailing list.",
  );

  // Lin's subscribes at once and welcomes, with a page to leave the list.
  const wes = unique('wes');
  main = await signUp(page, 'lins', wes, "Lin's Richfield", javaScriptEnabled);
  await expect(main.getByRole('status')).toHaveText('Thank you for subscribing!');
  const welcome = await mailTo(wes, 'lins', /^Welcome to Lin's Fresh Market/);
  expect(welcome.html).toContain('Manage Your Subscription');
  const manage = linkIn(welcome, 'lins', '/newsletter/manage');
  await page.goto(manage);
  await expect(page.getByRole('main')).toContainText(`You are subscribed to our emails at ${wes}.`);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByTestId('newsletter-link-message')).toHaveText(
    'You have been unsubscribed.',
  );

  // RFC 8058 one-click: a mail provider posts to the header's address from elsewhere, with no
  // cookie and the token in the address alone.
  const again = unique('wes2');
  main = await signUp(page, 'lins', again, "Lin's Richfield", javaScriptEnabled);
  await expect(main.getByRole('status')).toHaveText('Thank you for subscribing!');
  const rewelcome = await mailTo(again, 'lins', /^Welcome to Lin's Fresh Market/);
  const list = rewelcome.headers.get('list') as unknown as {
    unsubscribe: { url: string };
    'unsubscribe-post': { name: string };
  };
  expect(list['unsubscribe-post'].name).toBe('List-Unsubscribe=One-Click');
  expect(list.unsubscribe.url).toBe(linkIn(rewelcome, 'lins', '/newsletter/manage'));
  const target = new URL(list.unsubscribe.url);
  const body = 'List-Unsubscribe=One-Click';
  const oneClick = await rawRequest({
    host: target.host,
    path: `${target.pathname}${target.search}`,
    method: 'POST',
    headers: {
      origin: 'https://mail.example.net',
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(body.length),
    },
    body,
  });
  expect(oneClick.status).toBe(200);
  // Off the list: the page's own button is now told so.
  await page.goto(list.unsubscribe.url);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByTestId('newsletter-link-message')).toHaveText(
    'This address is not subscribed to our mailing list.',
  );
});

test('customer service: the store and the shopper get one case number, shown on the page @nojs', async ({
  page,
  javaScriptEnabled,
}) => {
  const shopper = unique('casey');
  const name = `Casey ${Date.now()}`;
  await page.goto(brandUrl('dans', '/forms/customer-service'));
  if (javaScriptEnabled) await waitForHydration(page);
  const form = page.locator('form[action="/forms/customer-service"]').first();
  await form.getByLabel('Your name').fill(name);
  await form.getByRole('textbox', { name: 'Email', exact: true }).fill(shopper);
  await form.getByLabel('Topic').selectOption('A question');
  await form.getByLabel('By e-mail').check();
  await form.getByLabel('Message').fill('Do you sell <b>oat milk</b>?');
  await form.getByRole('button', { name: /Send/ }).click();

  await expect(page).toHaveURL(brandUrl('dans', '/forms/customer-service/sent'));
  const notice = page.locator('[data-form-alert="success"]');
  await expect(notice).toContainText('Your case number is');
  const caseNumber = /([2-9A-Z]{3}-[2-9A-Z]{3}-[2-9A-Z]{3})/.exec(
    (await notice.textContent()) ?? '',
  )![1];

  const store = await mailTo('help@dans.example.com', 'dans', new RegExp(name));
  expect(store.subject).toContain(`[Case ${caseNumber}]`);
  expect(store.headers.get('x-case-number')).toBe(caseNumber);
  expect(store.text).toContain(`Case number: ${caseNumber}`);
  expect(store.html).toContain('Do you sell &lt;b&gt;oat milk&lt;/b&gt;?');

  const ack = await mailTo(shopper, 'dans', /^We received your message/);
  expect(ack.headers.get('x-case-number')).toBe(caseNumber);
  for (const part of [ack.text!, ack.html!]) {
    expect(part).toContain(caseNumber);
    expect(part).toMatch(/Dan('|&#x27;)s Foods/);
    expect(part).not.toMatch(/oat milk|Casey/);
  }
  expect(ack.html).toMatch(/^<!DOCTYPE html/);
});
