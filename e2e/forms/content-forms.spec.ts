import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { fileBytes, MAGIC, pdf, photo } from '../../test/files';
import { latestMailTo, type OutboxMail } from '../../test/outbox';
import { expect, test } from '../kit/fixtures';
import {
  brandUrl,
  dismissPopups,
  expectNoSeriousAxeViolations,
  PORT,
  pressUnavailable,
  rawRequest,
  serveWithoutScripts,
  waitForHydration,
} from '../kit/support';

/**
 * Content-driven forms (docs/reference/forms.md; the
 * footer in docs/reference/shell.md): the customer-service contact
 * form with a photo on two brands, Harvest's donation form and its required PDF, the footer's
 * ad-request dialog (keyboard) and its page without JavaScript; each e-mail read back from the
 * outbox with its attachment's bytes; axe, and a phone-sized screen.
 */

const OUTBOX = path.join(E2E_DATA_DIR, 'outbox');

let n = 0;
/** A name no other test (or project) writes: the e-mail is found by it. */
const unique = (name: string) => `${name} ${test.info().project.name} ${Date.now()}-${++n}`;

/** The newest e-mail to `address` whose text holds `marker`, once it is there. */
async function mailWith(address: string, marker: string): Promise<OutboxMail> {
  let found: OutboxMail | null = null;
  await expect
    .poll(async () => {
      found = await latestMailTo(OUTBOX, address, (m) => (m.text ?? '').includes(marker));
      return found !== null;
    })
    .toBe(true);
  return found!;
}

async function noMailWith(address: string, marker: string) {
  expect(await latestMailTo(OUTBOX, address, (m) => (m.text ?? '').includes(marker))).toBeNull();
}

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
  await page.addInitScript(() =>
    localStorage.setItem('dismissed_cookie_notice', JSON.stringify({ value: true, expiry: null })),
  );
});

/** The form posting to /forms/<slug> (on a content page, its own page or in the dialog). */
const formOf = (page: Page | Locator, slug: string) =>
  page.locator(`form[action="/forms/${slug}"]`).first();

const CONTACT_ADDRESS: Record<string, string> = {
  lins: 'help@lins.example.com',
  harvest: 'care@harvest.example.com',
};

test.describe('the customer-service contact form', () => {
  for (const site of ['lins', 'harvest']) {
    test(`${site}: sent with a photo; the e-mail has it, bytes unchanged @nojs`, async ({
      page,
      javaScriptEnabled,
    }) => {
      const name = unique('Casey');
      const bytes = photo(48_000);
      await page.goto(brandUrl(site, '/customer-service'));
      if (javaScriptEnabled) await waitForHydration(page);
      const form = formOf(page, 'customer-service');
      await form.getByLabel('Your name').fill(name);
      await form
        .getByRole('textbox', { name: 'Email', exact: true })
        .fill('casey.shopper@example.com');
      await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('4355550199');
      await form.getByLabel('Topic').selectOption('A problem with a product');
      await form.getByLabel('Bakery').check();
      await form.getByLabel('By phone').check();
      await form.getByLabel('Message').fill('The sourdough was stale.\nPhoto attached.');
      const longName = 'sourdough-loaf-from-tuesday-morning.jpg';
      await form.getByLabel('Photo').setInputFiles({
        name: longName,
        mimeType: 'image/jpeg',
        buffer: bytes,
      });
      if (javaScriptEnabled) {
        // The counter, and the name cut after 22 characters.
        await expect(form.getByTestId('file-counter')).toHaveText('1 of 1 file');
        await expect(form.getByRole('list', { name: 'Chosen files' })).toHaveText(
          'sourdough-loaf-from-tu…',
        );
      }
      await form.getByRole('button', { name: 'Send Message' }).click();

      await expect(page).toHaveURL(brandUrl(site, '/forms/customer-service/sent'));
      await expect(page.locator('[data-form-alert="success"]')).toContainText(
        'Thank you for your message. Our customer service team will answer within one business day.',
      );

      const mail = await mailWith(CONTACT_ADDRESS[site], name);
      expect(mail.replyTo).toBe('casey.shopper@example.com');
      // The customer-service form acknowledges posts: its case number ends the subject.
      expect(mail.subject).toMatch(/ \[Case [2-9A-Z]{3}-[2-9A-Z]{3}-[2-9A-Z]{3}\]$/);
      expect(mail.subject).toContain(`Customer service: A problem with a product, from ${name}`);
      expect(mail.text).toContain('- Phone: (435) 555-0199');
      expect(mail.attachments).toHaveLength(1);
      // Named by the server; the shopper's name is only text in the body.
      expect(mail.attachments[0].filename).toBe('photo-1.jpg');
      expect(mail.text).toContain(longName);
      expect(mail.attachments[0].contentType).toBe('image/jpeg');
      expect(mail.attachments[0].content.equals(bytes)).toBe(true);

      // The success message is shown once: a reload goes home.
      await page.reload();
      await expect(page).toHaveURL(brandUrl(site, '/'));
    });
  }

  test('lins: the field messages in place, nothing sent; Send is disabled while they show', async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, 'lazy validation in the browser');
    const name = unique('Quinn');
    await page.goto(brandUrl('lins', '/customer-service'));
    await waitForHydration(page);
    const form = formOf(page, 'customer-service');
    const send = form.getByRole('button', { name: 'Send Message' });
    // Decision 0030: unavailable untouched, yet pressable; it then shows every message.
    await pressUnavailable(send);
    for (const label of ['Your name', 'Message']) {
      await expect(form.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(form.getByText('This field is required.')).toHaveCount(5);
    await expect(send).toBeDisabled();

    await form.getByLabel('Your name').fill(name);
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('quinn@');
    await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('555-12');
    await form.getByRole('textbox', { name: 'Phone', exact: true }).blur();
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(form.getByText('Please enter a valid phone number.')).toBeVisible();
    // A photo that is no image, by its name: refused before it is sent.
    await form.getByLabel('Photo').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a photo'),
    });
    await form.getByLabel('Photo').blur();
    await expect(
      form.getByText('“notes.txt” is not a JPEG, PNG, GIF, WebP or HEIC file.'),
    ).toBeVisible();
    await expect(send).toBeDisabled();
    await expectNoSeriousAxeViolations(page);
    await noMailWith(CONTACT_ADDRESS.lins, name);
  });
});

