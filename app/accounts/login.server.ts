import { parseWithZod } from '@conform-to/zod';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { logger } from '@common/logger.server';
import { formDone, formFailure, formTooMany } from '~/lib/form-kit/reply.server';
import { readForm } from '~/lib/form-kit/read-form.server';
import { cacheHeaders } from '~/lib/http/cache.server';
import { visibleLocations } from '~/stores/home-store/locations';
import {
  failureMessage,
  GENERIC_FAILURE_MESSAGE,
  LoyaltyError,
  LoyaltyErrorCode,
} from '~/lib/loyalty/errors';
import { loginAccount } from '~/lib/security/rate-limit.server';
import { safeRedirect } from '~/lib/security/safe-redirect';
import { redirectWithSession, takeNotice } from '~/lib/session/respond.server';
import type { AppSession } from '~/lib/session/session.server';
import { signIn } from '~/lib/session/shopper.server';
import type { LoginResult } from '~/lib/loyalty/types';
import {
  effectiveChoices,
  readReminderShopper,
  recordReminderShopper,
} from '~/lib/reminders/store.server';
import { CLIP_LOGIN_MESSAGE, NO_ACCOUNT_MESSAGE } from './messages';
import { sendPasswordResetEmail } from './password-reset.server';
import { LOGIN_INTENTS, loginFormsSchema } from './schemas';
import { termsPendingFor } from './terms.server';

/** Where a successful login goes: a safe `redirectTo`, else the brand's afterLogIn, else '/'. */
export function afterLoginTarget(context: AppLoadContext, redirectTo: unknown): string {
  return safeRedirect(
    typeof redirectTo === 'string' ? redirectTo : null,
    context.tenant.afterLogIn ?? '/',
  );
}

/** A signed-in shopper opening /login goes where a login would take them. */
export function redirectIfSignedIn(context: AppLoadContext) {
  if (context.shopper) throw redirect(context.tenant.afterLogIn ?? '/');
}

/**
 * GET /login: which pane, the prefilled address, where to go afterwards, the brand's login
 * message and the one-time notice (a reset or a registration that ended here).
 */
export async function loginLoader(request: Request, context: AppLoadContext) {
  redirectIfSignedIn(context);
  const url = new URL(request.url);
  const { notice, headers } = await takeNotice(context);
  const message = context.services.content.layout(context.tenant.sitePath, 'login-message');
  const redirectTo = url.searchParams.get('redirectTo');
  const address = (url.searchParams.get('address') ?? '').slice(0, 254);
  return data(
    {
      pane: url.searchParams.get('pane') === 'reset' ? ('reset' as const) : ('login' as const),
      address,
      redirectTo: redirectTo ? safeRedirect(redirectTo, '') : '',
      reason: url.searchParams.get('reason') === 'clip' ? CLIP_LOGIN_MESSAGE : null,
      messageHtml: message?.html ?? null,
      subtitle: context.tenant.registration.loginSubtitle ?? null,
      notice,
    },
    // An address in the URL is personal: such a page is never shared.
    { headers: cacheHeaders(context, address ? 'personal' : 'shared', headers) },
  );
}

/**
 * Where a login goes once the password is accepted, decided before the shopper is signed in: a
 * redirect (with what to add to the new sign-in), or a message for the form, in which case the
 * shopper is not signed in. The default is the brand's after-login path; single sign-on
 * (app/sso) asks the identity provider for the partner's address here.
 */
export type LoginContinuation = (accepted: {
  email: string;
  password: string;
  login: LoginResult;
}) => Promise<LoginNext>;

export type LoginNext =
  | { to: string; status?: number; addToSignIn?: (session: AppSession) => void }
  | { message: string };

/**
 * The site keeps the address and first name of each shopper who signs in here and may get a
 * reminder e-mail (~/lib/reminders): from the login form, or the loyalty record when they signed
 * in by phone. Never in the way of the login: a failure is logged.
 */
