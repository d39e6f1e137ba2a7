import { parseWithZod } from '@conform-to/zod';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { PASSWORD_RESET_DONE_MESSAGE } from './messages';
import { resetTokenAppId, sendPasswordResetEmail } from './password-reset.server';
import { checkResetToken, consumeResetToken, releaseResetToken } from './reset-tokens.server';
import { RESET_PASSWORD_INTENTS, resetPasswordFormsSchema } from './schemas';
import { formDone, formFailure, formTooMany } from '~/lib/form-kit/reply.server';
import { readForm } from '~/lib/form-kit/read-form.server';
import { cacheHeaders } from '~/lib/http/cache.server';
import { logger } from '@common/logger.server';
import { shopperAccount } from '~/lib/security/rate-limit.server';
import { GENERIC_FAILURE_MESSAGE } from '~/lib/loyalty/errors';
import type { Customer } from '~/lib/loyalty/types';
import { redirectWithNotice } from '~/lib/session/respond.server';
import { endShopperSessions } from '~/lib/session/shopper.server';
import { revokeShopperGrants } from '~/lib/sso/provider.server';

function tokenInput(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  return {
    appId: resetTokenAppId(context.tenant),
    email: (url.searchParams.get('address') ?? '').trim().slice(0, 254),
    token: (url.searchParams.get('token') ?? '').slice(0, 200),
  };
}

/** The page checks the token on load: a valid one shows the form, else the expiry message. */
export async function resetPasswordLoader(request: Request, context: AppLoadContext) {
  const input = tokenInput(request, context);
  const status = await checkResetToken(context.services.accounts.siteStore, input);
  // A token and an address in the URL: never shared, never kept for the Back button.
  return data(
    { valid: status === 'valid', address: input.email },
    { headers: cacheHeaders(context, 'personal') },
  );
}

/** New password (single-use token), or a new e-mail when the link has expired. */
export async function resetPasswordAction(request: Request, context: AppLoadContext) {
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: resetPasswordFormsSchema });
  const intent = String(form.get('intent') ?? '');
  const fail = (message: string | null) => formFailure(submission, intent, message);
  const { siteStore, mailer, limits } = context.services.accounts;
  if (intent === RESET_PASSWORD_INTENTS.resend) {
    // Counted before validation, like the login page's reset request.
    const perIp = await limits.consume('reset-ip', context.tenant.sitePath, context.clientIp);
    if (!perIp.ok) return formTooMany(submission, intent, perIp);
  }
  if (submission.status !== 'success') return fail(null);
  const input = tokenInput(request, context);

  if (submission.value.intent === RESET_PASSWORD_INTENTS.resend) {
    try {
      const customer = input.email
        ? await context.loyalty.getCustomer({ email: input.email })
        : null;
      // Same answer whether or not the address has an account: the link came from an e-mail.
      if (customer?.emailAddress) {
        await sendPasswordResetEmail({
          store: siteStore,
          mailer,
          content: context.services.content,
          tenant: context.tenant,
          email: input.email,
        });
      }
    } catch (error) {
      logger.warn({ err: error }, 'reset e-mail resend failed');
      return fail(GENERIC_FAILURE_MESSAGE);
    }
    return formDone(submission, intent);
  }

  if (!(await consumeResetToken(siteStore, input))) {
    // Used or expired meanwhile: the page shows the expiry message and the resend form.
    return redirect(`/reset-password?${new URLSearchParams({ address: input.email })}`);
  }
  let customer: Customer | null = null;
  try {
    // Who the address belongs to, first: their sessions end with the old password.
    customer = await context.loyalty.getCustomer({ email: input.email });
    const ok = await context.loyalty.resetPassword({
      email: input.email,
      newPassword: submission.value.password,
    });
    if (!ok) throw new Error('password reset refused');
  } catch (error) {
    logger.warn({ err: error }, 'password reset failed');
    await releaseResetToken(siteStore, input);
    return fail(GENERIC_FAILURE_MESSAGE);
  }
  if (customer) {
    await endShopperSessions(context, customer.frqShopperNo);
    await revokeShopperGrants(context, customer.frqShopperNo, 'password reset');
  }
  // The failed logins of the account (its shopper number), whatever address they were typed as.
  await limits.clearLoginFailures(
    context.tenant.sitePath,
    customer ? shopperAccount(customer.frqShopperNo) : input.email,
  );
  return redirectWithNotice(
    context,
    `/login?${new URLSearchParams({ address: input.email })}`,
    PASSWORD_RESET_DONE_MESSAGE,
  );
}