test.describe("Harvest's donation form (a required PDF)", () => {
  const fill = async (form: Locator, organization: string) => {
    await form.getByLabel('Organization').fill(organization);
    await form.getByLabel('Contact name').fill('Pat Organizer');
    await form
      .getByRole('textbox', { name: 'Email', exact: true })
      .fill('pat@cedar-pta.example.com');
    await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('9705550101');
    await form.getByLabel('Gift cards for a raffle or auction').check();
    await form
      .getByLabel('Tell us about your event')
      .fill('Spring carnival raffle for the library.');
    await form.getByLabel('We are a registered nonprofit or a school.').check();
  };

  test('refuses a missing or non-PDF file, then sends the PDF @nojs', async ({
    page,
    javaScriptEnabled,
  }) => {
    const organization = unique('Cedar PTA');
    await page.goto(brandUrl('harvest', '/donations'));
    if (javaScriptEnabled) await waitForHydration(page);
    let form = formOf(page, 'donation-request');
    await fill(form, organization);
    const letter = form.getByLabel('Request letter (PDF)');
    await expect(letter).toHaveAttribute('accept', 'application/pdf,.pdf');

    if (javaScriptEnabled) {
      // Missing: the browser's check says so before anything is sent.
      await pressUnavailable(form.getByRole('button', { name: 'Send Request' }));
      await expect(form.getByText('This field is required.')).toBeVisible();
    } else {
      // Without JavaScript the browser's own `required` stops the post; the server says the same
      // to a post that gets past it.
      await expect(letter).toHaveAttribute('required', '');
      const html = (
        await rawRequest({ host: `harvest.localhost:${PORT}`, path: '/forms/donation-request' })
      ).body;
      const stamp = /name="formStarted" value="([^"]+)"/.exec(html)![1];
      const boundary = 'NoLetter7';
      const fields = {
        organization,
        contactName: 'Pat',
        email: 'pat@cedar-pta.example.com',
        phone: '9705550101',
        kind: 'food',
        description: 'Supper.',
        nonprofit: 'on',
        website: '',
        formStarted: stamp,
      };
      const body =
        Object.entries(fields)
          .map(
            ([k, v]) =>
              `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
          )
          .join('') + `--${boundary}--\r\n`;
      const answer = await rawRequest({
        host: `harvest.localhost:${PORT}`,
        path: '/forms/donation-request',
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          origin: `http://harvest.localhost:${PORT}`,
        },
        body,
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toContain('This field is required.');
    }

    // Not a PDF, whatever its name says: the server reads the bytes.
    await letter.setInputFiles({
      name: 'letter.pdf',
      mimeType: 'application/pdf',
      buffer: fileBytes(MAGIC.png, 3000),
    });
    await form.getByRole('button', { name: 'Send Request' }).click();
    if (!javaScriptEnabled) {
      // The answer is the form's own page, with its message.
      await expect(page).toHaveURL(brandUrl('harvest', '/forms/donation-request'));
      form = formOf(page, 'donation-request');
    }
    await expect(form.getByText('“letter.pdf” is not a PDF file.')).toBeVisible();
    await expect(form.getByLabel('Organization')).toHaveValue(organization);
    await noMailWith('giving@harvest.example.com', organization);

    const bytes = pdf(120_000);
    if (!javaScriptEnabled) await fill(form, organization);
    await form.getByLabel('Request letter (PDF)').setInputFiles({
      name: 'cedar-pta-request.pdf',
      mimeType: 'application/pdf',
      buffer: bytes,
    });
    await form.getByRole('button', { name: 'Send Request' }).click();
    // Its success route, a page of the site.
    await expect(page).toHaveURL(brandUrl('harvest', '/donation-received'));
    await expect(page.getByRole('heading', { name: 'Donation Request Received' })).toBeVisible();
    const mail = await mailWith('giving@harvest.example.com', organization);
    expect(mail.subject).toBe(`Donation request: ${organization}`);
    expect(mail.attachments.map((a) => a.filename)).toEqual(['letter-1.pdf']);
    expect(mail.text).toContain('cedar-pta-request.pdf');
    expect(mail.attachments[0].content.equals(bytes)).toBe(true);
  });
});

