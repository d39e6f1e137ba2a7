import type { AccountServices } from '~/lib/services.server';
import type { Env } from '~/lib/env.server';
import type { LoyaltyClient } from '~/lib/loyalty/client.server';
import { loyaltyClientForRequest, type EmbeddedLoyalty } from '~/lib/loyalty/credentials.server';
import { withShopperReads } from '~/lib/loyalty/shopper-reads.server';
import type { AppSession, SessionStorages } from '~/lib/session/session.server';
import { shopperFromSession, type SessionShopper } from '~/lib/session/shopper.server';
import type { Tenant } from '~/lib/tenant/schema';

/**
 * Process-wide services, built once in server.ts (or by a test) and shared by every request. An
 * area that offers a service to the others adds its slot by declaration merging (the content area
 * adds `content` in app/content/source/content.server.ts), so lib/ names no area.
 */
export interface AppServices {
  env: Env;
  sessions: SessionStorages;
  /** Site store, mail, rate limits and bot check (shopper accounts). */
  accounts: AccountServices;
  loyalty: {
    /** The in-process reference service, or null when LOYALTY_API_URL names a backend. */
    embedded: EmbeddedLoyalty | null;
  };
  /**
   * Addresses of the reference ad viewer (with its ad studio), mailing-list and SSO provider
   * services started in-process (services/adviewer, services/mailing-list, services/sso): what a
   * brand uses when its tenant file names no address of its own. Null where none runs.
   */
  references: { adviewer: string | null; mailingList: string | null; sso: string | null };
}

/**
 * Per-request context handed to every loader and action, built once per request by
 * `createAppLoadContext` (Hydrogen's model). A type alias, so it fits Remix's index-signature
 * AppLoadContext.
 */
export type AppContext = {
  tenant: Tenant;
  nonce: string;
  services: AppServices;
  /** True when the request reached us over https (directly or via a trusted proxy). */
  https: boolean;
  /** The client's address (through trusted proxies only), for rate limits and bot checks. */
  clientIp: string;
  /**
   * The request's session, read once from the site store; commit it with the helpers of
   * session/respond.server.ts (a commit may replace it with the session under a new id).
   */
  session: AppSession;
  /** The signed-in shopper of the session as the request arrived; null for a guest. */
  shopper: SessionShopper | null;
  /**
   * The brand's loyalty client with its credentials (built on first use: a brand whose loyalty
   * settings are incomplete still serves its content pages). Its calls share the request's one
   * loyalty budget, so a request's several calls together stay within it.
   */
  readonly loyalty: LoyaltyClient;
  /**
   * The time (epoch ms) of the oldest last-known answer the request's loyalty reads were given
   * because the service did not answer (docs/decisions/0032-shopper-read-cache.md); null while
   * every answer was the service's own. A page shows it ('as of 10:42 AM').
   */
  loyaltyAsOf: number | null;
};

declare module '@remix-run/server-runtime' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}

export interface RequestFacts {
  tenant: Tenant;
  nonce: string;
  https: boolean;
  clientIp: string;
  /** The request's Cookie header. */
  cookie: string | null;
  /** The request's method: only a GET or HEAD reads the shopper's cached loyalty answers. */
  method?: string;
}

/**
 * Notes that the request shows loyalty data last known at `fetchedAt` (the service did not
 * answer): the page's 'as of' time is the oldest such.
 */
export function noteLoyaltyAsOf(context: Pick<AppContext, 'loyaltyAsOf'>, fetchedAt: number) {
  context.loyaltyAsOf = Math.min(context.loyaltyAsOf ?? fetchedAt, fetchedAt);
}

/** The whole per-request context: session parsed, shopper read, loyalty client bound. */
export async function createAppLoadContext(
  services: AppServices,
  facts: RequestFacts,
): Promise<AppContext> {
  const { tenant } = facts;
  // The session record of this brand (a query only when the request carries a session cookie).
  const session = await services.sessions.read(tenant, facts.https, facts.cookie);
  const shopper = shopperFromSession(session);
  // As the session was read, before a commit of this request can replace it.
  const version = services.sessions.shopperVersion(session);
  let loyalty: LoyaltyClient | undefined;
  const context: AppContext = {
    tenant,
    nonce: facts.nonce,
    services,
    https: facts.https,
    clientIp: facts.clientIp,
    session,
    shopper,
    loyaltyAsOf: null,
    get loyalty() {
      if (!loyalty) {
        const client = loyaltyClientForRequest(tenant, services.env, services.loyalty.embedded);
        // The signed-in shopper's reads go through their cache; a guest's calls go straight on.
        loyalty = shopper
          ? withShopperReads(client, {
              store: services.accounts.siteStore,
              brand: tenant.sitePath,
              shopperNo: shopper.frqShopperNo,
              version,
              cacheReads: facts.method === 'GET' || facts.method === 'HEAD',
              ttlMs:
                services.env.LOYALTY_READ_CACHE_SECONDS === undefined
                  ? undefined
                  : services.env.LOYALTY_READ_CACHE_SECONDS * 1000,
              onLastKnown: (fetchedAt) => noteLoyaltyAsOf(context, fetchedAt),
              raiseVersion: () =>
                services.sessions.raiseShopperVersion(tenant.sitePath, shopper.frqShopperNo),
            })
          : client;
      }
      return loyalty;
    },
  };
  return context;
}
