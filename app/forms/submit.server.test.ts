/**
 * The content forms' action, loaders and pages through the action harness (real services, the
 * demo content, the outbox read back with mailparser): what is sent, what is refused, and that a
 * refused post sends nothing.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startActionHarness, type ActionHarness, type HarnessBrowser } from '@test/action-harness';
import { fileBytes, MAGIC, pdf, photo, text } from '@test/files';
import { readOutbox, type OutboxMail } from '@test/outbox';
import type { Mailer } from '~/lib/mail/mailer.server';
import { createRateLimits } from '~/lib/security/rate-limit.server';
import { FORM_STARTED_FIELD, HONEYPOT_FIELD } from '~/lib/security/bot-check.server';
import { loader as pageLoader } from '~/routes/$';
import { action, loader } from '~/routes/forms.$slug';
import { loader as sentLoader } from '~/routes/forms.$slug_.sent';
import type { FormSetup } from './types';

let h: ActionHarness;
let outbox = '';

beforeAll(async () => {
  h = await startActionHarness({ sites: ['lins', 'harvest'] });
  outbox = path.join(h.dataDir, 'outbox');
}, 60_000);
afterAll(() => h?.close());

let ip = 0;
/** A browser of its own address, so no test shares another's rate-limit budget. */
const browser = (site: string) => h.browser(site, { clientIp: `198.51.100.${++ip}` });

/** The honeypot's fields of a form rendered now (the loader's), plus the answers. */
async function formOf(b: HarnessBrowser, slug: string, answers: [string, string | File][]) {
  const res = await b.call(loader, `/forms/${slug}`, undefined, { params: { slug } });
  const { setup } = res.data as { setup: FormSetup };
  const data = new FormData();
  if (setup.botCheck.mode === 'honeypot') {
    data.set(setup.botCheck.trapField, '');
    data.set(setup.botCheck.stampField, setup.botCheck.stamp);
  }
  for (const [k, v] of answers) data.append(k, v);
  return data;
}

const post = (b: HarnessBrowser, slug: string, data: FormData) =>
  b.call(action, `/forms/${slug}`, data, { params: { slug } });

const file = (bytes: Buffer<ArrayBuffer>, name: string, type = 'application/octet-stream') =>
  new File([bytes], name, { type });

/** The messages sent since `before` (a count of the outbox). */
async function sentSince(before: number): Promise<OutboxMail[]> {
  return (await readOutbox(outbox)).slice(before).map((e) => e.mail);
}
const outboxCount = async () => (await readOutbox(outbox)).length;

function contactAnswers(extra: [string, string | File][] = []): [string, string | File][] {
  return [
    ['name', 'Ann Shopper'],
    ['email', 'ann.shopper@example.com'],
    ['phone', '8015551234'],
    ['topic', 'A problem with a product'],
    ['departments', 'Bakery'],
    ['departments', 'Produce'],
    ['contactBy', 'phone'],
    ['message', 'The bread was stale.\nSee the photo.'],
    ...extra,
  ];
}

type Reply = {
  intent: string;
  result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
  done: boolean;
};

