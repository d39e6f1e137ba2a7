/**
 * The e-mails a sign-up sends the shopper (docs/reference/newsletter.md "Confirmation" and
 * "Welcome"), in the brand's layout. Both go to an address anyone could have typed, so neither
 * carries a word the shopper typed (no name, no store): only the brand, the list and the link.
 */
import { brandedMail, mailLink } from '~/lib/mail/branded.server';
import type { MailMessage } from '~/lib/mail/mailer.server';
import { brandSender } from '~/lib/mail/sender.server';
import type { Tenant } from '~/lib/tenant/schema';
import { CONFIRMATION_TTL_HOURS } from './confirmations.server';
import type { SignupVariant } from './messages';

type MailTenant = Pick<Tenant, 'origin' | 'retailerName' | 'mail' | 'theme' | 'logo'>;

export const CONFIRM_PATH = '/newsletter/confirm';
export const MANAGE_PATH = '/newsletter/manage';

/** What the list sends, as the mails name it. */
const LIST_WORDS: Record<SignupVariant, string> = {
  standard: 'email offers',
  ace: 'email offers',
  pharmacy: 'pharmacy updates',
};

function message(tenant: MailTenant, to: string, mail: ReturnType<typeof brandedMail>) {
  return {
    ...brandSender(tenant),
    to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
  };
}

/** The double opt-in's mail: a button to the confirm page (which asks again: see the routes). */
export function confirmationMail(input: {
  tenant: MailTenant;
  variant: SignupVariant;
  to: string;
  token: string;
}): MailMessage {
  const { tenant, variant, to, token } = input;
  const link = mailLink(tenant, CONFIRM_PATH, { token });
  const mail = brandedMail({
    tenant,
    subject: `Please confirm your subscription to ${tenant.retailerName} ${LIST_WORDS[variant]}`,
    preheader: 'One more step: confirm your subscription.',
    heading: 'Please confirm your subscription',
    blocks: [
      {
        kind: 'paragraph',
        text: `This address was signed up for ${tenant.retailerName} ${LIST_WORDS[variant]}. To start receiving them, confirm your subscription.`,
      },
      { kind: 'button', label: 'Confirm Subscription', href: link },
      {
        kind: 'paragraph',
        text: `This link expires in ${CONFIRMATION_TTL_HOURS} hours. If you did not sign up, ignore this email: you will not be subscribed.`,
      },
    ],
    footer: {
      reason: `You get this email because this address was given on the sign-up form at ${new URL(tenant.origin).host}.`,
    },
  });
  return message(tenant, to, mail);
}

/** The welcome of a brand that subscribes at once, with the link to leave the list. */
export function welcomeMail(input: {
  tenant: MailTenant;
  variant: SignupVariant;
  to: string;
  /** The signed manage token (./manage-token.server.ts); null: the list cannot be left here. */
  manageToken: string | null;
}): MailMessage {
  const { tenant, variant, to, manageToken } = input;
  const manage = manageToken ? mailLink(tenant, MANAGE_PATH, { token: manageToken }) : null;
  const mail = brandedMail({
    tenant,
    subject: `Welcome to ${tenant.retailerName} ${LIST_WORDS[variant]}`,
    preheader: 'Thank you for subscribing!',
    heading: 'Thank you for subscribing!',
    blocks: [
      {
        kind: 'paragraph',
        text: `You will now receive ${tenant.retailerName} ${LIST_WORDS[variant]} at this address.`,
      },
      ...(manage
        ? [{ kind: 'button' as const, label: 'Manage Your Subscription', href: manage }]
        : []),
    ],
    footer: {
      reason: `You get this email because this address was signed up at ${new URL(tenant.origin).host}.`,
      ...(manage ? { unsubscribeUrl: manage } : {}),
    },
  });
  return {
    ...message(tenant, to, mail),
    // RFC 8058 one-click: a mail provider posts `List-Unsubscribe=One-Click` to the same address.
    ...(manage
      ? {
          headers: {
            'List-Unsubscribe': `<${manage}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}
