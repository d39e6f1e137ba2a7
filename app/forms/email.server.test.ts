/** The e-mail of a content form: the template filled with escaped answers, the list, the files. */
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { parseMail } from '@test/outbox';
import { pdf } from '@test/files';
import { formFileSchema } from '~/forms/form-file-schema';
import type { ContentForm } from './types';
import {
  answerText,
  escapeMarkdownText,
  formEmail,
  NO_ANSWER,
  submittedAtText,
} from './email.server';

const TENANT = {
  origin: 'https://www.lins.example.com',
  retailerName: "Lin's Fresh Market",
  mail: {},
  theme: { primary: '#b5121b', secondary: '#f2a900' },
};

function form(action: Record<string, unknown> = {}): ContentForm {
  const parsed = formFileSchema.parse({
    title: 'Contact us',
    fields: [
      { type: 'text', name: 'name', label: 'Your name', required: true },
      { type: 'email', name: 'email', label: 'Email', required: true },
      { type: 'phone', name: 'phone', label: 'Phone' },
      {
        type: 'radio',
        name: 'contactBy',
        label: 'Reach me',
        options: [{ value: 'phone', label: 'By phone' }],
      },
      { type: 'multiselect', name: 'depts', label: 'Departments', options: ['Bakery', 'Deli'] },
      { type: 'checkbox', name: 'agree', label: 'I agree' },
      { type: 'textarea', name: 'message', label: 'Message' },
      { type: 'file', name: 'letter', label: 'Letter', accept: ['application/pdf'] },
    ],
    action: {
      type: 'email',
      to: 'Desk <desk@example.com>',
      cc: 'cc@example.com',
      bcc: ['archive@example.com'],
      replyTo: 'email',
      template: 'contact',
      ...action,
    },
  });
  return { ...parsed, slug: 'contact', shared: false };
}

const TEMPLATE = {
  subject: 'Message from {{name}}',
  body: [
    'From **{{name}}** ({{email}}) at {{retailerName}} on {{submittedAt}}.',
    '',
    'Phone: {{phone}}. Reach by: {{contactBy}}. Departments: {{depts}}. Agreed: {{agree}}.',
    '',
    '{{message}}',
  ].join('\n'),
};

const NOW = new Date('2026-11-01T21:05:00Z'); // 2:05 PM in Denver (MST)

function answers(over: Record<string, unknown> = {}) {
  return {
    name: 'Ann <b>Lee</b>',
    email: 'ann@example.com',
    phone: { masked: '(801) 555-1234', digits: '8015551234' },
    contactBy: 'phone',
    depts: ['Bakery', 'Deli'],
    agree: true,
    message: 'See [my site](https://evil.example) & *this*\n# not a heading\n<script>x</script>',
    letter: undefined,
    ...over,
  };
}

describe('escapeMarkdownText', () => {
  it('leaves no markup, link or block of its own', () => {
    expect(escapeMarkdownText('[a](https://b.c) <i>&</i>')).toBe(
      '\\[a\\]\\(https\\:\\/\\/b\\.c\\) &lt;i&gt;&amp;&lt;\\/i&gt;',
    );
    expect(escapeMarkdownText("it's\n# x\r\n- y")).toBe('it&#39;s<br>\\# x<br>\\- y');
  });
});

