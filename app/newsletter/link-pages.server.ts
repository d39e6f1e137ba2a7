/**
 * The pages a sign-up's e-mails link to (docs/reference/newsletter.md "Confirmation" and
 * "Welcome"): /newsletter/confirm?token=… and /newsletter/manage?token=….
 *
 * A GET never changes anything: mail scanners open links on their own. Each page shows a button
 * whose plain POST (no JavaScript needed) does the thing: confirming calls the provider with the
 * held sign-up (taken once; put back when the provider fails), leaving calls the provider's
 * unsubscribe. Pages and answers are private and never stored; their address holds a token, so
 * no Referer carries it on.
 */
import { data, type AppLoadContext } from '@remix-run/node';
import { logger } from '@common/logger.server';
import { readForm } from '~/lib/form-kit/read-form.server';
import { PRIVATE_NO_STORE } from '~/lib/http/cache.server';
import { retryAfterHeaders } from '~/lib/security/rate-limit.server';
import { findSignup, restoreSignup, takeSignup } from './confirmations.server';
import { readManageToken } from './manage-token.server';
import { LINK_PAGE_MESSAGES } from './link-page-messages';
import { NEWSLETTER_MESSAGES } from './messages';
import { subscribe, subscribeAddress, unsubscribe, unsubscribeAddress } from './provider.server';
import { providerKey } from './signup-mail.server';

export type LinkPageKind = 'confirm' | 'manage';

/** What a page shows: the button (with its token) or only a message. */
export interface LinkPageData {
  kind: LinkPageKind;
  title: string;
  /** The prompt above the button; null: no button (the message says why). */
  prompt: string | null;
  button: string;
  token: string;
  message: string | null;
}

/** A post's answer: its message, and whether it worked. */
export interface LinkPageReply {
  ok: boolean;
  message: string;
}

const init = (status = 200, extra: Record<string, string> = {}) => ({
  status,
  headers: { 'Cache-Control': PRIVATE_NO_STORE, ...extra },
});

const tokenOf = (request: Request) => new URL(request.url).searchParams.get('token') ?? '';

export async function confirmPageLoader(request: Request, context: AppLoadContext) {
  const token = tokenOf(request);
  const held = await findSignup(
    context.services.accounts.siteStore,
    context.tenant.sitePath,
    token,
  );
  const page: LinkPageData = {
    kind: 'confirm',
    title: LINK_PAGE_MESSAGES.confirmTitle,
    prompt: held ? LINK_PAGE_MESSAGES.confirmPrompt : null,
    button: LINK_PAGE_MESSAGES.confirmButton,
    token: held ? token : '',
    message: held ? null : LINK_PAGE_MESSAGES.confirmExpired,
  };
  return data(page, init());
}

export async function confirmPageAction(request: Request, context: AppLoadContext) {
  const form = await readForm(request);
  const token = String(form.get('token') ?? '');
  const { tenant, services } = context;
  const brand = tenant.sitePath;
  const reply = (ok: boolean, message: string, status = 200, extra = {}) =>
    data<LinkPageReply>({ ok, message }, init(status, extra));

  const limit = await services.accounts.limits.consume('newsletter-ip', brand, context.clientIp);
  if (!limit.ok) return reply(false, NEWSLETTER_MESSAGES.failed, 429, retryAfterHeaders(limit));

  const store = services.accounts.siteStore;
  const held = await takeSignup(store, brand, token);
  if (!held) return reply(false, LINK_PAGE_MESSAGES.confirmExpired);
  const address = subscribeAddress(tenant, services.references.mailingList, held.variant);
  const outcome = address
    ? await subscribe({
        address,
        fields: held.fields,
        variant: held.variant,
        brand,
        apiKey: providerKey(context),
        shopperAddress: context.clientIp,
      })
    : 'failed';
  if (outcome === 'subscribed') return reply(true, NEWSLETTER_MESSAGES.subscribed);
  if (outcome === 'already') return reply(true, NEWSLETTER_MESSAGES.already);
  // The same link can be confirmed again later.
  await restoreSignup(store, token, held).catch((error: unknown) =>
    logger.warn({ err: error, brand }, 'held sign-up not put back'),
  );
  return reply(false, NEWSLETTER_MESSAGES.failed);
}

export function managePageLoader(request: Request, context: AppLoadContext) {
  const token = tokenOf(request);
  const { tenant, services } = context;
  const managed = readManageToken(services.accounts.cookieSecret, tenant.sitePath, token);
  const canLeave =
    managed && unsubscribeAddress(tenant, services.references.mailingList, managed.variant);
  const page: LinkPageData = {
    kind: 'manage',
    title: LINK_PAGE_MESSAGES.manageTitle,
    prompt: canLeave ? LINK_PAGE_MESSAGES.managePrompt.replace('{email}', managed.email) : null,
    button: LINK_PAGE_MESSAGES.unsubscribeButton,
    token: canLeave ? token : '',
    message: !managed
      ? LINK_PAGE_MESSAGES.manageInvalid
      : canLeave
        ? null
        : LINK_PAGE_MESSAGES.manageElsewhere,
  };
  return data(page, init());
}

export async function managePageAction(request: Request, context: AppLoadContext) {
  const form = await readForm(request);
  const { tenant, services } = context;
  const brand = tenant.sitePath;
  const reply = (ok: boolean, message: string, status = 200, extra = {}) =>
    data<LinkPageReply>({ ok, message }, init(status, extra));
  const limit = await services.accounts.limits.consume('newsletter-ip', brand, context.clientIp);
  if (!limit.ok) {
    return reply(false, LINK_PAGE_MESSAGES.unsubscribeFailed, 429, retryAfterHeaders(limit));
  }
  // The page's button posts the token; a mail provider's one-click post has it in the address.
  const managed = readManageToken(
    services.accounts.cookieSecret,
    brand,
    String(form.get('token') ?? tokenOf(request)),
  );
  if (!managed) return reply(false, LINK_PAGE_MESSAGES.manageInvalid);
  const address = unsubscribeAddress(tenant, services.references.mailingList, managed.variant);
  if (!address) return reply(false, LINK_PAGE_MESSAGES.manageElsewhere);
  const outcome = await unsubscribe({
    address,
    email: managed.email,
    variant: managed.variant,
    brand,
    apiKey: providerKey(context),
    shopperAddress: context.clientIp,
  });
  if (outcome === 'unsubscribed') return reply(true, LINK_PAGE_MESSAGES.unsubscribed);
  if (outcome === 'not-subscribed') return reply(true, LINK_PAGE_MESSAGES.notSubscribed);
  return reply(false, LINK_PAGE_MESSAGES.unsubscribeFailed);
}
