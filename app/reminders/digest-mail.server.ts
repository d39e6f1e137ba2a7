/**
 * The reminder digest: one e-mail holding all of a shopper's new reminder events, in the brand's
 * layout, with a one-click unsubscribe (the List-Unsubscribe and List-Unsubscribe-Post headers)
 * and a link to the shopper's choices on /account.
 */
import { formatShopperDate } from '@common/dates';
import { brandedMail, mailLink, type MailBlock } from '~/lib/mail/branded.server';
import type { MailMessage } from '~/lib/mail/mailer.server';
import { brandSender } from '~/lib/mail/sender.server';
import { formatCurrency } from '~/lib/money';
import { COUPON_DAYS, type ReminderEvent } from '~/lib/reminders/events';
import type { ReminderShopper } from '~/lib/reminders/store.server';
import { signUnsubscribe, type UnsubscribeKind } from '~/lib/reminders/token.server';
import type { Tenant } from '~/lib/tenant/schema';

export type DigestTenant = Pick<
  Tenant,
  'sitePath' | 'origin' | 'retailerName' | 'theme' | 'logo' | 'mail' | 'rewards'
>;

/** The digest's subject: led by the coupons when there are some. */
export function digestSubject(events: ReminderEvent[]): string {
  const coupons = events.filter((e) => e.kind === 'coupon').length;
  if (coupons === 1) return `1 of your clipped coupons expires in ${COUPON_DAYS} days`;
  if (coupons > 1) return `${coupons} of your clipped coupons expire in ${COUPON_DAYS} days`;
  return 'Your reward is ready';
}

/** The address of the unsubscribe page for a token (GET shows it, POST unsubscribes). */
export function unsubscribeUrl(tenant: Pick<Tenant, 'origin'>, token: string): string {
  return mailLink(tenant, '/email/unsubscribe', { t: token });
}

export function digestMessage(opts: {
  tenant: DigestTenant;
  shopper: Pick<ReminderShopper, 'shopperNo' | 'email' | 'firstName'>;
  events: ReminderEvent[];
  secret: string;
}): MailMessage {
  const { tenant, shopper, events } = opts;
  const coupons = events.filter((e) => e.kind === 'coupon');
  const tiers = events.filter((e) => e.kind === 'tier');
  const credits = events.filter((e) => e.kind === 'credit');
  const blocks: MailBlock[] = [];
  if (coupons.length) {
    blocks.push({
      kind: 'paragraph',
      text: `These coupons you clipped end within ${COUPON_DAYS} days: use them before they go.`,
    });
    blocks.push({
      kind: 'list',
      items: coupons.map((c) => `${c.title} (ends ${formatShopperDate(c.endDate)})`),
    });
    blocks.push({
      kind: 'button',
      label: 'See your coupons',
      href: mailLink(tenant, '/digital-coupons', { tab: 'clipped' }),
    });
  }
  for (const t of tiers) {
    blocks.push({
      kind: 'paragraph',
      text: `You have ${t.points.toLocaleString('en-US')} points: you reached the ${t.tier.toLocaleString('en-US')}-point reward. ${tenant.rewards.redeemHow}`,
    });
  }
  if (credits.length) {
    blocks.push({ kind: 'paragraph', text: 'Credits on your account expire soon:' });
    blocks.push({
      kind: 'facts',
      rows: credits.map((c) => [
        c.description || 'Credit',
        `${formatCurrency(c.balance)}, expires ${formatShopperDate(c.endDate)}`,
      ]),
    });
  }
  if (tiers.length || credits.length) {
    blocks.push({
      kind: 'button',
      label: `See your ${tenant.rewards.programName}`,
      href: mailLink(tenant, '/rewards'),
    });
  }
  const kinds = new Set(events.map((e) => (e.kind === 'coupon' ? 'coupons' : 'rewards')));
  const kind: UnsubscribeKind =
    kinds.size > 1 ? 'all' : kinds.has('coupons') ? 'couponsExpiring' : 'rewardsReady';
  const token = signUnsubscribe(opts.secret, {
    brand: tenant.sitePath,
    shopperNo: shopper.shopperNo,
    kind,
  });
  const unsubscribe = unsubscribeUrl(tenant, token);
  const subject = digestSubject(events);
  const mail = brandedMail({
    tenant,
    subject,
    preheader: coupons.length ? coupons.map((c) => c.title).join(', ') : undefined,
    heading: shopper.firstName ? `Hi ${shopper.firstName},` : 'Hello,',
    blocks,
    footer: {
      reason: `You get this because reminder e-mails are on for your ${tenant.retailerName} account.`,
      unsubscribeUrl: unsubscribe,
      preferencesUrl: new URL('/account#reminders', tenant.origin).toString(),
    },
  });
  return {
    ...brandSender(tenant),
    to: shopper.firstName ? { name: shopper.firstName, address: shopper.email } : shopper.email,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
