/**
 * A brand's e-mail: one layout for every message the site sends a shopper (reminders, newsletter
 * confirmations, acknowledgements, password resets), in the brand's colours with its name and logo
 * at the top and a footer that says why the shopper gets it.
 *
 * Callers describe the message as blocks (paragraphs, a button, a list, label/value facts); this
 * module writes both parts from them: an HTML part (tables and inline styles, what mail clients
 * draw, from React Email's components: ./branded-html.server.tsx) and a text part written from the same blocks, never scraped back out of the HTML. Every
 * link is absolute, built from the tenant's canonical origin (`mailLink`), never from a request.
 * Text in blocks is plain text: it is escaped here, so shopper input cannot add markup.
 */
import type { Tenant } from '~/lib/tenant/schema';
import { brandedHtml } from './branded-html.server';

export { mailLink } from './mail-link';

/** `mail` (its raster logo) is optional: without it the retailer's name stands at the top. */
export type BrandedMailTenant = Pick<Tenant, 'origin' | 'retailerName' | 'theme' | 'logo'> & {
  mail?: Partial<Tenant['mail']>;
};

export type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** A call to action: an absolute https (or local http) address. */
  | { kind: 'button'; label: string; href: string }
  | { kind: 'list'; items: string[] }
  /** Label/value rows: a case number, a receipt's store and date. */
  | { kind: 'facts'; rows: Array<[label: string, value: string]> }
  /**
   * Markup the site rendered itself (a content template through the Markdown renderer, shopper
   * text escaped before it met the template), inserted as it is, and its own text part. Never
   * shopper input as it came.
   */
  | { kind: 'rendered'; html: string; text: string };

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

/** Both parts of a brand's message (see the module comment). */
export function brandedMail(input: BrandedMailInput): BrandedMail {
  return { subject: input.subject, html: brandedHtml(input), text: textPart(input) };
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
      case 'rendered':
        parts.push(block.text);
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
