import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createContentService, type ContentService } from '~/content/source/content.server';
import { createMailer } from '~/lib/mail/mailer.server';
import { parseMail } from '@test/outbox';
import { passwordResetEmail, resetPasswordLink } from './password-reset-email.server';
import { brandSender } from '~/lib/mail/sender.server';

const folders: string[] = [];
const services: ContentService[] = [];
afterAll(() => {
  for (const s of services) s.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

/** The repository's own content (content/shared has the password-reset template). */
function repoContent() {
  const s = createContentService({ dir: path.resolve('content') });
  services.push(s);
  return s;
}

const tenant = {
  sitePath: 'dans',
  origin: 'https://www.dans.example',
  retailerName: "Dan's Foods",
  mail: {},
  theme: { primary: '#1b365d', secondary: '#c8102e' },
};
const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE';
const email = 'Pat+test@Example.com';

describe('resetPasswordLink', () => {
  it('uses the canonical origin and encodes both values', () => {
    expect(resetPasswordLink(tenant, email, token)).toBe(
      `https://www.dans.example/reset-password?token=${token}&address=Pat%2Btest%40Example.com`,
    );
    expect(resetPasswordLink({ origin: 'http://dans.localhost:3000' }, 'a@b.c', 't')).toBe(
      'http://dans.localhost:3000/reset-password?token=t&address=a%40b.c',
    );
  });
});

describe('brandSender', () => {
  it('defaults to no-reply at the canonical host, named after the retailer', () => {
    expect(brandSender({ ...tenant, origin: 'http://dans.localhost:3000' })).toEqual({
      from: { name: "Dan's Foods", address: 'no-reply@dans.localhost' },
    });
  });

  it("uses the tenant's mail.from and mail.replyTo", () => {
    expect(
      brandSender({
        ...tenant,
        mail: { from: 'Dan <hello@dans.example>', replyTo: 'care@dans.example' },
      }),
    ).toEqual({ from: 'Dan <hello@dans.example>', replyTo: 'care@dans.example' });
  });
});

describe('passwordResetEmail', () => {
  it('renders the shared template into an outbox e-mail with the link to the tenant origin', async () => {
    const message = passwordResetEmail({ tenant, content: repoContent(), email, token });
    const outbox = path.join(tempDir('reset-mail-'), 'outbox');
    const mailer = createMailer({ outboxDir: outbox });
    const sent = await mailer.send(message);
    mailer.close();

    const mail = await parseMail(fs.readFileSync(sent.file!, 'utf8'));
    const link = `https://www.dans.example/reset-password?token=${token}&address=Pat%2Btest%40Example.com`;
    expect(mail.subject).toBe('Reset your password'); // content/shared/email-templates
    expect(mail.from).toBe('"Dan\'s Foods" <no-reply@www.dans.example>');
    expect(mail.to).toBe('Pat+test@example.com');
    expect(mail.replyTo).toBeNull();
    expect(mail.text).toContain(link);
    expect(mail.text).toContain("Dan's Foods");
    expect(mail.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(mail.html).toContain("<p>Dan's Foods</p>");
    expect(mail.html).toMatch(/^<!DOCTYPE html[\s\S]*<title>Reset your password<\/title>/);
    // In the brand's layout: its colour, its name in the footer.
    expect(mail.html).toContain('#1b365d');
    expect(mail.text).toContain("Dan's Foods · https://www.dans.example");
  });

  it("prefers the brand's own template and fills every placeholder", () => {
    const dir = tempDir('reset-content-');
    fs.mkdirSync(path.join(dir, 'shared'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'dans', 'email-templates'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'dans', 'email-templates', 'password-reset.md'),
      '---\nsubject: "{{retailerName}}: new password for {{email}}"\n---\n' +
        '[Go]({{resetLink}}) within {{expiresMinutes}} minutes at {{origin}}.\n',
    );
    const content = createContentService({ dir });
    services.push(content);
    const message = passwordResetEmail({ tenant, content, email, token });
    expect(message.subject).toBe("Dan's Foods: new password for Pat+test@Example.com");
    expect(message.text).toContain('within 30 minutes at https://www.dans.example.');
    expect(message.html).toContain('href="https://www.dans.example/reset-password?token=');
  });

  it('still sends a usable e-mail when no template exists anywhere', () => {
    const content = { emailTemplate: () => null };
    const message = passwordResetEmail({ tenant, content, email, token });
    expect(message.subject).toBe('Reset your password');
    expect(message.text).toContain('https://www.dans.example/reset-password?token=');
  });
});
