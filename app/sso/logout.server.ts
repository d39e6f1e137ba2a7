import { data, type AppLoadContext } from '@remix-run/node';
import { logger } from '@common/logger.server';
import { cacheHeaders } from '~/lib/http/cache.server';
import { commitSession } from '~/lib/session/session.server';
import { redirectWithSession } from '~/lib/session/respond.server';
import { signOut } from '~/lib/session/shopper.server';
import { ssoClients } from './oauth';
import { revokeSsoToken } from './partner.server';

/**
 * /sso/logout?client_id=…&post_logout_redirect_uri=… (docs/reference/sso.md "What the shopper
 * sees"; the provider's `GET /api/logout/revoketoken` in docs/sso-api.md): the token is revoked at
 * the provider, the session forgets the shopper and both tokens (its record is deleted: a replayed
 * cookie is a guest), and the browser goes back to the partner's post-logout address when it is
 * registered for that client; otherwise a signed-out page of ours.
 *
 * A GET, as OpenID Connect RP-initiated logout is: the partner sends the browser here. Another
 * site can at worst sign the shopper out by sending them here (the session cookie is SameSite=Lax:
 * only a top-level navigation carries it, never an image or a frame), which harms nothing; it
 * cannot sign anyone in nor send the browser to an address the partner did not register.
 * Idempotent: a second visit finds no one to sign out and goes the same way.
 */
export async function ssoLogoutLoader(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const clientId = url.searchParams.get('client_id') ?? '';
  const wanted = url.searchParams.get('post_logout_redirect_uri') ?? '';
  const client = ssoClients(context.tenant).find((c) => c.clientId === clientId) ?? null;
  // Exact match, as redirect URIs are: the partner's registered address or none.
  const registered = client?.postLogoutRedirectUris.includes(wanted) ? wanted : null;

  const revoked = await revokeSsoToken(
    context,
    client && registered
      ? { clientId: client.clientId, postLogoutRedirectUri: registered }
      : undefined,
  );
  const wasSignedIn = context.shopper !== null;
  signOut(context.session);
  if (wasSignedIn) {
    logger.info(
      { brand: context.tenant.sitePath, clientId: client?.clientId ?? null },
      'single sign-on: signed out',
    );
  }

  // The provider's answer must be the registered address too (it checks the same list).
  const back =
    registered && !revoked.message && (revoked.postLogoutRedirectUri ?? registered) === registered
      ? registered
      : null;
  if (back) return redirectWithSession(context, back, { status: 303 });

  const headers = cacheHeaders(context, 'personal', { 'Set-Cookie': await commitSession(context) });
  return data(
    {
      clientName: client?.name ?? null,
      /** The partner's address to return to by hand, when the provider refused the revocation. */
      back: registered,
      message: revoked.message ?? null,
    },
    { headers },
  );
}