async function rememberForReminders(
  context: AppLoadContext,
  login: LoginResult,
  email: string | undefined,
) {
  try {
    const store = context.services.accounts.siteStore;
    const brand = context.tenant.sitePath;
    const { couponsExpiring, rewardsReady } = context.tenant.reminders;
    const defaults = { couponsExpiring, rewardsReady };
    // A shopper who gets no reminder (every kind off, by choice or by the brand's default) has
    // no address kept, and costs no loyalty call to find one.
    const choices = effectiveChoices(
      await readReminderShopper(store, brand, login.frqShopperNo),
      defaults,
    );
    if (!choices.couponsExpiring && !choices.rewardsReady) return;
    let address = email;
    let firstName = login.firstName ?? '';
    if (!address) {
      const customer = await context.loyalty.getCustomer({ frqShopperNo: login.frqShopperNo });
      address = customer?.emailAddress ?? undefined;
      firstName = firstName || (customer?.firstName ?? '');
    }
    if (!address) return;
    await recordReminderShopper(
      store,
      { brand, shopperNo: login.frqShopperNo, email: address, firstName },
      defaults,
    );
  } catch (error) {
    logger.warn({ err: error }, 'could not record the shopper for reminders');
  }
}

/** Signs the accepted shopper in and follows `next` (the end of a login and a registration). */
export async function finishLogin(
  context: AppLoadContext,
  login: LoginResult,
  next: Exclude<LoginNext, { message: string }>,
  options: { termsPending: boolean; email?: string },
) {
  await rememberForReminders(context, login, options.email);
  signIn(context.session, login, {
    storeNumbers: visibleLocations(context).map((l) => l.storeNumber),
    termsPending: options.termsPending,
  });
  next.addToSignIn?.(context.session);
  return redirectWithSession(context, next.to, { status: next.status });
}

const INVALID_LOGIN_CODES: readonly number[] = [
  LoyaltyErrorCode.UnknownLogin,
  LoyaltyErrorCode.WrongPassword,
];

/**
 * The /login action: the login pane and the reset-request pane post here (by `intent`). Every
 * post counts against the per-address limit first, then is validated (the same order as reset
 * and registration); a login then takes an attempt of the account's back-off budget.
 */
export async function loginAction(request: Request, context: AppLoadContext) {
  return loginFormAction(await readForm(request), context);
}

/** The /login action on a form already read; `next` decides where a login goes. */
export async function loginFormAction(
  form: FormData,
  context: AppLoadContext,
  options: { next?: LoginContinuation } = {},
) {
  const submission = parseWithZod(form, { schema: loginFormsSchema });
  const intent = String(form.get('intent') ?? '');
  const { limits, siteStore, mailer } = context.services.accounts;
  const brand = context.tenant.sitePath;
  const kind = intent === LOGIN_INTENTS.resetRequest ? 'reset-ip' : 'login-ip';
  const perIp = await limits.consume(kind, brand, context.clientIp);
  if (!perIp.ok) return formTooMany(submission, intent, perIp);
  const fail = (message: string | null) => formFailure(submission, intent, message);
  if (submission.status !== 'success') return fail(null);

  const loyalty = context.loyalty;
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
      return fail(failureMessage(error));
    }
    return formDone(submission, intent);
  }

  const identifier = submission.value.email;
  // Failures count against the account the e-mail or phone names (decision record 0011), so
  // typing the other identifier never buys more guesses; an unknown identifier counts as itself.
  const account = await loginAccount(identifier, (query) => loyalty.getCustomer(query));
  const attempt = await limits.beginLogin(brand, account, context.clientIp);
  if (!attempt.ok) return formTooMany(submission, intent, attempt);
  let login;
  try {
    login = await loyalty.login({ emailOrPhone: identifier, password: submission.value.password });
  } catch (error) {
    // Only a wrong identifier or password counts: an outage gives the attempt back.
    if (!(error instanceof LoyaltyError && INVALID_LOGIN_CODES.includes(error.code ?? -1))) {
      await attempt.notTried();
      logger.warn({ err: error }, 'login failed');
    }
    // Only the error catalogue's messages (app/lib/loyalty/errors.ts): an unexpected failure's
    // detail stays in the log.
    return fail(failureMessage(error));
  }
  if (!login) {
    await attempt.notTried();
    return fail(GENERIC_FAILURE_MESSAGE);
  }
  await attempt.succeeded();
  const next: LoginNext = options.next
    ? await options.next({ email: identifier, password: submission.value.password, login })
    : { to: afterLoginTarget(context, form.get('redirectTo')) };
  if ('message' in next) return fail(next.message);
  return finishLogin(context, login, next, {
    termsPending: await termsPendingFor(loyalty, login.frqShopperNo),
    email: identifier.includes('@') ? identifier : undefined,
  });
}
