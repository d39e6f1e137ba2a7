import type { Tenant } from '~/lib/tenant/schema';
import { ssoClients } from './oauth';

/**
 * Where a form post of a brand's pages may end up for single sign-on, for the
 * Content-Security-Policy `form-action` directive: the origins of the brand's partner clients'
 * registered redirect URIs and of its identity provider (whose resume address a redirect may
 * name, docs/sso-api.md).
 *
 * Why: Chromium applies `form-action` to every redirect that follows a form post. /sso/login and
 * /sso/register answer a successful post with a 303 to the partner, so with `form-action 'self'`
 * alone a browser without JavaScript refuses to follow it ("Sending form data to … violates the
 * following Content Security Policy directive: form-action 'self'"). With JavaScript, Remix
 * follows the redirect with `window.location`, which `form-action` does not govern.
 */
export function ssoFormActionOrigins(
  tenant: Pick<Tenant, 'services'>,
  references: { sso?: string | null },
): string[] {
  const clients = ssoClients(tenant);
  if (clients.length === 0) return [];
  const urls = [
    ...clients.flatMap((c) => c.redirectUris),
    tenant.services.sso?.url ?? references.sso ?? null,
  ];
  const origins = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    try {
      const { origin, protocol } = new URL(url);
      if (protocol === 'https:' || protocol === 'http:') origins.add(origin);
    } catch {
      // the tenant schema allows only URLs; nothing else reaches a header
    }
  }
  return [...origins];
}
