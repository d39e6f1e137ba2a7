/**
 * The reference outside services for tests of app/ code (app/ itself reaches them only over
 * HTTP): start one on loopback and hand its address to the harness's services.
 */
export { startAdviewerService, type AdviewerService } from '../services/adviewer/index';
export { startMailingListService, type MailingListService } from '../services/mailing-list/index';
export { startSsoService, type SsoService } from '../services/sso/index';
/** The SSO provider in front of an in-memory loyalty service, and a partner (oauth4webapi). */
export {
  oauthOf,
  partner,
  PARTNER,
  startProviderKit,
  type ProviderKit,
} from '../services/sso/test-kit';
