import { logger } from '@common/logger.server';
import type { AppLoadContext } from '@remix-run/node';
import { GENERIC_FAILURE_MESSAGE } from '~/lib/loyalty/errors';
import type { AppSession } from '~/lib/session/session.server';
import type { LoginResult } from '~/lib/loyalty/types';
import { SSO_MESSAGES } from './messages';
import { redirectUrlAllowed, ssoClients, type OAuthRequest } from './oauth';
import { SsoError, ssoCallsOf, type SsoCalls } from '~/lib/sso/provider.server';
import { storedSsoToken, storeSsoToken, tokenFromLogin } from './token.server';

/**
 * The site as the identity provider's login front end (docs/sso-api.md): the oauth login after
 * the password is accepted (provider login, then the authorization code's redirect), and the
 * provider of a request.
 */

export type { SsoCalls };

export interface ProviderAccess {
  calls: SsoCalls;
  /** The provider's address: a redirect to it (its resume step) may be followed. */
  issuer: string;
}

/** The brand's identity provider (its own, or the reference provider); null when there is none. */
export function providerOf(context: AppLoadContext): ProviderAccess | null {
  return ssoCallsOf(context);
}

/**
 * What the shopper is told of a failed provider call: the reply's `error` field, shown as it is,
 * else (an outage, a reply that is not the contract's) the generic message; the detail goes to the
 * log.
 */
export function ssoFailureMessage(error: unknown, what: string): string {
  if (error instanceof SsoError && error.message) return error.message;
  logger.warn({ err: error }, `single sign-on: ${what} failed`);
  return GENERIC_FAILURE_MESSAGE;
}

/** A partner redirect (303: the browser follows it with a GET), or why there is none. */
export type PartnerRedirect = { to: string } | { message: string };

/** Asks the provider for the authorization code's redirect, and checks where it leads. */
export async function partnerRedirect(
  provider: ProviderAccess,
  customerToken: string,
  request: OAuthRequest,
): Promise<PartnerRedirect> {
  let redirectUrl: unknown;
  try {
    ({ redirectUrl } = await provider.calls.token(customerToken, request));
  } catch (error) {
    return { message: ssoFailureMessage(error, 'authorization code') };
  }
  if (!redirectUrlAllowed(redirectUrl, request, provider.issuer)) {
    logger.warn(
      { clientId: request.clientId, redirectUrl: String(redirectUrl).slice(0, 200) },
      'single sign-on: the provider redirect leads elsewhere; refused',
    );
    return { message: SSO_MESSAGES.badRedirect };
  }
  return { to: redirectUrl as string };
}

/** Where an accepted login goes (the shape app/accounts' login and registration follow). */
export type OAuthLoginNext =
  | { to: string; status: number; addToSignIn: (session: AppSession) => void }
  | { message: string };

/**
 * The oauth login (docs/reference/sso.md "Rules"; after /sso/login and /sso/register): once the
 * site accepted the password, the provider's login with the same credential (Basic) gives the
 * customer and refresh tokens, and its token call the partner's redirect with the code. Only when
 * both succeed is the shopper signed in, with the tokens kept in the session; otherwise the form
 * shows the provider's message and no one is signed in (a token never stored is cleared).
 */
export function oauthLogin(context: AppLoadContext, request: OAuthRequest) {
  return async (accepted: {
    email: string;
    password: string;
    login: LoginResult;
  }): Promise<OAuthLoginNext> => {
    const provider = providerOf(context);
    if (!provider) return { message: SSO_MESSAGES.unavailable };
    let reply;
    try {
      reply = await provider.calls.login(
        accepted.email,
        accepted.password,
        request,
        context.clientIp,
      );
    } catch (error) {
      return { message: ssoFailureMessage(error, 'login') };
    }
    const token = tokenFromLogin(reply);
    const redirect = await partnerRedirect(provider, token.customerToken, request);
    if ('message' in redirect) return redirect;
    logger.info(
      { brand: context.tenant.sitePath, clientId: request.clientId },
      'single sign-on: signed in for a partner',
    );
    return {
      to: redirect.to,
      status: 303,
      addToSignIn: (session) => storeSsoToken(session, token),
    };
  };
}

/**
 * Revokes the session's single-sign-on token at the provider: its refresh token, which ends the
 * provider's login session and so the customer token too. The provider's call names a client and
 * one of its registered post-logout addresses: the partner's own when it sent the shopper here
 * (`via`), else the first of the brand's clients that has one (a login session belongs to the
 * brand, not to one partner). Returns the provider's post-logout address, or its message when it
 * refused; `{}` when there was nothing to revoke (or no client to name: the token then dies with
 * the session record, known to no one else and short-lived).
 */
export async function revokeSsoToken(
  context: AppLoadContext,
  via?: { clientId: string; postLogoutRedirectUri: string },
): Promise<{ postLogoutRedirectUri?: string; message?: string }> {
  const token = storedSsoToken(context.session);
  if (!token) return {};
  const fallback = ssoClients(context.tenant).find((c) => c.postLogoutRedirectUris.length > 0);
  const named =
    via ??
    (fallback
      ? { clientId: fallback.clientId, postLogoutRedirectUri: fallback.postLogoutRedirectUris[0] }
      : null);
  if (!named) return {};
  const provider = providerOf(context);
  if (!provider) return { message: SSO_MESSAGES.unavailable };
  try {
    const reply = await provider.calls.revoke({
      ...named,
      token: token.refreshToken ?? token.customerToken,
    });
    return { postLogoutRedirectUri: reply.postLogoutRedirectUri };
  } catch (error) {
    return { message: ssoFailureMessage(error, 'revocation') };
  }
}
