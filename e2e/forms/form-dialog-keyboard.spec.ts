import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../kit/fixtures';
import { afterQueuedWork, brandUrl, dismissPopups, waitForHydration } from '../kit/support';

/**
 * The footer's ad-request dialog driven by the keyboard alone (docs/reference/forms.md "In a
 * dialog"), on a phone and on a desktop: a real modal (focus stays inside, Escape closes it and
 * focus goes back to the footer), and a failed submit that shows every message at once, focuses
 * the first invalid field and scrolls it into view inside the dialog's own scroll box, and leaves
 * the form usable. Without JavaScript the same form is a page that answers every message.
 */

const VIEWPORTS = [
  { width: 412, height: 823 },
  { width: 1366, height: 900 },
];

/** The ad-request form's required fields: each gets its message on an empty submit. */
const REQUIRED = 5;

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
  await page.addInitScript(() =>
    localStorage.setItem('dismissed_cookie_notice', JSON.stringify({ value: true, expiry: null })),
  );
});

/** Whether the element with focus is inside `locator`'s element. */
const holdsFocus = (locator: Locator) =>
  locator.evaluate((element) => element.contains(document.activeElement));

/** Presses Tab until `target` has focus, at most `max` times; whether it got there. */
async function tabToward(page: Page, target: Locator, max: number) {
  for (let i = 0; i < max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return true;
    await page.keyboard.press('Tab');
  }
  return target.evaluate((element) => element === document.activeElement);
}

/** Presses Tab until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 200 } = {}) {
  await tabToward(page, target, max);
  await expect(target).toBeFocused();
}

/** The part of the window the dialog's box shows (its box, cut by the window). */
async function visibleDialogArea(page: Page, box: Locator) {
  const rect = (await box.boundingBox())!;
  const view = page.viewportSize()!;
  return {
    top: Math.max(rect.y, 0),
    bottom: Math.min(rect.y + rect.height, view.height),
    left: Math.max(rect.x, 0),
    right: Math.min(rect.x + rect.width, view.width),
  };
}

