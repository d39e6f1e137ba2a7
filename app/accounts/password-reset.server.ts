/**
 * The password-reset request in one call (docs/reference/accounts.md "Reset password"): a fresh
 * token for the address and the brand's reset e-mail with the link to it, through the mailer (SMTP
 * or the outbox). Whether an account exists for the address is the caller's question (the loyalty
 * lookup and the 'We couldn't find an account…' message come first).
 */
import type { ContentService } from '~/content/source/types';
import type { Mailer, SentMail } from '~/lib/mail/mailer.server';
import { passwordResetEmail } from './password-reset-email.server';
import type { SiteQuery } from '~/lib/site-store/site-store.server';
import type { Tenant } from '~/lib/tenant/schema';
import { issueResetToken } from './reset-tokens.server';

/** The key tokens are filed under: the brand's loyalty appId (its site path without one). */
export function resetTokenAppId(tenant: Pick<Tenant, 'sitePath' | 'services'>): string {
  return tenant.services.loyalty?.appId ?? tenant.sitePath;
}

export async function sendPasswordResetEmail(input: {
  store: SiteQuery;
  mailer: Pick<Mailer, 'send'>;
  content: Pick<ContentService, 'emailTemplate'>;
  tenant: Pick<
    Tenant,
    'sitePath' | 'services' | 'origin' | 'retailerName' | 'mail' | 'theme' | 'logo'
  >;
  email: string;
}): Promise<SentMail> {
  const { tenant, email } = input;
  const token = await issueResetToken(input.store, { appId: resetTokenAppId(tenant), email });
  return input.mailer.send(
    passwordResetEmail({ tenant, content: input.content, email: email.trim(), token }),
  );
}
