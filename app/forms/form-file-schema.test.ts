/** Content forms (forms/<slug>.json): the file schema, and how the content service serves them. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { md, write } from '@test/content-fixture';
import { createContentService, type ContentService } from '~/content/source/content.server';
import { formFileSchema, isMailbox, isSiteRoute } from './form-file-schema';
import { describeZodError } from '~/content/source/schemas.server';

/** A valid form file; each test breaks one thing. */
function validForm(): Record<string, unknown> {
  return {
    title: 'Contact us',
    fields: [
      { type: 'text', name: 'name', label: 'Your name', required: true },
      { type: 'email', name: 'email', label: 'Email', required: true },
      { type: 'phone', name: 'phone', label: 'Phone' },
      { type: 'select', name: 'topic', label: 'Topic', required: true, options: ['A', 'B'] },
      { type: 'textarea', name: 'message', label: 'Message' },
      {
        type: 'file',
        name: 'photo',
        label: 'Photo',
        accept: ['image/*', '.pdf'],
        maxFiles: 2,
        maxBytes: 1000,
      },
    ],
    action: {
      type: 'email',
      to: 'Desk <desk@example.com>',
      cc: ['a@example.com', 'B <b@example.com>'],
      replyTo: 'email',
      template: 'contact',
      successMessage: 'Thanks!',
    },
  };
}

type Change = (form: Record<string, any>) => void; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The schema's problem line for a changed valid form; '' when it passes. */
function problem(change: Change): string {
  const form = validForm();
  change(form);
  const parsed = formFileSchema.safeParse(form);
  return parsed.success ? '' : describeZodError(parsed.error);
}

