/**
 * The acknowledgement a shopper gets of a form post whose form acknowledges posts
 * (docs/reference/forms.md "Acknowledgement"): the case number, the form's name and the time,
 * in the brand's layout. It goes to an address anyone could have typed, so it never carries a
 * word of what was posted: nothing in it can be used to send someone else a message.
 */
import type { ContentForm } from './types';
import { submittedAtText } from './email.server';
import { brandedMail } from '~/lib/mail/branded.server';
import type { MailMessage } from '~/lib/mail/mailer.server';
import { brandSender } from '~/lib/mail/sender.server';
import type { Tenant } from '~/lib/tenant/schema';

export interface AcknowledgementInput {
  tenant: Pick<Tenant, 'origin' | 'retailerName' | 'mail' | 'theme' | 'logo'>;
  form: Pick<ContentForm, 'title'>;
  caseNumber: string;
  /** The shopper's e-mail answer. */
  to: string;
  now?: Date;
}

export function acknowledgementSubject(retailerName: string, caseNumber: string): string {
  return `We received your message (case ${caseNumber}) - ${retailerName}`;
}

export function formAcknowledgement(input: AcknowledgementInput): MailMessage {
  const { tenant, form, caseNumber, to } = input;
  const now = input.now ?? new Date();
  const host = new URL(tenant.origin).host;
  const subject = acknowledgementSubject(tenant.retailerName, caseNumber);
  const mail = brandedMail({
    tenant,
    subject,
    preheader: `Your case number is ${caseNumber}.`,
    heading: 'We received your message',
    blocks: [
      {
        kind: 'paragraph',
        text: `Thank you for contacting ${tenant.retailerName}. Your message has reached our team.`,
      },
      {
        kind: 'facts',
        rows: [
          ['Case number', caseNumber],
          ['Form', form.title],
          ['Sent', submittedAtText(now)],
        ],
      },
      {
        kind: 'paragraph',
        text: 'Please give this case number if you contact us about the same matter again.',
      },
    ],
    footer: {
      reason: `You get this e-mail because this address was given on a form at ${host}. If that was not you, you can ignore it.`,
    },
  });
  return {
    ...brandSender(tenant),
    to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: { 'X-Case-Number': caseNumber },
  };
}
