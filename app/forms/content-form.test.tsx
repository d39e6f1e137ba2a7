/**
 * A content form as a shopper without JavaScript gets it (server render): every kind of field
 * labelled, its help named by aria-describedby, required marks, the file input's accept and
 * limits, the bot check, and the messages of a refused post in place.
 */
import { parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';
import { describe, expect, it } from 'vitest';
import { renderServer, textOf } from '@test/render';
import { attr, tagWith, textById } from '~/lib/form-kit/demo-form.test-utils';
import { formFileSchema } from '~/forms/form-file-schema';
import { answersSchema } from './answers-schema';
import { ContentForm, DEFAULT_SELECT_PLACEHOLDER, REQUIRED_NOTE } from './content-form';
import type { FormSetup } from './types';

const parsed = formFileSchema.parse({
  title: 'Contact us',
  intro: 'We answer within a day.',
  submitLabel: 'Send Message',
  fields: [
    { type: 'text', name: 'name', label: 'Your name', required: true, autocomplete: 'name' },
    { type: 'email', name: 'email', label: 'Email', required: true, help: 'We answer here.' },
    { type: 'phone', name: 'phone', label: 'Phone' },
    { type: 'select', name: 'topic', label: 'Topic', required: true, options: ['A', 'B'] },
    {
      type: 'radio',
      name: 'contactBy',
      label: 'Reach me',
      required: true,
      options: [{ value: 'email', label: 'By e-mail' }],
    },
    { type: 'multiselect', name: 'depts', label: 'Departments', required: true, options: ['Deli'] },
    { type: 'checkbox', name: 'agree', label: 'I agree', required: true },
    { type: 'textarea', name: 'message', label: 'Message', maxLength: 300, rows: 4 },
    {
      type: 'file',
      name: 'photos',
      label: 'Photos',
      help: 'Of the product.',
      accept: ['image/jpeg', 'image/png'],
      maxFiles: 3,
      maxBytes: 2097152,
    },
  ],
  action: { type: 'email', to: 'desk@example.com' },
});

const SETUP: FormSetup = {
  form: {
    slug: 'contact',
    title: parsed.title,
    intro: parsed.intro,
    submitLabel: parsed.submitLabel,
    fields: parsed.fields,
    maxTotalBytes: parsed.maxTotalBytes,
  },
  action: '/forms/contact',
  botCheck: { mode: 'honeypot', trapField: 'website', stampField: 'formStarted', stamp: '1.x' },
  multipart: true,
};

function render(setup: FormSetup = SETUP, lastResult = null as ReturnType<typeof failed> | null) {
  return renderServer(
    <ContentForm
      setup={setup}
      Form={Form}
      submit={() => undefined}
      lastResult={lastResult}
      pending={false}
    />,
  );
}

function failed() {
  const data = new FormData();
  data.set('name', 'Ann');
  data.set('email', 'ann@');
  data.set('phone', '555');
  return parseWithZod(data, { schema: answersSchema(SETUP.form) }).reply({
    formErrors: ['Something went wrong with your request. Please try submitting again.'],
  });
}

describe('ContentForm (server render)', () => {
  it('a real multipart form posting to /forms/<slug>, with the intro and the required note', async () => {
    const html = await render();
    const form = tagWith(html, 'form', 'method="post"');
    expect(attr(form, 'action')).toBe('/forms/contact');
    expect(attr(form, 'enctype')).toBe('multipart/form-data');
    expect(textOf(html)).toContain('We answer within a day.');
    expect(textOf(html)).toContain(REQUIRED_NOTE);
    expect(tagWith(html, 'button', 'type="submit"')).not.toMatch(/disabled/);
    expect(textOf(html)).toContain('Send Message');
  });

  it('labels every control; help and limits named by aria-describedby', async () => {
    const html = await render();
    for (const name of ['name', 'email', 'phone']) {
      const input = tagWith(html, 'input', `name="${name}"`);
      expect(tagWith(html, 'label', `for="${attr(input, 'id')}"`), name).toBeTruthy();
    }
    const email = tagWith(html, 'input', 'name="email"');
    expect(attr(email, 'type')).toBe('email');
    expect(email).toMatch(/\srequired=""/);
    expect(textById(html, attr(email, 'aria-describedby')!)).toBe('We answer here.');
    expect(attr(tagWith(html, 'input', 'name="phone"'), 'type')).toBe('tel');
    expect(tagWith(html, 'input', 'name="phone"')).not.toMatch(/\srequired=""/);
    expect(attr(tagWith(html, 'input', 'name="name"'), 'autocomplete')).toBe('name');

    const textarea = tagWith(html, 'textarea', 'name="message"');
    expect(attr(textarea, 'maxlength')).toBe('300');
    expect(attr(textarea, 'rows')).toBe('4');

    const select = html.match(/<select[^>]*name="topic"[^>]*>([\s\S]*?)<\/select>/)!;
    expect(select[1]).toContain(`<option value="">${DEFAULT_SELECT_PLACEHOLDER}</option>`);

    // Radio and check-box groups: a fieldset with its legend; each box labelled.
    expect(html).toMatch(/<legend[^>]*>Reach me<span aria-hidden="true"[^>]*>\*<\/span><\/legend>/);
    expect(html).toMatch(/<legend[^>]*>Departments<span aria-hidden="true"[^>]*>\*<\/span>/);
    const deli = tagWith(html, 'input', 'value="Deli"');
    expect(attr(deli, 'type')).toBe('checkbox');
    expect(deli).not.toMatch(/\srequired=""/);
    expect(tagWith(html, 'input', 'name="agree"')).toMatch(/\srequired=""/);
  });

  it('the file input: accept, multiple, its limits in words; no counter before hydration', async () => {
    const html = await render();
    const file = tagWith(html, 'input', 'name="photos"');
    expect(attr(file, 'type')).toBe('file');
    expect(attr(file, 'accept')).toBe('image/jpeg,.jpg,.jpeg,image/png,.png');
    expect(file).toMatch(/\smultiple=""/);
    expect(file).not.toMatch(/\srequired=""/);
    expect(textById(html, attr(file, 'aria-describedby')!)).toBe(
      'Of the product. Up to 3 files (JPEG or PNG), 2 MB each.',
    );
    expect(html).not.toContain('data-testid="file-counter"');
  });

  it('the honeypot: hidden from people and assistive technology; the stamp', async () => {
    const html = await render();
    const trap = tagWith(html, 'input', 'name="website"');
    expect(attr(trap, 'tabindex')).toBe('-1');
    expect(html).toMatch(/<div[^>]*aria-hidden="true"[^>]*><label[^>]*>Leave this field empty/);
    expect(attr(tagWith(html, 'input', 'name="formStarted"'), 'value')).toBe('1.x');
    // Before every field: the server runs the bot check before it reads a file.
    const firstField = html.search(/<(input|textarea|select)\b/);
    expect(html.indexOf('name="website"')).toBeLessThan(html.indexOf('name="formStarted"'));
    expect(html.slice(firstField)).toMatch(/^<input[^>]*name="website"/);
  });

  it('with reCAPTCHA: no honeypot, the disclaimer', async () => {
    const html = await render({
      ...SETUP,
      botCheck: { mode: 'recaptcha', siteKey: 'k', action: 'form_contact', tokenField: 't' },
    });
    expect(html).not.toContain('name="website"');
    expect(textOf(html)).toContain('This site is protected by reCAPTCHA and the Google');
  });

  it("a refused post: each field's message in place, the form's message in an alert", async () => {
    const html = await render(SETUP, failed());
    const email = tagWith(html, 'input', 'name="email"');
    expect(attr(email, 'aria-invalid')).toBe('true');
    const ids = attr(email, 'aria-describedby')!.split(' ');
    expect(ids.map((id) => textById(html, id))).toContain('Please enter a valid email address.');
    expect(attr(email, 'value')).toBe('ann@');
    const phone = tagWith(html, 'input', 'name="phone"');
    expect(textById(html, attr(phone, 'aria-describedby')!)).toBe(
      'Please enter a valid phone number.',
    );
    expect(html).toMatch(/role="alert"[^>]*>.*Something went wrong with your request/);
    expect(textOf(html).match(/This field is required\./g)).toHaveLength(4);
  });
});
