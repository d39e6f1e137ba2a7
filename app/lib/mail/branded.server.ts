/**
 * A brand's e-mail: one layout for every message the site sends a shopper (reminders, newsletter
 * confirmations, acknowledgements, password resets), in the brand's colours with its name and logo
 * at the top and a footer that says why the shopper gets it.
 *
 * Callers describe the message as blocks (paragraphs, a button, a list, label/value facts); this
 * module writes both parts from them: an HTML part (tables and inline styles, what mail clients
 * draw) and a text part written from the same blocks, never scraped back out of the HTML. Every
 * link is absolute, built from the tenant's canonical origin (`mailLink`), never from a request.
 * Text in blocks is plain text: it is escaped here, so shopper input cannot add markup.
 */
import { escapeHtml } from '~/lib/markdown.server';
import type { Tenant } from '~/lib/tenant/schema';

export type BrandedMailTenant = Pick<Tenant, 'origin' | 'retailerName' | 'theme' | 'logo'>;

export type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** A call to action: an absolute https (or local http) address. */
  | { kind: 'button'; label: string; href: string }
  | { kind: 'list'; items: string[] }
  /** Label/value rows: a case number, a receipt's store and date. */
  | { kind: 'facts'; rows: Array<[label: string, value: string]> };

export interface MailFooter {
  /** Why the shopper gets this message ('You get this because you asked for reminders.'). */
  reason?: string;
  /** One-click unsubscribe page for this kind of message (also the List-Unsubscribe header's). */
  unsubscribeUrl?: string;
  /** Where the shopper changes which e-mails they get. */
  preferencesUrl?: string;
}

export interface BrandedMailInput {
  tenant: BrandedMailTenant;
  subject: string;
  /** The line mail clients show after the subject in a list (hidden in the body). */
  preheader?: string;
  heading: string;
  blocks: MailBlock[];
  footer?: MailFooter;
}

export interface BrandedMail {
  subject: string;
  html: string;
  text: string;
}

/** An absolute link on the brand's canonical origin: `mailLink(tenant, '/account', { a: '1' })`. */
export function mailLink(
  tenant: Pick<Tenant, 'origin'>,
  pathname: string,
  query: Record<string, string> = {},
): string {
  const url = new URL(pathname, tenant.origin);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** Both parts of a brand's message (see the module comment). */
export function brandedMail(input: BrandedMailInput): BrandedMail {
  return { subject: input.subject, html: htmlPart(input), text: textPart(input) };
}

function textPart({ tenant, heading, blocks, footer }: BrandedMailInput): string {
  const parts = [tenant.retailerName, heading];
  for (const block of blocks) {
    switch (block.kind) {
      case 'paragraph':
        parts.push(block.text);
        break;
      case 'button':
        parts.push(`${block.label}: ${block.href}`);
        break;
      case 'list':
        parts.push(block.items.map((item) => `- ${item}`).join('\n'));
        break;
      case 'facts':
        parts.push(block.rows.map(([label, value]) => `${label}: ${value}`).join('\n'));
        break;
    }
  }
  const foot: string[] = [];
  if (footer?.reason) foot.push(footer.reason);
  if (footer?.preferencesUrl) foot.push(`Your e-mail choices: ${footer.preferencesUrl}`);
  if (footer?.unsubscribeUrl) foot.push(`Unsubscribe: ${footer.unsubscribeUrl}`);
  foot.push(`${tenant.retailerName} · ${tenant.origin}`);
  parts.push(`--\n${foot.join('\n')}`);
  return parts.map((p) => p.trim()).join('\n\n') + '\n';
}

function htmlPart({ tenant, subject, preheader, heading, blocks, footer }: BrandedMailInput) {
  const primary = tenant.theme.primary;
  const font = 'Arial, Helvetica, sans-serif';
  const body = blocks.map((block) => blockHtml(block, primary)).join('\n');
  const logo = tenant.logo
    ? `<img src="${escapeHtml(mailLink(tenant, tenant.logo.src))}" alt="${escapeHtml(
        tenant.logo.alt,
      )}" width="${tenant.logo.width}" height="${tenant.logo.height}" style="display:block;border:0;max-width:100%;height:auto">`
    : `<span style="font-size:22px;font-weight:bold;color:${primary}">${escapeHtml(
        tenant.retailerName,
      )}</span>`;
  const foot = [
    footer?.reason ? `<p style="margin:0 0 8px">${escapeHtml(footer.reason)}</p>` : '',
    footer?.preferencesUrl
      ? `<a href="${escapeHtml(footer.preferencesUrl)}" style="color:#333">Your e-mail choices</a>`
      : '',
    footer?.unsubscribeUrl
      ? ` · <a href="${escapeHtml(footer.unsubscribeUrl)}" style="color:#333">Unsubscribe</a>`
      : '',
    `<p style="margin:8px 0 0">${escapeHtml(tenant.retailerName)} · <a href="${escapeHtml(
      tenant.origin,
    )}" style="color:#333">${escapeHtml(new URL(tenant.origin).host)}</a></p>`,
  ].join('');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f4f4;font-family:${font};color:#1a1a1a">
${preheader ? `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</div>` : ''}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f4">
<tr><td align="center" style="padding:16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-top:6px solid ${primary}">
<tr><td style="padding:20px 24px 8px">${logo}</td></tr>
<tr><td style="padding:8px 24px 24px;font-size:16px;line-height:1.5">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#1a1a1a">${escapeHtml(heading)}</h1>
${body}
</td></tr>
<tr><td style="padding:16px 24px;background:#fafafa;font-size:13px;line-height:1.5;color:#333">${foot}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function blockHtml(block: MailBlock, primary: string): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px">${escapeHtml(block.text)}</p>`;
    case 'button':
      return `<p style="margin:0 0 16px"><a href="${escapeHtml(block.href)}" style="display:inline-block;padding:12px 20px;background:${primary};color:#ffffff;font-weight:bold;text-decoration:none;border-radius:4px">${escapeHtml(block.label)}</a></p>`;
    case 'list':
      return `<ul style="margin:0 0 16px;padding-left:20px">${block.items
        .map((item) => `<li>${escapeHtml(item)}</li>`)
        .join('')}</ul>`;
    case 'facts':
      return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px">${block.rows
        .map(
          ([label, value]) =>
            `<tr><td style="padding:2px 12px 2px 0;color:#555">${escapeHtml(label)}</td><td style="padding:2px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`;
  }
}
