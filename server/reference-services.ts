/**
 * The in-process reference services (services/loyalty, adviewer, mailing-list, sso): started once
 * per site, on loopback ports, reached over HTTP like a retailer's own. With one process that is
 * the site process; with several (WEB_CONCURRENCY, server/cluster.ts) it is the cluster's primary,
 * which hands their addresses to the workers (`SharedServices`), so there is one loyalty service,
 * one ad viewer, one mailing list and one SSO provider (whose codes and tokens live in its memory)
 * however many processes render pages.
 */
import path from 'node:path';
import type { ContentService } from '~/content/source/content.server';
import type { Env } from '~/lib/env.server';
import type { EmbeddedLoyalty } from '~/lib/loyalty/credentials.server';
import type { TenantRegistry } from '~/lib/tenant/registry.server';
import type { Tenant } from '~/lib/tenant/schema';
import type { SharedPglite } from '@common/db.server';
import { logger } from '@common/logger.server';
import { startAdviewerService, type AdviewerService } from '../services/adviewer/index';
import {
  LoyaltyCredentialsError,
  loyaltyServiceCredentials,
  startLoyaltyService,
  type LoyaltyApp,
  type LoyaltyService,
  type LoyaltyServiceCredentials,
} from '../services/loyalty/index';
import {
  brandLists,
  startMailingListService,
  type MailingListService,
} from '../services/mailing-list/index';
import { startSsoService, type SsoService } from '../services/sso/index';
import type { ShutdownStep } from './shutdown';
import { ssoBrands } from './sso-brands';

/** What a worker process needs of the services its primary runs (their addresses, credentials). */
export interface SharedServices {
  /** The reference loyalty service, or null when LOYALTY_API_URL names a backend. */
  loyalty: EmbeddedLoyalty | null;
  adviewer: string;
  mailingList: string;
  /** The reference SSO provider (`url`: where it listens; `issuer`: what partners use). */
  sso: { url: string; issuer: string } | null;
}

export interface ReferenceServices {
  loyalty: LoyaltyService | null;
  adviewer: AdviewerService;
  mailingList: MailingListService;
  sso: SsoService | null;
  /** Their addresses, for the site's own clients (and a cluster's workers). */
  shared: SharedServices;
  /** Closing them, in order, for server/shutdown.ts or the cluster's primary. */
  closeSteps: ShutdownStep[];
}

/**
 * The embedded loyalty service's credentials (the site's client uses the same, through
 * `loyalty.credentials`): in production never the published development values, and unset ones
 * generated into DATA_DIR. A refused value stops the start with one line.
 */
function embeddedLoyaltyCredentials(env: Env): LoyaltyServiceCredentials {
  try {
    return loyaltyServiceCredentials(process.env, {
      dataDir: env.DATA_DIR,
      production: env.NODE_ENV === 'production',
    });
  } catch (error) {
    if (error instanceof LoyaltyCredentialsError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

export async function startReferenceServices(opts: {
  env: Env;
  registry: TenantRegistry;
  content: ContentService;
  /** The process's embedded PGlite (no DATABASE_URL), shared by schema with the site store. */
  embeddedDb: SharedPglite | null;
}): Promise<ReferenceServices> {
  const { env, registry, embeddedDb } = opts;
  // The loyalty API: the retailer's backend when LOYALTY_API_URL is set, else the reference
  // service started here on a loopback port and used through the same client and HTTP path.
  const loyalty = env.LOYALTY_API_URL ? null : await startEmbeddedLoyalty(opts);
  // The reference ad viewer (with its ad studio) and mailing-list service, reached over HTTP like
  // the retailer's own: a brand whose tenant file names an address of its own uses that instead.
  const adviewer = await startAdviewerService({
    port: 0,
    tenantsDir: path.resolve(env.TENANTS_DIR),
    contentDir: path.resolve(env.CONTENT_DIR),
  });
  // A brand added (or its stores changed with it) while running gets its ad pages too.
  registry.onChange(() => adviewer.reload());
  // Only the brands' own lists may be signed up to; a brand added while running brings its own.
  const listsOf = () => new Set(registry.all().flatMap((tenant) => brandLists(tenant)));
  let lists = listsOf();
  registry.onChange(() => (lists = listsOf()));
  const mailingList = await startMailingListService({
    port: 0,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    db: embeddedDb?.schema('mailing'),
    lists: () => lists,
  });
  const sso = await startEmbeddedSso(env, registry, loyalty);
  return {
    loyalty,
    adviewer,
    mailingList,
    sso,
    shared: {
      loyalty: loyalty
        ? {
            url: loyalty.url,
            basic: loyalty.credentials.basic,
            bearer: loyalty.credentials.bearer,
          }
        : null,
      adviewer: adviewer.url,
      mailingList: mailingList.url,
      sso: sso ? { url: sso.url, issuer: sso.issuer } : null,
    },
    closeSteps: [
      { name: 'loyalty service', run: () => loyalty?.close() },
      { name: 'ad viewer', run: () => adviewer.close() },
      { name: 'mailing list', run: () => mailingList.close() },
      { name: 'sso provider', run: () => sso?.close() },
    ],
  };
}

/** The reference loyalty service, with every brand's demo data (a brand added later too). */
export async function startEmbeddedLoyalty(opts: {
  env: Env;
  registry: TenantRegistry;
  content: ContentService;
  embeddedDb: SharedPglite | null;
}): Promise<LoyaltyService> {
  const { env, registry, content, embeddedDb } = opts;
  const loyalty = await startLoyaltyService({
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    db: embeddedDb?.schema('public'),
    port: 0,
    apps: loyaltyApps(content, registry.all()),
    credentials: embeddedLoyaltyCredentials(env),
  });
  // A brand added while running gets its demo data too.
  registry.onChange(
    (tenants) => void loyalty.addApps(loyaltyApps(content, tenants)).catch(() => undefined),
  );
  return loyalty;
}

/** The loyalty apps of the brands that have one, with their stores from the content. */
export function loyaltyApps(content: ContentService, tenants: Tenant[]): LoyaltyApp[] {
  return tenants.flatMap((t) => {
    if (!t.services.loyalty) return [];
    const locations = content.retailerInfo(t.sitePath).locations;
    return [
      {
        appId: t.services.loyalty.appId,
        storeNumbers: locations.map((l) => l.storeNumber),
        tiers: t.rewards.tiers,
        retailerName: t.retailerName,
        stores: locations.map((l) => ({
          storeNumber: l.storeNumber,
          name: l.name,
          address: l.address,
          city: l.city,
          state: l.state,
          zip: l.zip,
        })),
      },
    ];
  });
}

/**
 * The reference SSO provider for partner sites, when some brand lists partner clients and names
 * no provider of its own; it checks passwords with the same loyalty API as the site.
 */
async function startEmbeddedSso(
  env: Env,
  registry: TenantRegistry,
  loyalty: LoyaltyService | null,
): Promise<SsoService | null> {
  const ssoFor = (tenants: Tenant[]) =>
    ssoBrands(tenants, loyalty ? loyalty.credentials.basic : null, process.env, (obj, msg) =>
      logger.warn(obj, msg),
    );
  const initialSsoBrands = ssoFor(registry.all());
  if (initialSsoBrands.length === 0) return null;
  const sso = await startSsoService({
    port: 0,
    brands: initialSsoBrands,
    loyaltyUrl: env.LOYALTY_API_URL ?? loyalty?.url ?? null,
  });
  // A partner client added or changed while running is served from then on.
  registry.onChange((tenants) => sso.setBrands(ssoFor(tenants)));
  return sso;
}
