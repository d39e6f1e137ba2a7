import { parseWithZod } from '@conform-to/zod';
import { redirect, type AppLoadContext } from '@remix-run/node';
import { NO_ACCOUNT_MESSAGE } from './messages';
import { shopperFromSession, signIn } from '~/lib/session/shopper.server';
import { termsPendingFor } from './terms.server';
import { sendPasswordResetEmail } from './password-reset.server';
import { LOGIN_INTENTS, loginFormsSchema } from '~/lib/forms/schemas';
import { visibleLocations } from '~/shell/layout.server';
import { loyaltyFor } from '~/lib/loyalty/context.server';
import { GENERIC_FAILURE_MESSAGE, INVALID_LOGIN_MESSAGE, LoyaltyError } from '~/lib/loyalty/errors';
import { formDone, formFailure } from '~/lib/forms/reply.server';
import { logger } from '@common/logger.server';
import { safeRedirect } from '~/lib/security/safe-redirect';
import { retryAfterHeaders, TOO_MANY_ATTEMPTS_MESSAGE } from '~/lib/security/rate-limit.server';
import { commitSession, getSession } from '~/lib/session/session.server';

/** Where a successful login goes: a safe `redirectTo`, else the brand's afterLogIn, else '/'. */
export function afterLoginTarget(context: AppLoadContext, redirectTo: unknown): string {
  return safeRedirect(
    typeof redirectTo === 'string' ? redirectTo : null,
    context.tenant.afterLogIn ?? '/',
  );
}

/** The /login action: the login pane and the reset-request pane post here (by `intent`). */
export async function loginAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: loginFormsSchema });
  const intent = String(form.get('intent') ?? '');
  const fail = (message: string | null, status = 400, headers: Record<string, string> = {}) =>
    formFailure(submission, intent, message, { status, headers });
  if (submission.status !== 'success') return fail(null);

  const { limits, siteStore, mailer } = context.services.accounts;
  const brand = context.tenant.sitePath;
  const kind = submission.value.intent === LOGIN_INTENTS.login ? 'login-ip' : 'reset-ip';
  const perIp = await limits.consume(kind, brand, context.clientIp);
  if (!perIp.ok) return fail(TOO_MANY_ATTEMPTS_MESSAGE, 429, retryAfterHeaders(perIp));

  const loyalty = loyaltyFor(context);
  if (submission.value.intent === LOGIN_INTENTS.resetRequest) {
    const email = submission.value.email;
    try {
      const customer = await loyalty.getCustomer({ email });
      if (!customer?.emailAddress) return fail(NO_ACCOUNT_MESSAGE);
      await sendPasswordResetEmail({
        store: siteStore,
        mailer,
        content: context.services.content,
        tenant: context.tenant,
        email,
      });
    } catch (error) {
      logger.warn({ err: error }, 'password reset request failed');
      return fail(error instanceof LoyaltyError ? error.message : GENERIC_FAILURE_MESSAGE);
    }
    return formDone(submission, intent);
  }

  const account = submission.value.email;
  const allowed = await limits.loginAllowed(brand, account);
  if (!allowed.ok) return fail(TOO_MANY_ATTEMPTS_MESSAGE, 429, retryAfterHeaders(allowed));
  let login;
  try {
    login = await loyalty.login({ emailOrPhone: account, password: submission.value.password });
  } catch (error) {
    if (error instanceof LoyaltyError && error.message === INVALID_LOGIN_MESSAGE) {
      await limits.recordLoginFailure(brand, account);
    } else {
      logger.warn({ err: error }, 'login failed');
    }
    return fail(error instanceof Error && error.message ? error.message : GENERIC_FAILURE_MESSAGE);
  }
  if (!login) return fail(GENERIC_FAILURE_MESSAGE);
  await limits.clearLoginFailures(brand, account);
  const session = await getSession(request, context);
  signIn(session, login, {
    storeNumbers: visibleLocations(context).map((l) => l.storeNumber),
    termsPending: await termsPendingFor(loyalty, login.frqShopperNo),
  });
  return redirect(afterLoginTarget(context, form.get('redirectTo')), {
    headers: { 'Set-Cookie': await commitSession(session, context) },
  });
}

/** A signed-in shopper opening /login goes where a login would take them. */
export async function redirectIfSignedIn(request: Request, context: AppLoadContext) {
  const session = await getSession(request, context);
  if (shopperFromSession(session)) throw redirect(context.tenant.afterLogIn ?? '/');
}
