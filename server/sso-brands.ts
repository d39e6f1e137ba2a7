/**
 * The brands the in-process reference SSO provider (services/sso) serves: those whose tenant file
 * lists partner clients and names no provider of its own (`services.sso.url`), with the origin the
 * tenant registry computed and the loyalty credential the site's own loyalty client uses (the
 * variable the tenant names, else the embedded loyalty service's value).
 */
import type { Tenant } from '~/lib/tenant/schema';
import type { SsoBrand } from '../services/sso/index';

export function ssoBrands(
  tenants: Tenant[],
  embeddedBasic: string | null,
  source: Record<string, string | undefined> = process.env,
  warn: (obj: object, msg: string) => void = () => undefined,
): SsoBrand[] {
  return tenants.flatMap((t) => {
    const sso = t.services.sso;
    if (!sso || sso.url || sso.clients.length === 0) return [];
    const loyalty = t.services.loyalty;
    const named = loyalty?.basicCredentialEnv ? source[loyalty.basicCredentialEnv] : undefined;
    const basic = named || embeddedBasic;
    if (loyalty && !basic) {
      warn(
        { tenant: t.sitePath, variable: loyalty.basicCredentialEnv ?? null },
        'sso: no loyalty credential for the brand: its partner sign-ins will be refused',
      );
    }
    return [
      {
        sitePath: t.sitePath,
        origin: t.origin,
        loyalty: loyalty && basic ? { appId: loyalty.appId, basic } : null,
        clients: sso.clients,
      },
    ];
  });
}
