/**
 * The e-mails of a sign-up, sent from the sign-up's action (docs/reference/newsletter.md
 * "Confirmation" and "Welcome"): a double opt-in brand's confirmation (the sign-up held in the
 * site store), or the welcome after the provider subscribed the address. Both are limited per
 * address (three an hour, ~/lib/security/rate-limit.server.ts): past it the mail is skipped
 * silently and the form answers as usual, so a typed address cannot be flooded.
 */
import type { AppLoadContext } from '@remix-run/node';
import { logger } from '@common/logger.server';
import { holdSignup, type HeldSignup } from './confirmations.server';
import { signManageToken } from './manage-token.server';
import { confirmationMail, welcomeMail } from './mails.server';
import type { SignupVariant } from './messages';
import { unsubscribeAddress } from './provider.server';

/** The provider's key, when the brand names the variable holding one. */
export function providerKey(context: AppLoadContext): string | null {
  const keyEnv = context.tenant.newsletter.apiKeyEnv;
  return keyEnv ? process.env[keyEnv] || null : null;
}

/**
 * Holds the sign-up and mails its link. Throws when the store or the mailer fails (the form
 * says so); a mail over the address's limit is skipped without holding anything.
 */
export async function sendConfirmation(
  context: AppLoadContext,
  signup: HeldSignup,
  email: string,
): Promise<void> {
  const { accounts } = context.services;
  if (!(await accounts.limits.mailAllowed(signup.brand, email))) {
    logger.info({ brand: signup.brand, variant: signup.variant }, 'confirmation skipped: limit');
    return;
  }
  const token = await holdSignup(accounts.siteStore, signup);
  await accounts.mailer.send(
    confirmationMail({ tenant: context.tenant, variant: signup.variant, to: email, token }),
  );
  logger.info({ brand: signup.brand, variant: signup.variant }, 'newsletter confirmation sent');
}

/** The welcome with its manage link; a failure is only logged (the address is subscribed). */
export async function sendWelcome(
  context: AppLoadContext,
  variant: SignupVariant,
  email: string,
): Promise<void> {
  const { tenant, services } = context;
  const brand = tenant.sitePath;
  try {
    if (!(await services.accounts.limits.mailAllowed(brand, email))) {
      logger.info({ brand, variant }, 'welcome skipped: limit');
      return;
    }
    const canLeave = unsubscribeAddress(tenant, services.references.mailingList, variant);
    const manageToken = canLeave
      ? signManageToken(services.accounts.cookieSecret, { brand, variant, email })
      : null;
    await services.accounts.mailer.send(welcomeMail({ tenant, variant, to: email, manageToken }));
  } catch (error) {
    logger.warn({ err: error, brand, variant }, 'newsletter welcome not sent');
  }
}