for (const viewport of VIEWPORTS) {
  test(`${viewport.width}×${viewport.height}: the ad-request dialog by keyboard; an empty submit shows every message and keeps focus inside`, async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, 'the dialog needs JavaScript (its page is tested without)');
    await page.setViewportSize(viewport);
    await page.goto(brandUrl('lins', '/posts'));
    await waitForHydration(page);
    const opener = page
      .getByTestId('site-footer')
      .getByRole('button', { name: 'Advertise with us' });
    await tabTo(page, opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Advertise with us' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => holdsFocus(dialog)).toBe(true);

    // Escape closes it and focus goes back to the footer's button; Enter opens it again.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    const box = page.getByTestId('form-dialog-ad-request');
    const business = dialog.getByRole('textbox', { name: 'Business name' });
    await expect(business).toBeFocused();

    // Tab through the empty fields to the submit button (each field left shows its message) and
    // press it with Enter: the form is submitted empty.
    const send = dialog.getByRole('button', { name: 'Send Request' });
    // Unavailable from the start, the form being empty (decision 0030), yet focusable.
    await expect(send).toHaveAttribute('aria-disabled', 'true');
    const reachedSend = await tabToward(page, send, 40);
    const pageScroll = await page.evaluate(() => window.scrollY);
    await page.keyboard.press('Enter');
    await expect(dialog.locator('[aria-invalid="true"]').first()).toBeAttached();
    await afterQueuedWork(page);
    await page.screenshot({ path: test.info().outputPath(`form-dialog-${viewport.width}.png`) });
    expect(reachedSend, 'Tab reaches the submit button').toBe(true);

    // Every message at once, each beside its field.
    await expect(dialog.getByText('This field is required.')).toHaveCount(REQUIRED);
    for (const message of await dialog.getByText('This field is required.').all()) {
      await expect(message).toBeVisible();
    }
    for (const field of [
      business,
      dialog.getByRole('textbox', { name: 'Your name' }),
      dialog.getByRole('textbox', { name: 'Email', exact: true }),
      dialog.getByRole('checkbox', { name: 'Weekly ad' }),
      dialog.getByRole('checkbox', { name: 'I may place advertising for this business.' }),
    ]) {
      await expect(field).toHaveAttribute('aria-invalid', 'true');
    }

    // Focus on the first invalid field, inside the dialog, and the field in the dialog's view.
    await expect(business).toBeFocused();
    expect(await holdsFocus(dialog)).toBe(true);
    await expect
      .poll(async () => {
        const area = await visibleDialogArea(page, box);
        const field = (await business.boundingBox())!;
        return (
          field.y >= area.top &&
          field.y + field.height <= area.bottom &&
          field.x >= area.left &&
          field.x + field.width <= area.right
        );
      })
      .toBe(true);
    // The page under the modal dialog stays where it was.
    expect(await page.evaluate(() => window.scrollY)).toBe(pageScroll);

    // While messages show it reads as unavailable (aria-disabled, the disabled look) yet keeps
    // its place in the tab order; a press sends nothing and focuses the first message again.
    await tabTo(page, send, { max: 40 });
    await expect(send).toHaveAttribute('aria-disabled', 'true');
    await expect
      .poll(() => send.evaluate((element) => Number(getComputedStyle(element).opacity)))
      .toBeLessThan(1);
    await page.keyboard.press('Enter');
    await expect(business).toBeFocused();

    // Tab and Shift+Tab stay inside the dialog, round and round.
    const stops = await dialog.evaluate(
      (element) =>
        element.querySelectorAll(
          'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])',
        ).length,
    );
    for (let i = 0; i < stops + 3; i += 1) {
      await page.keyboard.press('Tab');
      expect(await holdsFocus(dialog), `after Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < stops + 3; i += 1) {
      await page.keyboard.press('Shift+Tab');
      expect(await holdsFocus(dialog), `after Shift+Tab ${i + 1}`).toBe(true);
    }

    // Fixed by keyboard, the form sends.
    await tabTo(page, business, { max: 60 });
    await page.keyboard.type(`Sunny Farms ${viewport.width}`);
    await tabTo(page, dialog.getByRole('textbox', { name: 'Your name' }), { max: 5 });
    await page.keyboard.type('Sam Grower');
    await tabTo(page, dialog.getByRole('textbox', { name: 'Email', exact: true }), { max: 5 });
    await page.keyboard.type('sam@sunny-farms.example.com');
    await tabTo(page, dialog.getByRole('checkbox', { name: 'Weekly ad' }), { max: 5 });
    await page.keyboard.press('Space');
    const authorized = dialog.getByRole('checkbox', {
      name: 'I may place advertising for this business.',
    });
    await tabTo(page, authorized, { max: 20 });
    await page.keyboard.press('Space');
    await expect(dialog.getByText('This field is required.')).toHaveCount(0);
    await tabTo(page, send, { max: 5 });
    await expect(send).toBeEnabled();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(brandUrl('lins', '/forms/ad-request/sent'));
    await expect(dialog).toBeHidden();
    await expect(page.locator('[data-form-alert="success"]')).toContainText(
      'Our advertising desk will contact you',
    );
  });
}

test('without JavaScript the ad-request page answers an empty submit with every message @nojs-only', async ({
  page,
}) => {
  await page.goto(brandUrl('lins', '/forms/ad-request'));
  const form = page.locator('form[action="/forms/ad-request"]');
  const send = form.getByRole('button', { name: 'Send Request' });
  await tabTo(page, send);
  await page.keyboard.press('Enter');
  await expect(form.getByText('This field is required.')).toHaveCount(REQUIRED);
  await expect(form.getByRole('textbox', { name: 'Business name' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(page).toHaveURL(brandUrl('lins', '/forms/ad-request'));
});
