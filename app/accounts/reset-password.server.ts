import { parseWithZod } from '@conform-to/zod';
import { redirect, type AppLoadContext } from '@remix-run/node';
import { PASSWORD_RESET_DONE_MESSAGE } from './messages';
import { resetTokenAppId, sendPasswordResetEmail } from './password-reset.server';
import { checkResetToken, consumeResetToken, releaseResetToken } from './reset-tokens.server';
import { RESET_PASSWORD_INTENTS, resetPasswordFormsSchema } from '~/lib/forms/schemas';
import { formDone, formFailure } from '~/lib/forms/reply.server';
import { logger } from '@common/logger.server';
import { loyaltyFor } from '~/lib/loyalty/context.server';
import { GENERIC_FAILURE_MESSAGE } from '~/lib/loyalty/errors';
import { retryAfterHeaders, TOO_MANY_ATTEMPTS_MESSAGE } from '~/lib/security/rate-limit.server';
import { commitSession, getSession } from '~/lib/session/session.server';

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
  return { valid: status === 'valid', address: input.email };
}

/** New password (single-use token), or a new e-mail when the link has expired. */
export async function resetPasswordAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: resetPasswordFormsSchema });
  const intent = String(form.get('intent') ?? '');
  const fail = (message: string | null, status = 400, headers: Record<string, string> = {}) =>
    formFailure(submission, intent, message, { status, headers });
  if (submission.status !== 'success') return fail(null);
  const { siteStore, mailer, limits } = context.services.accounts;
  const input = tokenInput(request, context);

  if (submission.value.intent === RESET_PASSWORD_INTENTS.resend) {
    const perIp = await limits.consume('reset-ip', context.tenant.sitePath, context.clientIp);
    if (!perIp.ok) return fail(TOO_MANY_ATTEMPTS_MESSAGE, 429, retryAfterHeaders(perIp));
    try {
      const customer = input.email
        ? await loyaltyFor(context).getCustomer({ email: input.email })
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
  try {
    const ok = await loyaltyFor(context).resetPassword({
      email: input.email,
      newPassword: submission.value.password,
    });
    if (!ok) throw new Error('password reset refused');
  } catch (error) {
    logger.warn({ err: error }, 'password reset failed');
    await releaseResetToken(siteStore, input);
    return fail(GENERIC_FAILURE_MESSAGE);
  }
  await limits.clearLoginFailures(context.tenant.sitePath, input.email);
  const session = await getSession(request, context);
  session.flash('notice', PASSWORD_RESET_DONE_MESSAGE);
  return redirect(`/login?${new URLSearchParams({ address: input.email })}`, {
    headers: { 'Set-Cookie': await commitSession(session, context) },
  });
}