describe('the contact form (lins)', () => {
  it('sends the e-mail with the photo attached, bytes unchanged, then the success page once', async () => {
    const b = browser('lins');
    const bytes = photo(20_000);
    const before = await outboxCount();
    const data = await formOf(b, 'customer-service', [
      ...contactAnswers().map(([k, v]): [string, string | File] =>
        k === 'email' ? [k, 'ann.acknowledged@example.com'] : [k, v],
      ),
      ['photo', file(bytes, 'IMG_2041.jpg', 'image/jpeg')],
    ]);
    const res = await post(b, 'customer-service', data);
    expect(res.status).toBe(302);
    expect(res.location).toBe('/forms/customer-service/sent');

    // The store's copy, then the shopper's acknowledgement, with one case number.
    const [mail, ack, ...more] = await sentSince(before);
    expect(more).toEqual([]);
    expect(mail.recipients).toEqual(['help@lins.example.com']);
    expect(mail.to).toContain("Lin's Fresh Market Customer Service");
    expect(mail.replyTo).toBe('ann.acknowledged@example.com');
    expect(mail.from).toContain('no-reply@lins.localhost');
    const caseNumber = String(mail.headers.get('x-case-number'));
    expect(caseNumber).toMatch(/^[2-9A-Z]{3}-[2-9A-Z]{3}-[2-9A-Z]{3}$/);
    expect(mail.subject).toBe(
      `Customer service: A problem with a product, from Ann Shopper [Case ${caseNumber}]`,
    );
    expect(mail.text).toContain(`Case number: ${caseNumber}`);
    expect(ack.recipients).toEqual(['ann.acknowledged@example.com']);
    expect(ack.headers.get('x-case-number')).toBe(caseNumber);
    expect(ack.subject).toContain(caseNumber);
    for (const part of [ack.text, ack.html]) {
      expect(part).toContain(caseNumber);
      expect(part).toContain('Send us a message');
      // Nothing the shopper typed.
      expect(part).not.toMatch(/Ann Shopper|stale|Bakery|IMG_2041/);
    }
    expect(ack.attachments).toEqual([]);
    expect(mail.text).toContain("- Departments it's about: Bakery, Produce");
    expect(mail.text).toContain('- How should we reach you?: By phone');
    expect(mail.text).toContain('The bread was stale.\nSee the photo.');
    // Named by the server: the field, the file's place, the extension its bytes say.
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['photo-1.jpg', 'image/jpeg'],
    ]);
    expect(mail.text).toMatch(/IMG_2041\.jpg \([\d.]+ KB, attached as photo-1\.jpg\)/);
    expect(mail.attachments[0].content.equals(bytes)).toBe(true);

    const sent = await b.call(sentLoader, '/forms/customer-service/sent', undefined, {
      params: { slug: 'customer-service' },
    });
    expect(sent.status).toBe(200);
    expect(sent.data).toEqual({
      title: 'Send us a message',
      message: `Thank you for your message. Our customer service team will answer within one business day. Your case number is ${caseNumber}.`,
    });
    expect(sent.headers.get('Cache-Control')).toBe('private, no-store');
    // Shown once: a reload goes home.
    const again = await b.call(sentLoader, '/forms/customer-service/sent', undefined, {
      params: { slug: 'customer-service' },
    });
    expect(again.status).toBe(302);
    expect(again.location).toBe('/');
  });

  it('acknowledges at most three posts an hour to one address; the post succeeds all the same', async () => {
    const answers = contactAnswers().map(([k, v]): [string, string | File] =>
      k === 'email' ? [k, 'ann.limited@example.com'] : [k, v],
    );
    const before = await outboxCount();
    for (let i = 0; i < 4; i++) {
      const b = browser('lins');
      const res = await post(b, 'customer-service', await formOf(b, 'customer-service', answers));
      expect(res.status).toBe(302);
    }
    const sent = await sentSince(before);
    expect(sent.filter((m) => m.recipients.includes('help@lins.example.com'))).toHaveLength(4);
    expect(sent.filter((m) => m.recipients.includes('ann.limited@example.com'))).toHaveLength(3);
    const numbers = new Set(sent.map((m) => m.headers.get('x-case-number')));
    expect(numbers.size).toBe(4);
  });

  it('the photo is optional', async () => {
    const b = browser('lins');
    const before = await outboxCount();
    const res = await post(
      b,
      'customer-service',
      await formOf(b, 'customer-service', contactAnswers()),
    );
    expect(res.status).toBe(302);
    const [mail] = await sentSince(before);
    expect(mail.attachments).toEqual([]);
    expect(mail.text).toContain('- Photo: (no answer)');
  });

  it("every message of the server's validation, nothing sent", async () => {
    const b = browser('lins');
    const before = await outboxCount();
    const empty = await post(b, 'customer-service', await formOf(b, 'customer-service', []));
    expect(empty.status).toBe(400);
    expect((empty.data as Reply).result.error).toEqual({
      name: ['This field is required.'],
      email: ['This field is required.'],
      topic: ['This field is required.'],
      contactBy: ['This field is required.'],
      message: ['This field is required.'],
    });
    const bad = await post(
      b,
      'customer-service',
      await formOf(b, 'customer-service', [
        ['name', 'Ann'],
        ['email', 'ann@'],
        ['phone', '555-12'],
        ['topic', 'Not a topic'],
        ['contactBy', 'fax'],
        ['departments', 'Cars'],
        ['message', 'x'.repeat(2001)],
      ]),
    );
    expect((bad.data as Reply).result.error).toEqual({
      email: ['Please enter a valid email address.'],
      phone: ['Please enter a valid phone number.'],
      topic: ['This field is required.'],
      contactBy: ['This field is required.'],
      departments: ['This field is required.'],
      message: ['Please enter no more than 2000 characters.'],
    });
    expect(await sentSince(before)).toEqual([]);
  });

  it('an upload over the limit, or not an image, is refused with a clear message; nothing sent', async () => {
    const b = browser('lins');
    const before = await outboxCount();
    const big = await post(
      b,
      'customer-service',
      await formOf(b, 'customer-service', [
        ...contactAnswers(),
        ['photo', file(photo(5 * 1024 * 1024 + 1), 'huge-photo.jpg', 'image/jpeg')],
      ]),
    );
    expect(big.status).toBe(400);
    const reply = big.data as Reply;
    expect(reply.result.error).toEqual({ photo: ['“huge-photo.jpg” is larger than 5 MB.'] });
    // The answers come back (the file cannot, and is not kept).
    expect(reply.result.initialValue).toMatchObject({ name: 'Ann Shopper' });
    expect(reply.result.initialValue).not.toHaveProperty('photo');

    const fake = await post(
      b,
      'customer-service',
      await formOf(b, 'customer-service', [
        ...contactAnswers(),
        ['photo', file(text(4096), 'holiday-photo.jpg', 'image/jpeg')],
      ]),
    );
    expect((fake.data as Reply).result.error).toEqual({
      photo: ['“holiday-photo.jpg” is not a JPEG, PNG, GIF, WebP or HEIC file.'],
    });
    expect(await sentSince(before)).toEqual([]);
  });

  it('the honeypot tripped: answered as sent, nothing sent (spec §4: stops silently)', async () => {
    const b = browser('lins');
    const before = await outboxCount();
    const trapped = await formOf(b, 'customer-service', contactAnswers());
    trapped.set(HONEYPOT_FIELD, 'http://spam.example');
    const res = await post(b, 'customer-service', trapped);
    expect(res.status).toBe(302);
    expect(res.location).toBe('/forms/customer-service/sent');

    const stampless = await formOf(b, 'customer-service', contactAnswers());
    stampless.delete(FORM_STARTED_FIELD);
    expect((await post(b, 'customer-service', stampless)).location).toBe(
      '/forms/customer-service/sent',
    );
    const forged = await formOf(b, 'customer-service', contactAnswers());
    forged.set(FORM_STARTED_FIELD, `${Date.now() - 60_000}.${'A'.repeat(43)}`);
    expect((await post(b, 'customer-service', forged)).location).toBe(
      '/forms/customer-service/sent',
    );
    expect(await sentSince(before)).toEqual([]);
  });

  it('the mailer failing: the generic message, the answers kept', async () => {
    const b = browser('lins');
    const failing: Mailer = {
      kind: 'smtp',
      send: () => Promise.reject(new Error('connect ECONNREFUSED')),
      close: () => undefined,
    };
    b.services = { ...h.services, accounts: { ...h.accounts, mailer: failing } };
    const res = await post(
      b,
      'customer-service',
      await formOf(b, 'customer-service', [
        ...contactAnswers(),
        ['photo', file(photo(), 'a.jpg', 'image/jpeg')],
      ]),
    );
    expect(res.status).toBe(400);
    const reply = res.data as Reply;
    expect(reply.result.error).toEqual({
      '': ['Something went wrong with your request. Please try submitting again.'],
    });
    expect(reply.result.initialValue).toMatchObject({
      name: 'Ann Shopper',
      email: 'ann.shopper@example.com',
      // A form posts line ends as CR LF (multipart).
      message: 'The bread was stale.\r\nSee the photo.',
      departments: ['Bakery', 'Produce'],
    });
    expect(reply.result.initialValue).not.toHaveProperty('photo');
  });

  it("a declared length over the form's own limit: the 413 page, before anything is read", async () => {
    const b = browser('lins');
    const before = await outboxCount();
    const data = await formOf(b, 'customer-service', contactAnswers());
    // The photo field takes 5 MB: the form's posts are at most 5 + 5 + 1 MB.
    const thrown = await b
      .call(action, '/forms/customer-service', data, {
        params: { slug: 'customer-service' },
        headers: { 'Content-Length': String(12 * 1024 * 1024) },
      })
      .catch((error: unknown) => error);
    expect(thrown).toMatchObject({
      init: { status: 413 },
      data: { message: 'What was sent is too large.' },
    });
    expect(await sentSince(before)).toEqual([]);
  });

  it('posts are limited per address: 429 with the wait, nothing sent', async () => {
    const b = browser('lins');
    const limits = createRateLimits({ settings: { ipPoints: 1 } });
    b.services = { ...h.services, accounts: { ...h.accounts, limits } };
    try {
      expect(
        (await post(b, 'customer-service', await formOf(b, 'customer-service', contactAnswers())))
          .status,
      ).toBe(302);
      const before = await outboxCount();
      const res = await post(
        b,
        'customer-service',
        await formOf(b, 'customer-service', contactAnswers()),
      );
      expect(res.status).toBe(429);
      expect(res.headers.get('Retry-After')).toMatch(/^\d+$/);
      expect((res.data as Reply).result.error?.['']?.[0]).toMatch(
        /^Too many attempts\. Please wait/,
      );
      // Refused before the body was read: the form comes back as it was shown.
      expect((res.data as Reply).result.initialValue ?? {}).not.toHaveProperty('name');
      expect(await sentSince(before)).toEqual([]);
    } finally {
      await limits.close();
    }
  });
});