describe('formEmail', () => {
  it('fills the template with escaped answers and lists every answer', async () => {
    const mail = await formEmail({
      tenant: TENANT,
      form: form(),
      template: TEMPLATE,
      answers: answers(),
      files: {},
      now: NOW,
    });
    expect(mail.subject).toBe('Message from Ann <b>Lee</b>');
    expect(mail.html).toContain(
      'From <strong>Ann &lt;b&gt;Lee&lt;/b&gt;</strong> (ann@example.com)',
    );
    expect(mail.html).toContain(
      "at Lin's Fresh Market on Sunday, November 1, 2026, 2:05 PM (Denver time).",
    );
    expect(mail.html).toContain(
      'Phone: (801) 555-1234. Reach by: By phone. Departments: Bakery, Deli. Agreed: Yes.',
    );
    // The answer made no link, no emphasis, no heading, no script (the layout's own heading and
    // footer link aside).
    expect(mail.html).not.toMatch(/<em>|<script|href="https:\/\/evil/);
    expect(mail.html.match(/<h1/g)).toHaveLength(1);
    expect(mail.html.match(/<a /g)).toHaveLength(1);
    expect(mail.html).toContain(
      'See [my site](https://evil.example) &amp; *this*<br /># not a heading',
    );
    // Every answer in the list, escaped.
    expect(mail.html).toContain('<li><strong>Your name:</strong> Ann &lt;b&gt;Lee&lt;/b&gt;</li>');
    expect(mail.html).toContain(`<li><strong>Letter:</strong> ${NO_ANSWER}</li>`);
    expect(mail.text).toContain('- Your name: Ann <b>Lee</b>');
    expect(mail.text).toContain('- Departments: Bakery, Deli');
    expect(mail.text).toContain('- I agree: Yes');
    expect(mail.text).toContain(
      '- Message: See [my site](https://evil.example) & *this*\n# not a heading',
    );
    expect(mail.attachments).toBeUndefined();
  });

  it("addresses from the form's file; Reply-To the shopper's e-mail answer", async () => {
    const mail = await formEmail({
      tenant: TENANT,
      form: form(),
      template: TEMPLATE,
      answers: answers(),
      files: {},
    });
    expect(mail.to).toEqual(['Desk <desk@example.com>']);
    expect(mail.cc).toEqual(['cc@example.com']);
    expect(mail.bcc).toEqual(['archive@example.com']);
    expect(mail.replyTo).toBe('ann@example.com');
    expect(mail.from).toEqual({
      name: "Lin's Fresh Market",
      address: 'no-reply@www.lins.example.com',
    });

    const fixed = await formEmail({
      tenant: { ...TENANT, mail: { from: 'Shop <shop@example.com>' } },
      form: form({ replyTo: 'Office <office@example.com>', from: null, cc: [], bcc: [] }),
      template: TEMPLATE,
      answers: answers(),
      files: {},
    });
    expect(fixed.replyTo).toBe('Office <office@example.com>');
    expect(fixed.from).toBe('Shop <shop@example.com>');
    expect(fixed.cc).toBeUndefined();
    expect(fixed.bcc).toBeUndefined();
  });

  it('a subject is one line; without a template, the title and the answers', async () => {
    const mail = await formEmail({
      tenant: TENANT,
      form: form({ subject: 'Form: {{name}} {{formTitle}}', template: null }),
      template: null,
      answers: answers({ name: 'Ann\r\nBcc: evil@example.com' }),
      files: {},
    });
    expect(mail.subject).toBe('Form: Ann Bcc: evil@example.com Contact us');
    expect(mail.html).toMatch(/<h1[^>]*>Contact us<\/h1>/);
    expect(mail.text).toContain('- Email: ann@example.com');
  });

  it('attaches the files of the attached fields, bytes unchanged, and parses back', async () => {
    const bytes = pdf(5000);
    const letter = new File([new Uint8Array(bytes)], 'letter.pdf', { type: 'application/pdf' });
    const mail = await formEmail({
      tenant: TENANT,
      form: form(),
      template: TEMPLATE,
      answers: answers({ letter: [letter] }),
      files: { letter: [letter] },
    });
    expect(mail.text).toContain('- Letter: letter.pdf (5 KB, attached as letter-1.pdf)');
    expect(mail.attachments).toHaveLength(1);
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const info = await transport.sendMail(mail);
    const parsed = await parseMail(info.message as Buffer);
    expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['letter-1.pdf', 'application/pdf'],
    ]);
    expect(parsed.attachments[0].content.equals(bytes)).toBe(true);
    expect(parsed.cc).toEqual(['cc@example.com']);
    expect(parsed.bcc).toEqual(['archive@example.com']);
  });
});

describe('hostile file names', () => {
  it("names attachments itself; the shopper's name shows only in the body, escaped and visible", async () => {
    const names = [
      'poly.html',
      '.htaccess',
      'invoice\u202Egnp.exe',
      '<img src=x onerror=alert(1)>.pdf',
    ];
    const files = names.map(
      (name) => new File([new Uint8Array(pdf(100))], name, { type: 'application/pdf' }),
    );
    const mail = await formEmail({
      tenant: TENANT,
      form: form({ subject: 'Files: {{letter}} \u202E{{name}}\u2066' }),
      template: TEMPLATE,
      answers: answers({ letter: files }),
      files: { letter: files },
    });
    expect(mail.attachments?.map((a) => a.filename)).toEqual([
      'letter-1.pdf',
      'letter-2.pdf',
      'letter-3.pdf',
      'letter-4.pdf',
    ]);
    expect(mail.html).toContain('invoice[U+202E]gnp.exe');
    expect(mail.html).toContain('&lt;img src');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(mail.subject).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  });
});

describe('answers as text', () => {
  it('shows each kind of answer as a reader expects', () => {
    const f = form();
    const by = (name: string) => f.fields.find((x) => x.name === name)!;
    expect(answerText(by('agree'), false)).toBe('No');
    expect(answerText(by('phone'), undefined)).toBe(NO_ANSWER);
    expect(answerText(by('depts'), undefined)).toBe(NO_ANSWER);
    expect(answerText(by('contactBy'), 'phone')).toBe('By phone');
    expect(answerText(by('name'), '')).toBe(NO_ANSWER);
    expect(submittedAtText(new Date('2026-07-04T06:00:00Z'))).toBe(
      'Saturday, July 4, 2026, 12:00 AM (Denver time)',
    );
  });
});
