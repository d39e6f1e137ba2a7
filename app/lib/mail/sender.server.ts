import type { Tenant } from '~/lib/tenant/schema';
import type { MailAddress } from './mailer.server';

/**
 * The brand's sender when a message names none: the tenant's `mail.from`, else
 * `"<retailer name>" <no-reply@<canonical host>>`.
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

/**
 * From and Reply-To of the brand's own mail to a shopper: `defaultSender`, and Reply-To only when
 * the tenant sets `mail.replyTo`.
 */
export function brandSender(tenant: Pick<Tenant, 'origin' | 'retailerName' | 'mail'>): {
  from: MailAddress;
  replyTo?: MailAddress;
} {
  const from = defaultSender(tenant);
  return tenant.mail?.replyTo ? { from, replyTo: tenant.mail.replyTo } : { from };
}