describe('the shared ad-request form and the donation form (harvest)', () => {
  it('ad request: Cc and Bcc from the file, several files attached', async () => {
    const b = browser('harvest');
    const before = await outboxCount();
    const logo = fileBytes(MAGIC.png, 3000);
    const kit = pdf(7000);
    const res = await post(
      b,
      'ad-request',
      await formOf(b, 'ad-request', [
        ['business', 'Sunny Farms'],
        ['contactName', 'Sam'],
        ['email', 'sam@sunny.example'],
        ['placements', 'Weekly ad'],
        ['authorized', 'on'],
        ['artwork', file(logo, 'logo.png', 'image/png')],
        ['artwork', file(kit, 'media-kit.pdf', 'application/pdf')],
      ]),
    );
    expect(res.status).toBe(302);
    expect(res.location).toBe('/forms/ad-request/sent');
    const [mail] = await sentSince(before);
    expect(mail.recipients).toEqual(['advertising@coop.example.com']);
    expect(mail.cc).toEqual(['marketing@coop.example.com']);
    expect(mail.bcc).toEqual(['ad-requests-archive@coop.example.com']);
    expect(mail.replyTo).toBe('sam@sunny.example');
    expect(mail.subject).toBe('Ad request: Sunny Farms (Harvest Table Market)');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['artwork-1.png', 'artwork-2.pdf']);
    expect(mail.attachments[0].content.equals(logo)).toBe(true);
    expect(mail.attachments[1].content.equals(kit)).toBe(true);
  });

  it("attachments carry names the server made; the shopper's names only in the body, escaped", async () => {
    const b = browser('harvest');
    const before = (await readOutbox(outbox)).length;
    // A PNG that is also an HTML page, a PDF named like a server file, and a name reversed by a
    // right-to-left override (it reads "invoiceexe.png").
    const polyglot = Buffer.concat([MAGIC.png, Buffer.from('<script>alert(1)</script>')]);
    const res = await post(
      b,
      'ad-request',
      await formOf(b, 'ad-request', [
        ['business', 'Sunny\u202E Farms\u0007'],
        ['contactName', 'Sam'],
        ['email', 'sam@sunny.example'],
        ['placements', 'Weekly ad'],
        ['authorized', 'on'],
        ['artwork', file(polyglot, 'poly.html', 'text/html')],
        ['artwork', file(pdf(3000), '.htaccess')],
        ['artwork', file(fileBytes(MAGIC.png, 2000), 'invoice\u202Egnp.exe', 'image/png')],
      ]),
    );
    expect(res.status).toBe(302);
    const [entry] = (await readOutbox(outbox)).slice(before);
    const parsed = await simpleParser(await fs.readFile(entry.file));
    const params = parsed.attachments.map((a) => {
      const type = a.headers.get('content-type') as { value: string; params: { name?: string } };
      const disposition = a.headers.get('content-disposition') as {
        params: { filename?: string };
      };
      return [type.value, type.params.name, disposition.params.filename];
    });
    expect(params).toEqual([
      ['image/png', 'artwork-1.png', 'artwork-1.png'],
      ['application/pdf', 'artwork-2.pdf', 'artwork-2.pdf'],
      ['image/png', 'artwork-3.png', 'artwork-3.png'],
    ]);
    // No header of the message or of a part holds a control or bidi character.
    const hidden =
      /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
    const headerValues = [
      ...parsed.headerLines.map((l) => l.line),
      ...[parsed.headers, ...parsed.attachments.map((a) => a.headers)].flatMap((headers) =>
        [...headers.values()].map((value) => JSON.stringify(value)),
      ),
    ];
    expect(headerValues.length).toBeGreaterThan(10);
    for (const value of headerValues) expect(value).not.toMatch(hidden);
    expect(parsed.subject).toBe('Ad request: Sunny Farms (Harvest Table Market)');
    // The shopper's names: text in the body, escaped, the override written out.
    const html = parsed.html || '';
    expect(html).toContain('poly.html');
    expect(html).toContain('.htaccess');
    expect(html).toContain('invoice[U+202E]gnp.exe');
    expect(html).not.toContain('\u202Egnp');
    expect(parsed.text).toContain('poly.html (');
    expect(parsed.text).toContain('attached as artwork-1.png');
  });

  it('donation: a required PDF, refused missing or not a PDF; sent, to its success route', async () => {
    const b = browser('harvest');
    const answers: [string, string | File][] = [
      ['organization', 'Cedar Elementary PTA'],
      ['contactName', 'Pat'],
      ['email', 'pat@cedar.example'],
      ['phone', '(970) 555-0101'],
      ['kind', 'gift-card'],
      ['description', 'Spring carnival raffle.'],
      ['nonprofit', 'on'],
    ];
    const before = await outboxCount();
    const missing = await post(b, 'donation-request', await formOf(b, 'donation-request', answers));
    expect((missing.data as Reply).result.error).toEqual({ letter: ['This field is required.'] });
    const png = await post(
      b,
      'donation-request',
      await formOf(b, 'donation-request', [
        ...answers,
        ['letter', file(fileBytes(MAGIC.png, 2000), 'letter.pdf', 'application/pdf')],
      ]),
    );
    expect((png.data as Reply).result.error).toEqual({
      letter: ['“letter.pdf” is not a PDF file.'],
    });
    expect(await sentSince(before)).toEqual([]);

    const letter = pdf(30_000);
    const res = await post(
      b,
      'donation-request',
      await formOf(b, 'donation-request', [
        ...answers,
        ['letter', file(letter, 'request-letter.pdf', 'application/pdf')],
      ]),
    );
    expect(res.status).toBe(302);
    expect(res.location).toBe('/donation-received');
    const [mail] = await sentSince(before);
    expect(mail.recipients).toEqual(['giving@harvest.example.com']);
    expect(mail.subject).toBe('Donation request: Cedar Elementary PTA');
    expect(mail.attachments[0].content.equals(letter)).toBe(true);
  });

  it('a success route that is not a path of the site is refused again at run time', async () => {
    const b = browser('harvest');
    const content = h.services.content;
    b.services = {
      ...h.services,
      content: {
        ...content,
        form: (site, slug) => {
          const form = content.form(site, slug);
          if (form) form.action.successRoute = '//evil.example/';
          return form;
        },
      },
    };
    const res = await post(
      b,
      'donation-request',
      await formOf(b, 'donation-request', [
        ['organization', 'PTA'],
        ['contactName', 'Pat'],
        ['email', 'pat@cedar.example'],
        ['phone', '9705550101'],
        ['kind', 'food'],
        ['description', 'Supper.'],
        ['nonprofit', 'on'],
        ['letter', file(pdf(), 'l.pdf')],
      ]),
    );
    expect(res.status).toBe(302);
    expect(res.location).toBe('/');
  });
});