describe('form file schema', () => {
  it('reads a valid file with its defaults', () => {
    const parsed = formFileSchema.parse(validForm());
    expect(parsed.title).toBe('Contact us');
    expect(parsed.submitLabel).toBe('Submit');
    expect(parsed.fields[0]).toEqual({
      type: 'text',
      name: 'name',
      label: 'Your name',
      required: true,
      help: null,
      maxLength: 100,
      autocomplete: null,
    });
    expect(parsed.fields[2]).toMatchObject({ type: 'phone', required: false });
    expect(parsed.fields[3]).toMatchObject({
      options: [
        { value: 'A', label: 'A' },
        { value: 'B', label: 'B' },
      ],
      placeholder: null,
    });
    expect(parsed.fields[4]).toMatchObject({ type: 'textarea', maxLength: 2000, rows: 5 });
    expect(parsed.fields[5]).toMatchObject({
      accept: ['jpeg', 'png', 'gif', 'webp', 'heic', 'pdf'],
      maxFiles: 2,
      maxBytes: 1000,
    });
    // Default total: the file fields' own maxima.
    expect(parsed.maxTotalBytes).toBe(2000);
    expect(parsed.action).toEqual({
      type: 'email',
      to: ['Desk <desk@example.com>'],
      cc: ['a@example.com', 'B <b@example.com>'],
      bcc: [],
      from: null,
      replyTo: { field: 'email' },
      subject: null,
      template: 'contact',
      attachments: ['photo'],
      acknowledge: false,
      successMessage: 'Thanks!',
      successRoute: null,
    });
  });

  it('a file field without limits takes one file of 5 MB', () => {
    const parsed = formFileSchema.parse({
      title: 'Letter',
      fields: [{ type: 'file', name: 'letter', label: 'Letter', accept: ['application/pdf'] }],
      action: { type: 'email', to: 'desk@example.com' },
    });
    expect(parsed.fields[0]).toMatchObject({ accept: ['pdf'], maxFiles: 1, maxBytes: 5242880 });
    expect(parsed.maxTotalBytes).toBe(5242880);
  });

  it.each<[string, Change, RegExp]>([
    ['no title', (f) => delete f.title, /^title: is required/],
    ['no fields', (f) => (f.fields = []), /fields: needs at least one field/],
    ['a misspelt key', (f) => (f.feilds = []), /Unrecognized key.*feilds/],
    ['a misspelt field key', (f) => (f.fields[0].requried = true), /fields\.0.*requried/],
    [
      'an unknown field type',
      (f) => (f.fields[0].type = 'date'),
      /fields\.0\.type: type must be one of: text, textarea, email/,
    ],
    ['a field without a name', (f) => delete f.fields[0].name, /fields\.0\.name: is required/],
    ['a name with a dot', (f) => (f.fields[0].name = 'a.b'), /fields\.0\.name: must be letters/],
    [
      'the honeypot as a name',
      (f) => (f.fields[0].name = 'website'),
      /fields\.0\.name: is a name the site keeps/,
    ],
    [
      'two fields with one name',
      (f) => (f.fields[1].name = 'Name'),
      /fields\.1\.name: another field is named 'Name'/,
    ],
    ['a choice without options', (f) => (f.fields[3].options = []), /needs at least one option/],
    [
      'two options with one value',
      (f) => (f.fields[3].options = ['A', { value: 'A', label: 'Again' }]),
      /fields\.3\.options: two options have the same value/,
    ],
    [
      'a type whose bytes cannot be checked',
      (f) => (f.fields[5].accept = ['image/*', 'text/plain']),
      /fields\.5\.accept\.1: 'text\/plain' is not a type the site can check/,
    ],
    ['no accepted type', (f) => (f.fields[5].accept = []), /needs at least one type/],
    ['too many files', (f) => (f.fields[5].maxFiles = 11), /maxFiles: must be at most 10/],
    [
      'too large a file',
      (f) => (f.fields[5].maxBytes = 11 * 1024 * 1024),
      /maxBytes: must be at most 10485760/,
    ],
    [
      'too large a total',
      (f) => (f.maxTotalBytes = 16 * 1024 * 1024),
      /maxTotalBytes: must be at most 15728640/,
    ],
    [
      'an action of another type',
      (f) => (f.action.type = 'webhook'),
      /action\.type: must be 'email'/,
    ],
    ['no recipient', (f) => delete f.action.to, /action\.to: needs at least one address/],
    [
      'a recipient that is no address',
      (f) => (f.action.to = 'desk'),
      /action\.to: must be an address/,
    ],
    [
      'a header smuggled into an address',
      (f) => (f.action.cc = ['a@example.com\r\nBcc: evil@example.com']),
      /action\.cc\.0: must be an address/,
    ],
    ['a bad sender', (f) => (f.action.from = 'Shop <shop@>'), /action\.from: must be an address/],
    [
      'a reply-to naming no e-mail field',
      (f) => (f.action.replyTo = 'name'),
      /action\.replyTo: names no e-mail field of this form \('name'\)/,
    ],
    [
      'a reply-to that is a broken address',
      (f) => (f.action.replyTo = 'a@'),
      /action\.replyTo: must be an address/,
    ],
    [
      'an attachment naming no file field',
      (f) => (f.action.attachments = ['photo', 'message']),
      /action\.attachments\.1: names no file field of this form \('message'\)/,
    ],
    [
      'a file field whose files go nowhere',
      (f) => (f.action.attachments = []),
      /file field 'photo' is not attached/,
    ],
    [
      'a subject of two lines',
      (f) => (f.action.subject = 'a\nb'),
      /action\.subject: must be one line/,
    ],
    [
      'a success message and a success route',
      (f) => (f.action.successRoute = '/thanks'),
      /give successMessage .* or successRoute, not both/,
    ],
  ])('refuses %s', (_what, change, expected) => {
    expect(problem(change)).toMatch(expected);
  });

  it.each([
    '//evil.example/thanks',
    'https://evil.example/thanks',
    'http:/evil.example',
    'javascript:alert(1)',
    '/\\evil.example',
    '\\\\evil.example',
    '/a/..//evil.example',
    '/%2e%2e//evil.example',
    'thanks',
    '/thanks\r\nSet-Cookie: x=y',
    ' //evil.example',
  ])('refuses the off-site success route %j', (route) => {
    expect(
      problem((f) => {
        delete f.action.successMessage;
        f.action.successRoute = route;
      }),
    ).toMatch(/action\.successRoute: must be a path of this site/);
  });

  it('takes a success route of the site, and neither message nor route', () => {
    expect(
      problem((f) => {
        delete f.action.successMessage;
        f.action.successRoute = '/posts/news?from=form#top';
      }),
    ).toBe('');
    expect(problem((f) => delete f.action.successMessage)).toBe('');
  });

  it('acknowledges posts only with an e-mail field to send the acknowledgement to', () => {
    expect(problem((f) => (f.action.acknowledge = true))).toBe('');
    expect(
      problem((f) => {
        f.action.acknowledge = true;
        f.action.replyTo = 'office@example.com';
      }),
    ).toMatch(/acknowledge.*needs replyTo/);
    expect(problem((f) => (f.action.acknowledge = 'yes'))).toMatch(/must be true or false/);
  });

  it('mailboxes and site routes', () => {
    expect(isMailbox('desk@example.com')).toBe(true);
    expect(isMailbox("Dan's Desk <desk@example.com>")).toBe(true);
    expect(isMailbox('desk@example')).toBe(false);
    expect(isMailbox('<desk@example.com>, evil@example.com')).toBe(false);
    expect(isMailbox('"Desk" <desk@example.com>')).toBe(false);
    expect(isSiteRoute('/thanks')).toBe(true);
    expect(isSiteRoute('/caf\u00e9')).toBe(false);
  });
});

