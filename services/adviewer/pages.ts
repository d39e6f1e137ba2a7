/**
 * The ad pages the reference viewer serves: one per store (`adviewerPage` of each location in
 * content/<sitePath>/retailer-info.json) and the retailer's own `adviewerPage`, for every brand in
 * tenants/*.json. Read like services/loyalty/apps.ts: a file that does not parse is skipped with
 * a warning, never a failed start.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { logger as appLogger } from '../../common/logger.server';

/** A store a shopper can choose in the viewer's store picker. */
export interface AdStore {
  page: string;
  name: string;
}

export interface AdPage {
  page: string;
  /** The brand's site path (pages of one brand share a store picker). */
  brand: string;
  retailerName: string;
  /** What the viewer's heading names: the store, or the retailer for its own page. */
  title: string;
  /** The brand's stores shown in the picker, in content order. */
  stores: AdStore[];
}

/** Page names a URL can carry as one path segment; a few are the service's own routes. */
const PAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const RESERVED = new Set(['images', 'websites', 'healthz']);

export function isPageName(value: string): boolean {
  return PAGE_NAME.test(value) && !RESERVED.has(value.toLowerCase());
}

const tenantSchema = z.object({
  sitePath: z.string().min(1),
  retailerName: z.string().optional(),
});

const retailerInfoSchema = z.object({
  adviewerPage: z.string().nullish(),
  locations: z
    .array(
      z.object({
        name: z.string().optional(),
        storeNumber: z.string().optional(),
        adviewerPage: z.string().nullish(),
        hidden: z.boolean().nullish(),
        hiddenInStoreSelector: z.boolean().nullish(),
      }),
    )
    .nullish(),
});

type RetailerInfo = z.infer<typeof retailerInfoSchema>;

interface Logger {
  warn(obj: object, msg?: string): void;
}

function readJson<T>(file: string, schema: z.ZodType<T>, logger: Logger, what: string): T | null {
  try {
    if (!fs.existsSync(file)) return null;
    return schema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  } catch (error) {
    logger.warn({ file, err: error }, `${what} skipped by the ad viewer`);
    return null;
  }
}

/** Every ad page of every brand, keyed by page name (the first brand naming a page keeps it). */
export function readPages(
  tenantsDir: string,
  contentDir: string,
  logger: Logger = appLogger,
): Map<string, AdPage> {
  const pages = new Map<string, AdPage>();
  let files: string[] = [];
  try {
    files = fs.existsSync(tenantsDir)
      ? fs.readdirSync(tenantsDir).filter((f) => f.endsWith('.json') && f !== 'schema.json')
      : [];
  } catch (error) {
    logger.warn({ dir: tenantsDir, err: error }, 'tenant folder unreadable by the ad viewer');
  }
  const shared = readJson(
    path.join(contentDir, 'shared', 'retailer-info.json'),
    retailerInfoSchema,
    logger,
    'shared store list',
  );
  for (const file of files.sort()) {
    const tenant = readJson(path.join(tenantsDir, file), tenantSchema, logger, 'tenant file');
    if (!tenant || tenant.sitePath.includes('..') || path.isAbsolute(tenant.sitePath)) continue;
    const info: RetailerInfo =
      readJson(
        path.join(contentDir, tenant.sitePath, 'retailer-info.json'),
        retailerInfoSchema,
        logger,
        'store list',
      ) ?? {};
    const retailerName = tenant.retailerName ?? tenant.sitePath;
    const locations = (info.locations ?? shared?.locations ?? []).filter(
      (l): l is typeof l & { adviewerPage: string } =>
        typeof l.adviewerPage === 'string' && isPageName(l.adviewerPage),
    );
    const stores: AdStore[] = locations
      .filter((l) => !l.hidden && !l.hiddenInStoreSelector)
      .map((l) => ({ page: l.adviewerPage, name: l.name || l.adviewerPage }));
    const add = (page: string, title: string) => {
      if (!isPageName(page)) {
        logger.warn({ file, page }, 'ad page name refused by the ad viewer');
        return;
      }
      if (!pages.has(page)) {
        pages.set(page, { page, brand: tenant.sitePath, retailerName, title, stores });
      }
    };
    const own = info.adviewerPage ?? shared?.adviewerPage;
    if (own) add(own, retailerName);
    for (const location of locations) {
      add(location.adviewerPage, location.name || location.adviewerPage);
    }
  }
  return pages;
}
