import { Form } from '@remix-run/react';
import { describe, expect, it } from 'vitest';
import { renderServer, textOf } from '@test/render';
import { FooterSignup } from './footer-signup';
import { NEWSLETTER_MESSAGES } from './messages';
import { PageSignup } from './page-signup';
import { SignupForm } from './signup-form';
import type { SignupActionData, SignupSetup } from './types';

/*
 * The sign-up forms as a shopper without JavaScript gets them (server render): labels, choices, the
 * honeypot, and the form's states (docs/reference/newsletter.md "What the shopper sees") from the
 * action's answers.
 */

const standard: SignupSetup = {
  variant: 'standard',
  action: '/newsletter',
  stores: [
    { value: '0012', label: "Lin's Cedar City" },
    { value: '0021', label: "Lin's St. George" },
  ],
  selectedStore: '0021',
  agreement: null,
};

const pharmacy: SignupSetup = {
  variant: 'pharmacy',
  action: '/newsletter/pharmacy',
  stores: ['DEMO GROCER', 'DANS', 'FRESH MARKET'].map((s) => ({ value: s, label: s })),
  selectedStore: 'FRESH MARKET',
  agreement: 'Yes, send me pharmacy news by e-mail.',
};

type Reply = Extract<SignupActionData, { intent: 'subscribe' }>;

function render(setup: SignupSetup, reply: Reply | null = null, defaultEmail?: string) {
  return renderServer(
    <SignupForm
      setup={setup}
      Form={Form}
      reply={reply}
      pending={false}
      defaultEmail={defaultEmail}
      idPrefix="t-"
    />,
  );
}

/** The opening tag of the input named `name`. */
function input(html: string, name: string): string {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  expect(tag, name).toBeDefined();
  return tag!;
}

/** The options of the select named `name`, as [value, text, selected]. */
function options(html: string, name: string) {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html);
  expect(select, name).not.toBeNull();
  return [...select![1].matchAll(/<option([^>]*)>([^<]*)<\/option>/g)].map((m) => [
    /value="([^"]*)"/.exec(m[1])?.[1] ?? '',
    m[2].replace(/&#x27;/g, "'"),
    /\bselected\b/.test(m[1]),
  ]);
}

describe('the footer sign-up form', () => {
  it('asks for Email*, Home Store*, names and a masked phone, posting to its action', async () => {
    const html = await render(standard, null, 'ava@example.com');
    const text = textOf(html);
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/newsletter"/);
    expect(html).toMatch(/<input type="hidden" name="intent" value="subscribe"/);
    expect(html).toMatch(
      /<label for="t-newsletter-standard-email"[^>]*>Email<span aria-hidden="true"[^>]*>\*/,
    );
    expect(input(html, 'email')).toMatch(/(?=.*type="email")(?=.*required="")/);
    expect(html).toContain('value="ava@example.com"');
    expect(text).toContain('Home Store *');
    expect(options(html, 'store')).toEqual([
      ['', 'Select a store', false],
      ['0012', "Lin's Cedar City", false],
      ['0021', "Lin's St. George", true],
    ]);
    expect(text).toContain('First Name');
    expect(text).toContain('Last Name');
    expect(input(html, 'phone')).toMatch(/(?=.*type="tel")(?=.*placeholder="\(###\) ###-####")/);
    for (const name of ['firstName', 'lastName', 'phone']) {
      expect(input(html, name)).not.toContain('required');
    }
    expect(text).toContain('* indicates required field');
    expect(html).toMatch(/<button type="submit"[^>]*>Subscribe<\/button>/);
  });

  it('hides the honeypot from people and assistive technology, out of the tab order', async () => {
    const html = await render(standard);
    expect(html).toMatch(
      /<div class="[^"]*" aria-hidden="true"><label for="t-newsletter-standard-trap">Leave this field empty<\/label><input id="t-newsletter-standard-trap"/,
    );
    expect(input(html, 'website')).toMatch(
      /(?=.*type="text")(?=.*tabindex="-1")(?=.*autoComplete="off")(?=.*value="")/,
    );
  });

  it("labels the Ace variant's select 'Ace Location*'", async () => {
    const html = await render({ ...standard, variant: 'ace', action: '/newsletter/ace' });
    expect(textOf(html)).toContain('Ace Location *');
    expect(html).toMatch(/action="\/newsletter\/ace"/);
    expect(options(html, 'store')[0]).toEqual(['', 'Select a location', false]);
  });

  it("subscribed: 'Thank you for subscribing!' as a status, the button 'Subscribed!' and disabled", async () => {
    const html = await render(standard, {
      intent: 'subscribe',
      result: { status: 'success', initialValue: { email: 'ava@example.com', store: '0012' } },
      done: true,
    });
    expect(html).toMatch(/role="status"[^>]*>Thank you for subscribing!<\/div>/);
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Subscribed!<\/button>/);
  });

  it('error: the message in an alert; field messages tied to their inputs', async () => {
    const html = await render(standard, {
      intent: 'subscribe',
      result: {
        status: 'error',
        initialValue: { email: 'ava@example.com', store: '0012', phone: '555' },
        error: { '': [NEWSLETTER_MESSAGES.already], phone: ['Please enter a valid phone number.'] },
      },
      done: false,
    });
    expect(html).toMatch(
      /role="alert"[^>]*><p>You&#x27;re already subscribed to our mailing list.<\/p>/,
    );
    expect(input(html, 'phone')).toMatch(
      /(?=.*aria-invalid="true")(?=.*aria-describedby="t-newsletter-standard-phone-error")/,
    );
    expect(html).toMatch(
      /<ul id="t-newsletter-standard-phone-error"[^>]*><li[^>]*>Please enter a valid phone number\./,
    );
    expect(html).toMatch(/role="status"[^>]*><\/div>/);
    expect(html).toMatch(/<button type="submit"[^>]*>Subscribe<\/button>/);
  });
});

