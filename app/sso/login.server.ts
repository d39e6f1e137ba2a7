import { parseWithZod } from '@conform-to/zod';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { logger } from '@common/logger.server';
import { formFailure } from '~/lib/form-kit/reply.server';
import { cacheHeaders, PRIVATE_NO_STORE } from '~/lib/http/cache.server';
import { commitSession } from '~/lib/session/session.server';
import { redirectWithSession, takeNotice } from '~/lib/session/respond.server';
import { signOut } from '~/lib/session/shopper.server';
import { ssoHref } from './links';
import { continueTo, SSO_INTENTS, SSO_MESSAGES } from './messages';
import { checkOAuthParam, ssoClients, type OAuthCheck, type OAuthProblem } from './oauth';
import {
  oauthLogin,
  partnerRedirect,
  providerOf,
  revokeSsoToken,
  type ProviderAccess,
} from './partner.server';
import { clearSsoToken, validSsoToken } from './token.server';

/**
 * /sso/login (docs/reference/sso.md "What the shopper sees"): the login form of the oauth flow (the
 * panes of /login), or, for a shopper already signed in here with a valid single-sign-on token,
 * 'Continue as {firstName}' (one click: a post, so no other site can spend the shopper's sign-in by
 * linking here) with 'Not you? Sign out'.
 *
 * Without an `oauth` parameter at all the page is the plain login of the minimal layout (where
 * /sso/account sends a guest), landing on /sso/account. A parameter that fails the check gets
 * the error page (400), whatever else the request holds.
 */

export const SSO_ACCOUNT_PATH = '/sso/account';

/** The page's answer to a refused request: the problem, status 400, never cached. */
export function oauthProblem(problem: OAuthProblem) {
  return data(
    { view: 'problem' as const, problem },
    { status: 400, headers: { 'Cache-Control': PRIVATE_NO_STORE } },
  );
}

/**
 * The request's `oauth` check; null when the parameter is absent altogether (the plain login of
 * the minimal layout). An empty value counts as given, and refused.
 */
export function oauthOf(
  context: AppLoadContext,
  value: FormDataEntryValue | null,
): OAuthCheck | null {
  if (value === null) return null;
  return checkOAuthParam(typeof value === 'string' ? value : '', ssoClients(context.tenant));
}

/**
 * The signed-in shopper's valid single-sign-on token, refreshing an expired one (token.server.ts).
 * The Set-Cookie that stores a refresh or a clearing is in `headers`.
 */
async function tokenState(context: AppLoadContext, provider: ProviderAccess | null) {
  const headers = new Headers();
  if (!context.shopper || !provider) return { token: null, headers };
  const state = await validSsoToken(context.session, provider.calls);
  if (state.changed) headers.append('Set-Cookie', await commitSession(context));
  return { token: state.token, headers };
}

export async function ssoLoginLoader(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const check = oauthOf(context, url.searchParams.get('oauth'));
  if (check && !check.ok) return oauthProblem(check.problem);
  const oauth = check?.raw ?? null;
  if (!check && context.shopper) throw redirect(SSO_ACCOUNT_PATH);

  const provider = check ? providerOf(context) : null;
  const { token, headers } = await tokenState(context, provider);
  const { notice, headers: noticeHeaders } = await takeNotice(context);
  for (const cookie of noticeHeaders.getSetCookie()) headers.append('Set-Cookie', cookie);
  // The request's state and the shopper's name: never shared.
  const init = { headers: cacheHeaders(context, 'personal', headers) };
  const client = check
    ? { name: check.client.name, continueTo: continueTo(check.client.name) }
    : null;

  if (check && context.shopper && token) {
    return data(
      { view: 'continue' as const, client, oauth, firstName: context.shopper.firstName, notice },
      init,
    );
  }
  const message = context.services.content.layout(context.tenant.sitePath, 'login-message');
  return data(
    {
      view: 'login' as const,
      client,
      oauth,
      pane: url.searchParams.get('pane') === 'reset' ? ('reset' as const) : ('login' as const),
      address: (url.searchParams.get('address') ?? '').slice(0, 254),
      messageHtml: message?.html ?? null,
      subtitle: context.tenant.registration.loginSubtitle ?? null,
      notice,
    },
    init,
  );
}

const intentOnly = z.object({ intent: z.string() });

type CheckedRequest = Extract<OAuthCheck, { ok: true }>;

/** An answer of the first step (the page's action data, or a redirect). */
type StepAnswer = Response | ReturnType<typeof oauthProblem> | ReturnType<typeof formFailure>;

/** Where a login accepted by the site's login action goes next (see app/accounts/login.server). */
type StepNext = ReturnType<typeof oauthLogin> | (() => Promise<{ to: string }>);

/**
 * The first step of the /sso/login action: a refused `oauth` parameter (the error page), the
 * one-click 'Continue as' and 'Not you? Sign out' are answered here; the login and reset panes
 * go on to the site's login action (app/accounts) with `next`, the oauth login.
 */
export async function ssoLoginStep(
  form: FormData,
  context: AppLoadContext,
): Promise<{ answer: StepAnswer } | { next: StepNext }> {
  const check = oauthOf(context, form.get('oauth'));
  if (check && !check.ok) return { answer: oauthProblem(check.problem) };
  const intent = String(form.get('intent') ?? '');

  if (intent === SSO_INTENTS.signOut) {
    return { answer: await signOutHere(context, check?.ok ? check : null) };
  }
  if (intent === SSO_INTENTS.continue) {
    if (!check) return { answer: redirect(SSO_ACCOUNT_PATH) };
    return { answer: await continueAs(form, context, check) };
  }
  if (!check) return { next: async () => ({ to: SSO_ACCOUNT_PATH }) };
  return { next: oauthLogin(context, check.request) };
}

/**
 * 'Continue as {firstName}': the signed-in shopper's valid token (refreshed when expired) buys the
 * partner's code without a password. A token that cannot be had, or a redirect that fails, clears
 * the token and the page shows why, with the login form.
 */
async function continueAs(form: FormData, context: AppLoadContext, check: CheckedRequest) {
  const submission = parseWithZod(form, { schema: intentOnly });
  const fail = async (message: string) =>
    formFailure(submission, SSO_INTENTS.continue, message, {
      headers: { 'Set-Cookie': await commitSession(context) },
    });
  if (!context.shopper) return fail(SSO_MESSAGES.signInEnded);
  const provider = providerOf(context);
  if (!provider) return fail(SSO_MESSAGES.unavailable);
  const state = await validSsoToken(context.session, provider.calls);
  if (!state.token) return fail(SSO_MESSAGES.signInEnded);
  const next = await partnerRedirect(provider, state.token.customerToken, check.request);
  if ('message' in next) {
    clearSsoToken(context.session);
    return fail(next.message);
  }
  logger.info(
    { brand: context.tenant.sitePath, clientId: check.request.clientId },
    'single sign-on: continued as the signed-in shopper',
  );
  return redirectWithSession(context, next.to, { status: 303 });
}

/**
 * 'Not you? Sign out': the sign-out of /sso/logout (provider token revoked, the shopper and
 * tokens cleared), then the login form of the same request.
 */
async function signOutHere(context: AppLoadContext, check: CheckedRequest | null) {
  await revokeSsoToken(context);
  signOut(context.session);
  return redirectWithSession(context, ssoHref('/sso/login', check?.raw ?? null), { status: 303 });
}
