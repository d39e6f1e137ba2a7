import type { ContentService } from '~/lib/content/content.server';
import type { AccountServices } from './services.server';
import type { Env } from '~/lib/env.server';
import type { EmbeddedLoyalty } from '~/lib/loyalty/credentials.server';
import type { SessionStorages } from '~/lib/session/session.server';
import type { Tenant } from '~/lib/tenant/schema';

/** Process-wide services, built once in server.ts (or by a test) and shared by every request. */
export interface AppServices {
  env: Env;
  content: ContentService;
  sessions: SessionStorages;
  /** Site store, mail, rate limits and bot check (shopper accounts). */
  accounts: AccountServices;
  loyalty: {
    /** The in-process reference service, or null when LOYALTY_API_URL names a backend. */
    embedded: EmbeddedLoyalty | null;
  };
}

/**
 * Per-request context handed to every loader and action (a type alias, so it fits Remix's
 * index-signature AppLoadContext).
 */
export type AppContext = {
  tenant: Tenant;
  nonce: string;
  services: AppServices;
  /** True when the request reached us over https (directly or via a trusted proxy). */
  https: boolean;
  /** The client's address (through trusted proxies only), for rate limits and bot checks. */
  clientIp: string;
};

declare module '@remix-run/server-runtime' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppContext {}
}