describe('the pharmacy form', () => {
  it('offers SELECT STORE then the stores, SELECT then the age ranges, and the agreement', async () => {
    const html = await render(pharmacy, null);
    expect(html).toMatch(/action="\/newsletter\/pharmacy"/);
    expect(options(html, 'store')).toEqual([
      ['', 'SELECT STORE', false],
      ['DEMO GROCER', 'DEMO GROCER', false],
      ['DANS', 'DANS', false],
      ['FRESH MARKET', 'FRESH MARKET', true],
    ]);
    expect(options(html, 'age').map(([, label]) => label)).toEqual([
      'SELECT',
      'Over 75',
      '70-75',
      '65-70',
      '60-65',
      '55-60',
      '50-55',
      'Under 50',
    ]);
    expect(input(html, 'agree')).toContain('type="checkbox"');
    expect(input(html, 'agree')).not.toContain('required');
    expect(textOf(html)).toContain('Yes, send me pharmacy news by e-mail.');
    expect(html).not.toContain('name="phone"');
  });
});

describe('without JavaScript', () => {
  it("the footer's form posts the address (intent start) to the sign-up page of its variant", async () => {
    const html = await renderServer(
      <FooterSignup setup={{ ...standard, variant: 'ace', action: '/newsletter/ace' }} />,
    );
    expect(html).toMatch(/<form method="post" action="\/newsletter\/ace"[^>]*novalidate=""/);
    expect(html).toMatch(/<input type="hidden" name="intent" value="start"\/>/);
    expect(html).toMatch(/<label for="footer-signup-email"[^>]*>E-mail address<\/label>/);
    expect(html).toMatch(/<button type="submit"[^>]*>Sign Up<\/button>/);
    // Without a dialog's data the form still goes to the standard page.
    expect(await renderServer(<FooterSignup setup={null} />)).toMatch(/action="\/newsletter"/);
  });

  it("a content page's sign-up is a link to its page, carrying the pre-selected store", async () => {
    const html = await renderServer(
      <PageSignup setup={{ ...pharmacy, variant: 'pharmacy' }} />,
      '/pharmacy',
    );
    expect(html).toMatch(
      /<a[^>]*href="\/newsletter\/pharmacy\?store=FRESH\+MARKET"[^>]*>Sign Up for Pharmacy Updates<\/a>/,
    );
  });
});
