/**
 * The password-reset e-mail (docs/reference/accounts.md "Reset password"): content template
 * `email-templates/password-reset` (the brand's, else the shared one), with a link to
 * `/reset-password?token=…&address=…` built only from the tenant's canonical origin: never from a
 * Host header, so a forged Host cannot point the link at another site.
 *
 * Template placeholders: {{resetLink}}, {{retailerName}}, {{email}}, {{expiresMinutes}},
 * {{origin}}.
 */
import { RESET_TOKEN_TTL_MINUTES } from './reset-tokens.server';
import type { ContentService } from '~/content/source/types';
import { renderEmailTemplate } from '~/lib/markdown.server';
import { brandedMail } from '~/lib/mail/branded.server';
import type { Tenant } from '~/lib/tenant/schema';
import type { MailMessage } from '~/lib/mail/mailer.server';
import { brandSender } from '~/lib/mail/sender.server';
import { mailText } from '~/lib/mail/mail-text';

export const PASSWORD_RESET_TEMPLATE = 'password-reset';

/** Used only when neither the brand nor content/shared has the template. */
const FALLBACK_TEMPLATE = {
  subject: 'Reset your password',
  body: [
    'Hello,',
    'To choose a new password for your {{retailerName}} account, follow this link:',
    '[Reset your password]({{resetLink}})',
    'This link expires in {{expiresMinutes}} minutes.',
  ].join('\n\n'),
};

type MailTenant = Pick<Tenant, 'origin' | 'retailerName' | 'mail'>;
type LayoutTenant = MailTenant & Pick<Tenant, 'theme' | 'logo'>;

/** `${origin}/reset-password?token=…&address=…` from the canonical origin. */
export function resetPasswordLink(tenant: Pick<Tenant, 'origin'>, email: string, token: string) {
  const url = new URL('/reset-password', tenant.origin);
  url.searchParams.set('token', token);
  url.searchParams.set('address', email);
  return url.toString();
}

export function passwordResetEmail(input: {
  tenant: LayoutTenant & Pick<Tenant, 'sitePath'>;
  content: Pick<ContentService, 'emailTemplate'>;
  email: string;
  token: string;
}): MailMessage {
  const { tenant, email, token } = input;
  const template =
    input.content.emailTemplate(tenant.sitePath, PASSWORD_RESET_TEMPLATE) ?? FALLBACK_TEMPLATE;
  const { subject, html } = renderEmailTemplate(template, {
    resetLink: resetPasswordLink(tenant, email, token),
    retailerName: tenant.retailerName,
    email,
    expiresMinutes: RESET_TOKEN_TTL_MINUTES,
    origin: tenant.origin,
  });
  // The template's own text is search text (links dropped): derive a mail text from the HTML.
  // The template is the brand's content, rendered (and its values escaped) by the Markdown
  // renderer: it goes into the brand's layout as it is.
  const mail = brandedMail({
    tenant,
    subject,
    heading: subject,
    blocks: [{ kind: 'rendered', html, text: mailText(html) }],
    footer: {
      reason: `You get this e-mail because a new password was asked for the ${tenant.retailerName} account of this address.`,
    },
  });
  return { ...brandSender(tenant), to: email, subject, html: mail.html, text: mail.text };
}
