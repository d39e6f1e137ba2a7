/**
 * The brands the reference provider signs shoppers in for, and their partner clients. In-process
 * the site hands them over (server.ts, from its tenant registry); run alone (`npm run sso`) they
 * are read from tenants/*.json with the small schema below, as the ad viewer reads its pages: a
 * file that does not parse is skipped with a warning, never a failed start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** A partner client as tenant files list it (`services.sso.clients`, docs/sso-api.md). */
export interface SsoClient {
  clientId: string;
  name: string;
  /** Matched exactly: no prefix, no trailing-slash or port leniency. */
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  scopes: string[];
}

export interface SsoBrand {
  sitePath: string;
  /** The brand site's origin: the provider sends shoppers to `${origin}/sso/login`. */
  origin: string;
  /** The brand's loyalty app and the Basic credential (`user:password`) of its API; null: none. */
  loyalty: { appId: string; basic: string } | null;
  clients: SsoClient[];
}

/** A client with the brand it belongs to. */
export interface RegisteredClient extends SsoClient {
  brand: SsoBrand;
}

interface Logger {
  warn(obj: object, msg?: string): void;
}

/**
 * Client ids are global at the provider: the first brand listing one keeps it (brands in the
 * order given), a later duplicate is left out with a warning.
 */
export function indexClients(brands: SsoBrand[], logger: Logger): Map<string, RegisteredClient> {
  const clients = new Map<string, RegisteredClient>();
  for (const brand of brands) {
    for (const client of brand.clients) {
      const taken = clients.get(client.clientId);
      if (taken) {
        logger.warn(
          { clientId: client.clientId, brand: brand.sitePath, keptBy: taken.brand.sitePath },
          'sso: duplicate client id left out',
        );
        continue;
      }
      clients.set(client.clientId, { ...client, brand });
    }
  }
  return clients;
}

const DEFAULT_SCOPES = ['openid', 'profile', 'email', 'offline_access'];

const tenantSchema = z.object({
  sitePath: z.string().regex(/^[a-z0-9-]{1,64}$/),
  hostnames: z.array(z.string().min(1)).min(1),
  canonicalOrigin: z.string().url().optional(),
  services: z
    .object({
      loyalty: z
        .object({ appId: z.string().min(1), basicCredentialEnv: z.string().optional() })
        .optional(),
      sso: z
        .object({
          url: z.string().optional(),
          clients: z
            .array(
              z.object({
                clientId: z.string().regex(/^[A-Za-z0-9._-]{1,64}$/),
                name: z.string().min(1),
                redirectUris: z.array(z.string().url()).min(1),
                postLogoutRedirectUris: z.array(z.string().url()).default([]),
                scopes: z.array(z.string().min(1)).default(DEFAULT_SCOPES),
              }),
            )
            .default([]),
        })
        .optional(),
    })
    .default({}),
});

export interface ReadBrandsOptions {
  /** The sites' port when a tenant names no canonicalOrigin (`http://{hostnames[0]}:{port}`). */
  sitePort: number;
  /** The Basic credential of a brand's loyalty API: the variable its tenant names, or this. */
  loyaltyBasic(variable: string | undefined): string | null;
  logger: Logger;
}

/** The origin a site serves a brand on, computed as the site's tenant registry does. */
export function siteOrigin(
  tenant: { hostnames: string[]; canonicalOrigin?: string },
  port: number,
): string {
  return (
    tenant.canonicalOrigin?.replace(/\/$/, '') ??
    `http://${tenant.hostnames[0]}${port === 80 ? '' : `:${port}`}`
  );
}

/** A brand as its tenant file has it: with the provider it names, if any. */
export interface TenantBrand extends SsoBrand {
  /** `services.sso.url`: the retailer's own provider; null: the one the site starts in-process. */
  providerUrl: string | null;
}

/** Every brand of tenants/*.json that lists partner clients, in file-name order. */
export function readBrands(tenantsDir: string, options: ReadBrandsOptions): TenantBrand[] {
  let files: string[] = [];
  try {
    files = fs
      .readdirSync(tenantsDir)
      .filter((f) => f.endsWith('.json') && f !== 'schema.json' && !f.startsWith('.'))
      .sort();
  } catch (error) {
    options.logger.warn({ dir: tenantsDir, err: error }, 'sso: tenant folder unreadable');
  }
  const brands: TenantBrand[] = [];
  for (const file of files) {
    let tenant: z.infer<typeof tenantSchema>;
    try {
      tenant = tenantSchema.parse(JSON.parse(fs.readFileSync(path.join(tenantsDir, file), 'utf8')));
    } catch (error) {
      options.logger.warn({ file, err: error }, 'sso: tenant file skipped');
      continue;
    }
    const clients = tenant.services.sso?.clients ?? [];
    if (clients.length === 0) continue;
    const loyalty = tenant.services.loyalty;
    const basic = loyalty ? options.loyaltyBasic(loyalty.basicCredentialEnv) : null;
    brands.push({
      sitePath: tenant.sitePath,
      origin: siteOrigin(tenant, options.sitePort),
      loyalty: loyalty && basic ? { appId: loyalty.appId, basic } : null,
      clients,
      providerUrl: tenant.services.sso?.url?.replace(/\/$/, '') ?? null,
    });
  }
  return brands;
}
