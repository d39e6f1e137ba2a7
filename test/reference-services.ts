/**
 * The reference outside services for tests of app/ code (app/ itself reaches them only over
 * HTTP): start one on loopback and hand its address to the harness's services.
 */
export { startAdviewerService, type AdviewerService } from '../services/adviewer/index';
export { startMailingListService, type MailingListService } from '../services/mailing-list/index';
import { startSsoService, type SsoService } from '../services/sso/index';
import type { ActionHarness } from './action-harness';
import { DEV_LOYALTY_BASIC } from './stores';

export { startSsoService, type SsoService };
/** The SSO provider in front of an in-memory loyalty service, and a partner (oauth4webapi). */
export {
  oauthOf,
  partner,
  PARTNER,
  startProviderKit,
  type ProviderKit,
} from '../services/sso/test-kit';

/**
 * The reference SSO provider for an action harness's brands, on its loyalty service, and named as
 * the harness's in-process provider (the site reaches it over HTTP, as in production).
 */
export async function startHarnessSso(
  h: ActionHarness,
  sites: readonly string[],
): Promise<SsoService> {
  const sso = await startSsoService({
    brands: sites.map((site) => {
      const tenant = h.tenant(site);
      return {
        sitePath: site,
        origin: tenant.origin,
        loyalty: { appId: tenant.services.loyalty!.appId, basic: DEV_LOYALTY_BASIC },
        clients: tenant.services.sso!.clients,
      };
    }),
    loyaltyUrl: h.loyalty.url,
  });
  h.services.references.sso = sso.url;
  return sso;
}