test.describe("the footer's ad-request form", () => {
  test('lins: opens from the footer by keyboard as a dialog; validates; sends with its files', async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, 'the dialog needs JavaScript (its page is tested without)');
    const business = unique('Sunny Farms');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(brandUrl('lins', '/posts'));
    await waitForHydration(page);
    const opener = page
      .getByTestId('site-footer')
      .getByRole('button', { name: 'Advertise with us' });
    await expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Advertise with us' });
    await expect(dialog).toBeVisible();
    // Focus moved into the dialog.
    await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await expectNoSeriousAxeViolations(page);
    // Escape closes it; focus goes back to the footer's button.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    const send = dialog.getByRole('button', { name: 'Send Request' });
    // Send reads as unavailable on the empty form (decision 0030), yet a press from the first
    // field (its message shows as it is left) still shows every message (decision 0028).
    await pressUnavailable(send);
    await expect(dialog.getByLabel('Business name')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('This field is required.')).toHaveCount(5);
    await expect(send).toBeDisabled();
    await dialog.getByLabel('Business name').fill(business);
    await dialog.getByLabel('Your name').fill('Sam Grower');
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill('sam@');
    await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('12');
    await dialog.getByRole('textbox', { name: 'Phone', exact: true }).blur();
    await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(dialog.getByText('Please enter a valid phone number.')).toBeVisible();
    await dialog
      .getByRole('textbox', { name: 'Email', exact: true })
      .fill('sam@sunny-farms.example.com');
    await dialog.getByRole('textbox', { name: 'Phone', exact: true }).fill('');
    await dialog
      .getByRole('textbox', { name: 'Phone', exact: true })
      .pressSequentially('4355550142');
    await expect(dialog.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue(
      '(435) 555-0142',
    );
    await dialog.getByLabel('Weekly ad').check();
    await dialog.getByLabel('Website banner').check();
    await dialog.getByLabel('Monthly budget').selectOption('Under $500');
    await dialog.getByLabel('I may place advertising for this business.').check();
    const logo = fileBytes(MAGIC.png, 9000);
    const kit = pdf(20_000);
    await dialog.getByLabel('Artwork or media kit').setInputFiles([
      { name: 'sunny-farms-logo-2027-final.png', mimeType: 'image/png', buffer: logo },
      { name: 'kit.pdf', mimeType: 'application/pdf', buffer: kit },
    ]);
    await expect(dialog.getByTestId('file-counter')).toHaveText('2 of 3 files');
    await expect(
      dialog.getByRole('list', { name: 'Chosen files' }).getByRole('listitem'),
    ).toHaveText(['sunny-farms-logo-2027-…', 'kit.pdf']);
    await expect(send).toBeEnabled();
    await send.click();

    await expect(page).toHaveURL(brandUrl('lins', '/forms/ad-request/sent'));
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-form-alert="success"]')).toContainText(
      'Thank you! Our advertising desk will contact you within two business days.',
    );
    const mail = await mailWith('advertising@coop.example.com', business);
    expect(mail.cc).toEqual(['marketing@coop.example.com']);
    expect(mail.bcc).toEqual(['ad-requests-archive@coop.example.com']);
    expect(mail.replyTo).toBe('sam@sunny-farms.example.com');
    expect(mail.subject).toBe(`Ad request: ${business} (Lin's Fresh Market)`);
    expect(mail.text).toContain('- Where would you like to advertise?: Weekly ad, Website banner');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['artwork-1.png', 'artwork-2.pdf']);
    expect(mail.text).toContain('sunny-farms-logo-2027-final.png');
    expect(mail.attachments[0].content.equals(logo)).toBe(true);
    expect(mail.attachments[1].content.equals(kit)).toBe(true);
  });

  test('southend: without JavaScript the footer links to the form, which answers in place @nojs-only', async ({
    page,
  }) => {
    const business = unique('Desert Bloom');
    await page.goto(brandUrl('southend', '/posts'));
    await page.getByTestId('site-footer').getByRole('link', { name: 'Advertise with us' }).click();
    await expect(page).toHaveURL(brandUrl('southend', '/forms/ad-request'));
    await expect(page.getByRole('heading', { level: 1, name: 'Advertise with us' })).toBeVisible();
    let form = formOf(page, 'ad-request');
    await form.getByLabel('Business name').fill(business);
    await form.getByLabel('Your name').fill('Rosa');
    // Addresses the browser's own check lets through, which the site's does not.
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('rosa@desert-bloom');
    await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('555-12');
    await form.getByLabel('In-store display').check();
    await form.getByLabel('I may place advertising for this business.').check();
    await form.getByRole('button', { name: 'Send Request' }).click();
    form = formOf(page, 'ad-request');
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(form.getByText('Please enter a valid phone number.')).toBeVisible();
    // The answers are kept.
    await expect(form.getByLabel('Business name')).toHaveValue(business);
    await expect(form.getByLabel('In-store display')).toBeChecked();

    await form
      .getByRole('textbox', { name: 'Email', exact: true })
      .fill('rosa@desert-bloom.example.com');
    await form.getByRole('textbox', { name: 'Phone', exact: true }).fill('(520) 555-0177');
    await form.getByRole('button', { name: 'Send Request' }).click();
    await expect(page).toHaveURL(brandUrl('southend', '/forms/ad-request/sent'));
    await expect(page.locator('[data-form-alert="success"]')).toContainText(
      'Our advertising desk will contact you',
    );
    const mail = await mailWith('advertising@coop.example.com', business);
    expect(mail.subject).toBe(`Ad request: ${business} (Southend Grocers)`);
    expect(mail.attachments).toEqual([]);
  });
});