describe('the content service', () => {
  let root = '';
  const services: ContentService[] = [];
  const service = () => {
    const s = createContentService({ dir: root });
    services.push(s);
    return s;
  };

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'content-forms-'));
    write(root, 'shared/forms/contact.json', validForm());
    write(root, 'shared/forms/ads.json', { ...validForm(), title: 'Advertise' });
    write(root, 'shared/email-templates/contact.md', md({ subject: 'Contact' }, 'Hello'));
    write(root, 'alpha/forms/ads.json', { ...validForm(), title: 'Advertise on Alpha' });
    write(root, 'alpha/forms/broken.json', { ...validForm(), action: { type: 'email' } });
    write(root, 'alpha/forms/not-json.json', '{ "title": ');
    write(root, 'alpha/forms/lost.json', {
      ...validForm(),
      action: { ...(validForm().action as object), template: 'missing' },
    });
    write(root, 'alpha/posts/home.md', md({ title: 'Home' }));
    write(root, 'alpha/posts/contact-us.md', md({ title: 'Contact', form: 'contact' }, 'Text'));
    write(root, 'alpha/posts/nowhere.md', md({ title: 'Nowhere', form: 'nowhere' }));
    write(root, 'alpha/menus/footer.json', {
      menu: [
        {
          label: 'Company',
          children: [
            { label: 'Advertise', form: 'ads' },
            { label: 'Ads page', form: 'ads', to: '/advertising' },
            { label: 'Gone', form: 'gone' },
          ],
        },
      ],
    });
  });
  afterEach(() => {
    while (services.length) services.pop()!.close();
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('serves the brand form over the shared one, and the shared one otherwise', () => {
    const s = service();
    expect(s.form('alpha', 'ads')?.title).toBe('Advertise on Alpha');
    expect(s.form('alpha', 'ads')?.shared).toBe(false);
    expect(s.form('alpha', 'contact')).toMatchObject({ slug: 'contact', shared: true });
    expect(s.form('beta', 'ads')?.title).toBe('Advertise');
    expect(s.form('alpha', 'nope')).toBeNull();
    expect(s.form('alpha', '../shared/forms/ads')).toBeNull();
  });

  it('a copy: changing what it gives never changes the cache', () => {
    const s = service();
    s.form('alpha', 'contact')!.action.to.push('evil@example.com');
    expect(s.form('alpha', 'contact')!.action.to).toEqual(['Desk <desk@example.com>']);
  });

  it('leaves out a bad file whole and reports it, never throws', () => {
    const s = service();
    expect(s.form('alpha', 'broken')).toBeNull();
    expect(s.form('alpha', 'not-json')).toBeNull();
    const problems = s.problems('alpha');
    expect(problems).toContainEqual({
      file: 'alpha/forms/broken.json',
      message: 'action.to: needs at least one address (form left out)',
    });
    expect(problems.find((p) => p.file === 'alpha/forms/not-json.json')?.message).toMatch(
      /^not valid JSON/,
    );
  });

  it('reports a page, a menu item or a form naming what does not exist', () => {
    const problems = service().problems('alpha');
    expect(problems).toContainEqual({
      file: 'alpha/posts/nowhere.md',
      message: "form 'nowhere' does not exist (forms/nowhere.json)",
    });
    expect(problems).toContainEqual({
      file: 'alpha/menus/footer.json',
      message: `menu item "Gone" opens form 'gone', which does not exist`,
    });
    expect(problems).toContainEqual({
      file: 'alpha/forms/lost.json',
      message: "action.template 'missing' is no e-mail template (email-templates/missing.md)",
    });
  });

  it('a page names its form; a menu item opening a form links to its page', () => {
    const s = service();
    expect(s.post('alpha', null, 'contact-us')?.form).toBe('contact');
    const items = s.menu('alpha', 'footer')!.menu[0].children;
    expect(items.map((i) => [i.label, i.form, i.to])).toEqual([
      ['Advertise', 'ads', '/forms/ads'],
      ['Ads page', 'ads', '/advertising'],
      ['Gone', 'gone', '/forms/gone'],
    ]);
  });
});
