/**
 * The unsubscribe page of reminder e-mails (/email/unsubscribe?t=<token>): GET says what will
 * stop and shows a button; POST stops it. The POST is also the one-click unsubscribe of mail
 * providers (a body `List-Unsubscribe=One-Click`, no cookie, no page of ours before it): the
 * signed token is the authority, so this route is exempt from the same-origin check of posts
 * (server/app.ts). A token of another brand, or garbled, gets a clear message, never an error page.
 */
import { json, type AppLoadContext } from '@remix-run/node';
import { readForm } from '~/lib/form-kit/read-form.server';
import { cacheHeaders } from '~/lib/http/cache.server';
import { setReminderChoices } from '~/lib/reminders/store.server';
import {
  verifyUnsubscribe,
  type UnsubscribeClaim,
  type UnsubscribeKind,
} from '~/lib/reminders/token.server';

export type UnsubscribeView =
  | { state: 'invalid' }
  | { state: 'ask'; token: string; what: string }
  | { state: 'done'; what: string };

const WHAT: Record<UnsubscribeKind, string> = {
  couponsExpiring: 'e-mails about clipped coupons that end soon',
  rewardsReady: 'e-mails saying a reward is ready or a credit expires soon',
  all: 'reminder e-mails (coupons that end soon, rewards ready)',
};

function claimOf(context: AppLoadContext, token: unknown): UnsubscribeClaim | null {
  const claim = verifyUnsubscribe(context.services.accounts.cookieSecret, token);
  // A link of another brand's mail opened on this host is refused.
  return claim && claim.brand === context.tenant.sitePath ? claim : null;
}

export function unsubscribeLoader(request: Request, context: AppLoadContext) {
  const token = new URL(request.url).searchParams.get('t');
  const claim = claimOf(context, token);
  const view: UnsubscribeView = claim
    ? { state: 'ask', token: token!, what: WHAT[claim.kind] }
    : { state: 'invalid' };
  return json(view, {
    status: claim ? 200 : 400,
    headers: cacheHeaders(context, 'personal', { 'X-Robots-Tag': 'noindex' }),
  });
}

export async function unsubscribeAction(request: Request, context: AppLoadContext) {
  const form = await readForm(request).catch(() => new FormData());
  const token = new URL(request.url).searchParams.get('t') ?? form.get('t');
  const claim = claimOf(context, token);
  const headers = cacheHeaders(context, 'personal');
  if (!claim) return json({ state: 'invalid' } satisfies UnsubscribeView, { status: 400, headers });
  await setReminderChoices(
    context.services.accounts.siteStore,
    claim.brand,
    claim.shopperNo,
    claim.kind === 'all'
      ? { couponsExpiring: false, rewardsReady: false }
      : { [claim.kind]: false },
    {
      couponsExpiring: context.tenant.reminders.couponsExpiring,
      rewardsReady: context.tenant.reminders.rewardsReady,
    },
  );
  return json({ state: 'done', what: WHAT[claim.kind] } satisfies UnsubscribeView, { headers });
}