test.describe('accessibility and phones', () => {
  test('the forms pass axe, with and without JavaScript', async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, 'axe runs in the page: the no-JavaScript view is served to it');
    for (const [site, path] of [
      ['lins', '/customer-service'],
      ['harvest', '/donations'],
      ['southend', '/forms/ad-request'],
    ]) {
      await page.goto(brandUrl(site, path));
      await waitForHydration(page);
      await expectNoSeriousAxeViolations(page);
    }
    // The same pages as a browser without JavaScript gets them.
    await serveWithoutScripts(page);
    for (const [site, path] of [
      ['lins', '/customer-service'],
      ['harvest', '/forms/donation-request'],
    ]) {
      await page.goto(brandUrl(site, path));
      await expect(page.locator('form[enctype="multipart/form-data"]').first()).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    }
  });

  test('on a phone the forms never scroll sideways; the dialog fills the screen @nojs', async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    for (const [site, path] of [
      ['lins', '/customer-service'],
      ['harvest', '/donations'],
      ['dans', '/forms/ad-request'],
    ]) {
      await page.goto(brandUrl(site, path));
      expect(await overflow(), `${site}${path}`).toBeLessThanOrEqual(0);
      await expect(page.locator('form[action^="/forms/"]').first()).toBeVisible();
    }
    if (!javaScriptEnabled) return;
    await page.goto(brandUrl('dans', '/'));
    await waitForHydration(page);
    await page
      .getByTestId('site-footer')
      .getByRole('button', { name: 'Advertise with us' })
      .click();
    const box = page.getByTestId('form-dialog-ad-request');
    await expect(box).toBeVisible();
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="form-dialog-ad-request"]')
          ?.getAnimations()
          .every((a) => a.playState !== 'running') ?? false,
    );
    const { width, height } = (await box.boundingBox())!;
    expect(width).toBeLessThanOrEqual(375);
    expect(width).toBeGreaterThan(360);
    // The whole screen; the form scrolls inside it.
    expect(height).toBeGreaterThan(700);
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
