/**
 * The loyalty apps of the brands: appId and reward tiers from tenants/*.json, stores from
 * content/<sitePath>/retailer-info.json. Used by `npm run loyalty`; the site may use it too.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { logger } from '../../common/logger.server';
import type { LoyaltyApp } from './index';

const tenantSchema = z.object({
  sitePath: z.string().min(1),
  retailerName: z.string().optional(),
  rewards: z.object({ tiers: z.array(z.number().int().positive()).optional() }).optional(),
  services: z.object({ loyalty: z.object({ appId: z.string().min(1) }) }),
});

const retailerInfoSchema = z.object({
  locations: z
    .array(
      z.object({
        storeNumber: z.string(),
        name: z.string().optional(),
        address: z.string().optional(),
        city: z.string().optional(),
        state: z.string().optional(),
        zip: z.string().optional(),
      }),
    )
    .default([]),
});

/** The apps of the tenant files; a file that does not parse is skipped with a warning. */
export function readApps(tenantsDir: string, contentDir: string): LoyaltyApp[] {
  const apps = new Map<string, LoyaltyApp>();
  const files = fs.existsSync(tenantsDir)
    ? fs.readdirSync(tenantsDir).filter((f) => f.endsWith('.json') && f !== 'schema.json')
    : [];
  for (const file of files.sort()) {
    let tenant: z.infer<typeof tenantSchema>;
    try {
      tenant = tenantSchema.parse(JSON.parse(fs.readFileSync(path.join(tenantsDir, file), 'utf8')));
    } catch (error) {
      logger.warn({ file, err: error }, 'tenant file skipped by the loyalty service');
      continue;
    }
    const appId = tenant.services.loyalty.appId;
    if (apps.has(appId)) continue;
    let stores: z.infer<typeof retailerInfoSchema>['locations'] = [];
    const infoFile = path.join(contentDir, tenant.sitePath, 'retailer-info.json');
    try {
      if (fs.existsSync(infoFile)) {
        stores = retailerInfoSchema.parse(JSON.parse(fs.readFileSync(infoFile, 'utf8'))).locations;
      }
    } catch (error) {
      logger.warn({ file: infoFile, err: error }, 'store list skipped by the loyalty service');
    }
    apps.set(appId, {
      appId,
      storeNumbers: stores.map((s) => s.storeNumber),
      tiers: tenant.rewards?.tiers ?? [],
      retailerName: tenant.retailerName,
      stores,
    });
  }
  return [...apps.values()];
}
