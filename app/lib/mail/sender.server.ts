import type { Tenant } from '~/lib/tenant/schema';
import type { MailAddress } from './mailer.server';

/**
 * The brand's sender when a message names none: the tenant's `mail.from`, else
 * `"<retailer name>" <no-reply@<canonical host>>` (the rule of the password-reset e-mail,
 * app/accounts/password-reset-email.server.ts `brandSender`, which could use this one).
 */
export function defaultSender(
  tenant: Pick<Tenant, 'origin' | 'retailerName' | 'mail'>,
): MailAddress {
  return (
    tenant.mail?.from ?? {
      name: tenant.retailerName,
      address: `no-reply@${new URL(tenant.origin).hostname}`,
    }
  );
}
