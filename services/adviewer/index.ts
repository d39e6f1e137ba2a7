/**
 * The reference weekly-ad viewer (README.md): a stand-in for the retailer's third-party viewer with
 * the same API shape (docs/reference/weekly-ad.md "Rules"), plus the ad studio's banner counters
 * (docs/reference/shell.md "Site banner"). Demo ads are generated, not stored: the same page and
 * week always give the same flyer, dated relative to `now()`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listenService } from '../../common/http-service.server';
import { logger as appLogger } from '../../common/logger.server';
import { createRequestHandler, type AdStudioCounts, type Logger } from './http';
import { readPages, type AdPage } from './pages';
import { createTokenIssuer } from './tokens';

export { readPages, type AdPage, type AdStore } from './pages';
export { adWeeks, weekAds, type Ad, type AdComponent, type AdWeek } from './ads';
export type { AdStudioCounts } from './http';

export const IMAGES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'images');

export interface StartAdviewerServiceOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Brands (tenants/*.json); default `TENANTS_DIR` or `tenants`. */
  tenantsDir?: string;
  /** Their stores (content/<sitePath>/retailer-info.json); default `CONTENT_DIR` or `content`. */
  contentDir?: string;
  /** The clock the ads are dated by and tokens expire by (tests fix it). */
  now?: () => Date;
  logger?: Logger & { info(obj: object, msg?: string): void };
}

export interface AdviewerHealth {
  ok: true;
  pages: number;
  adStudio: AdStudioCounts;
}

export interface AdviewerService {
  /** `http://host:port` without a trailing slash. */
  url: string;
  port: number;
  /** The pages served, by name. */
  pages: ReadonlyMap<string, AdPage>;
  health(): AdviewerHealth;
  /**
   * Reads the brands and their stores again (a brand dropped in while running gets its ads);
   * returns how many pages are served now.
   */
  reload(): number;
  close(): Promise<void>;
}

/** The image files, read once: lowercase `{value}.png|jpg` → bytes and an ETag. */
function readImages(dir: string): Map<string, { body: Buffer; etag: string }> {
  const images = new Map<string, { body: Buffer; etag: string }>();
  for (const file of fs.readdirSync(dir)) {
    if (!/^[a-z0-9-]+\.(png|jpg)$/.test(file)) continue;
    const body = fs.readFileSync(path.join(dir, file));
    const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 16)}"`;
    images.set(file, { body, etag });
  }
  return images;
}

export async function startAdviewerService(
  options: StartAdviewerServiceOptions = {},
): Promise<AdviewerService> {
  const logger = options.logger ?? appLogger.child({ service: 'adviewer' });
  const tenantsDir = path.resolve(options.tenantsDir ?? process.env.TENANTS_DIR ?? 'tenants');
  const contentDir = path.resolve(options.contentDir ?? process.env.CONTENT_DIR ?? 'content');
  // One map for the service's life: a reload refills it, and the handler reads it per request.
  const pages = readPages(tenantsDir, contentDir, logger);
  const adStudio = { views: new Map<string, number>(), clicks: new Map<string, number>() };
  const health = (): AdviewerHealth => ({
    ok: true,
    pages: pages.size,
    adStudio: {
      views: Object.fromEntries(adStudio.views),
      clicks: Object.fromEntries(adStudio.clicks),
    },
  });
  const handler = createRequestHandler({
    pages,
    images: readImages(IMAGES_DIR),
    tokens: createTokenIssuer(),
    now: options.now ?? (() => new Date()),
    logger,
    adStudio,
    health,
  });
  const listening = await listenService(handler, options);
  let closed = false;
  return {
    url: listening.url,
    port: listening.port,
    pages,
    health,
    reload() {
      const fresh = readPages(tenantsDir, contentDir, logger);
      pages.clear();
      for (const [name, page] of fresh) pages.set(name, page);
      return pages.size;
    },
    async close() {
      if (closed) return;
      closed = true;
      await listening.close();
    },
  };
}
