import { redirect, type AppLoadContext } from '@remix-run/node';
import { continueTo } from './messages';
import { ssoHref } from './links';
import { oauthOf, oauthProblem } from './login.server';
import { checkOAuthParam, ssoClients } from './oauth';
import { oauthLogin } from './partner.server';

/**
 * /sso/register (docs/reference/sso.md "What the shopper sees"): the site's registration
 * (app/accounts, its form and action as they are) in the minimal layout, posting the `oauth`
 * parameter; after registering, the oauth login and the redirect to the partner.
 *
 * - Without an `oauth` parameter there is no partner to continue to: the site's /register.
 * - A signed-in shopper has an account: /sso/login of the same request, which offers 'Continue
 *   as {firstName}' (or the login form when their single-sign-on token has ended).
 */
export function ssoRegisterGate(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const check = oauthOf(context, url.searchParams.get('oauth'));
  if (!check) throw redirect('/register');
  if (!check.ok) return { ok: false as const, answer: oauthProblem(check.problem) };
  if (context.shopper) throw redirect(ssoHref('/sso/login', check.raw), 303);
  return {
    ok: true as const,
    page: {
      oauth: check.raw,
      clientName: check.client.name,
      continueTo: continueTo(check.client.name),
      loginHref: ssoHref('/sso/login', check.raw),
    },
  };
}

/**
 * The /sso/register action's flow for app/accounts' registration: the oauth login after the
 * account is made, and /sso/login of the same request (with the address) when it did not go
 * through. A post without a valid `oauth` parameter is refused before anything is created.
 */
export function ssoRegisterFlow(form: FormData, context: AppLoadContext) {
  const value = form.get('oauth');
  const check = checkOAuthParam(typeof value === 'string' ? value : '', ssoClients(context.tenant));
  if (!check.ok) return { ok: false as const, answer: oauthProblem(check.problem) };
  return {
    ok: true as const,
    flow: {
      next: oauthLogin(context, check.request),
      loginHref: (email: string) => ssoHref('/sso/login', check.raw, { address: email }),
    },
  };
}