describe('pages', () => {
  it('a content page shows its form (public part only), and is then personal', async () => {
    const b = browser('lins');
    const res = await b.call(pageLoader, '/customer-service', undefined, {
      params: { '*': 'customer-service' },
    });
    const { form } = res.data as { form: FormSetup };
    expect(form.action).toBe('/forms/customer-service');
    expect(form.multipart).toBe(true);
    expect(form.form.fields.map((f) => f.name)).toContain('photo');
    expect(form.botCheck.mode).toBe('honeypot');
    // The operator's addresses and template never reach the page.
    expect(JSON.stringify(form)).not.toMatch(/help@lins|customer-service-contact/);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');

    const plain = await b.call(pageLoader, '/jobs', undefined, { params: { '*': 'jobs' } });
    expect((plain.data as { form: unknown }).form).toBeNull();
  });

  it("a receipt question in the address starts the customer-service form's message, no other form's", async () => {
    const query =
      '?receiptDate=2026-11-20&receiptStore=Main%20St&transaction=T-1002&coupon=Crisp%20Apples';
    const own = await browser('lins').call(loader, `/forms/customer-service${query}`, undefined, {
      params: { slug: 'customer-service' },
    });
    const defaults = (own.data as { setup: FormSetup }).setup.defaults ?? {};
    expect(Object.values(defaults).join(' ')).toMatch(/T-1002.*"Crisp Apples"/);
    const other = await browser('harvest').call(
      loader,
      `/forms/donation-request${query}`,
      undefined,
      { params: { slug: 'donation-request' } },
    );
    expect((other.data as { setup: FormSetup }).setup.defaults ?? null).toBeNull();
  });

  it('a form the brand does not have is a 404', async () => {
    const b = browser('lins');
    for (const slug of ['donation-request', 'nope', '../forms/ad-request']) {
      await expect(
        b.call(loader, `/forms/${slug}`, undefined, { params: { slug } }),
      ).rejects.toMatchObject({ init: { status: 404 } });
    }
    await expect(
      b.call(sentLoader, '/forms/nope/sent', undefined, { params: { slug: 'nope' } }),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });
});
