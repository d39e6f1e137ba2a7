import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrast } from '~/lib/theme/color';
import { tenantSchema } from '~/lib/tenant/schema';
import { brandedMail, mailLink, type BrandedMailTenant } from './branded.server';
import { mailColours } from './branded-html.server';

const tenant: BrandedMailTenant = {
  origin: 'https://shop.example.com',
  retailerName: 'Shop & Co',
  theme: { primary: '#ffca28', secondary: '#62cbc9' },
  logo: { src: '/images/logo.svg', alt: 'Shop', width: 160, height: 48 },
};

function mail(overrides: Partial<Parameters<typeof brandedMail>[0]> = {}) {
  return brandedMail({
    tenant,
    subject: 'Your <case>',
    preheader: 'We got it',
    heading: 'Thanks, <b>you</b>',
    blocks: [
      { kind: 'paragraph', text: 'Hello <script>alert(1)</script> & bye' },
      { kind: 'button', label: 'Confirm', href: mailLink(tenant, '/confirm', { token: 'a b' }) },
      { kind: 'list', items: ['one <i>', 'two'] },
      { kind: 'facts', rows: [['Case number', 'K7Q-4MX-9TD']] },
      { kind: 'rendered', html: '<p>Made <strong>here</strong></p>', text: 'Made here' },
    ],
    footer: {
      reason: 'You asked for it.',
      unsubscribeUrl: mailLink(tenant, '/unsubscribe'),
      preferencesUrl: mailLink(tenant, '/account'),
    },
    ...overrides,
  });
}

describe('brandedMail', () => {
  it('writes both parts from the blocks, plain text escaped in the HTML', () => {
    const { html, text, subject } = mail();
    expect(subject).toBe('Your <case>');
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt; &amp; bye');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Thanks, &lt;b&gt;you&lt;/b&gt;');
    expect(html).toContain('<li>one &lt;i&gt;</li>');
    expect(html).toContain('<p>Made <strong>here</strong></p>');
    expect(html).toContain('K7Q-4MX-9TD');
    expect(html).toContain('We got it');
    expect(text).toContain('Hello <script>alert(1)</script> & bye');
    expect(text).toContain('Confirm: https://shop.example.com/confirm?token=a+b');
    expect(text).toContain('- one <i>');
    expect(text).toContain('Case number: K7Q-4MX-9TD');
    expect(text).toContain('Made here');
    expect(text).toContain('Unsubscribe: https://shop.example.com/unsubscribe');
    expect(text).not.toMatch(/<p>|<strong>/);
  });

  it('links only to absolute addresses on the canonical origin', () => {
    const { html } = mail();
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
    expect(hrefs.length).toBeGreaterThanOrEqual(4);
    for (const href of hrefs) expect(href.startsWith('https://shop.example.com')).toBe(true);
  });

  it('shows the retailer name, not the SVG logo, unless the brand has a raster mail logo', () => {
    expect(mail().html).not.toContain('logo.svg');
    expect(mail().html).toContain('Shop &amp; Co');
    const withLogo = mail({
      tenant: {
        ...tenant,
        mail: { logo: { src: '/images/mail-logo.png', alt: 'Shop', width: 160, height: 48 } },
      },
    });
    expect(withLogo.html).toContain('src="https://shop.example.com/images/mail-logo.png"');
  });

  it('button text reads on every demo brand colour (4.5:1), and on a light one', () => {
    const dir = path.resolve(__dirname, '../../../tenants');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'schema.json');
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const parsed = {
        ...tenantSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))),
        origin: 'https://brand.example',
      };
      for (const colour of [parsed.theme.primary, parsed.theme.secondary, '#ffca28', '#ffffff']) {
        const c = mailColours({ primary: colour });
        expect(contrast(c.accent, c.onAccent), `${file} ${colour}`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(c.link, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      }
      const { html } = brandedMail({
        tenant: parsed,
        subject: 's',
        heading: 'h',
        blocks: [{ kind: 'button', label: 'Go', href: mailLink(parsed, '/') }],
      });
      expect(html).toContain(`background-color:${parsed.theme.primary}`);
    }
  });
});
