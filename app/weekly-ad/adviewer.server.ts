/**
 * The site's ad-viewer client (decision 0015): `POST {adviewer}/{page}/api/
 * account/authenticate` (no body) gives an authToken; `GET {adviewer}/{page}/api/content?
 * itemView=true` with it as a Bearer token gives the ad blocks. Only the site's server calls it;
 * the browser never sees the token.
 *
 * Both the home page's preview and /weekly-ad's text version read the ads through one cache per
 * ad viewer and page, so no page view waits on the ad viewer once a page is known:
 * - a fresh entry (FRESH_MS) is served as is;
 * - a stale one (up to STALE_MS) is served at once while one refresh runs behind it;
 * - a failure is remembered for FAILURE_MS, so a stopped or hanging ad viewer costs one
 *   deadline, not one per page view; a failure during a refresh keeps the stale ads;
 * - concurrent misses share one call; the cache holds at most MAX_ENTRIES pages.
 * The ad viewer is the tenant's `services.adviewer.url`, else the reference one started
 * in-process (services/adviewer).
 */
import type { AppLoadContext } from '@remix-run/node';
import { request } from 'undici';
import { z } from 'zod';
import { logger } from '@common/logger.server';
import { readLimited } from '~/lib/http/read-limited.server';
import type { AdBlock, AdComponent, AdContent, AdsResult } from './types';

/** Each call (authenticate, content) answers within this or the ads count as unavailable. */
export const ADVIEWER_TIMEOUT_MS = 2500;
export const FRESH_MS = 5 * 60_000;
export const STALE_MS = 60 * 60_000;
export const FAILURE_MS = 30_000;
export const MAX_ENTRIES = 500;
/** An answer larger than this is not an ad (a flyer is a few tens of KB). */
const MAX_BODY_BYTES = 4 * 1024 * 1024;
const MAX_BLOCKS = 500;
const MAX_COMPONENTS = 200;
const MAX_TEXT = 2000;

/** An ad page name is one URL segment of the ad viewer's address. */
const PAGE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
export function isAdPageName(page: string): boolean {
  return PAGE_NAME.test(page);
}

/** The ad viewer a brand uses: its configured address, else the in-process reference. */
export function adviewerBase(context: AppLoadContext): string | null {
  return context.tenant.services.adviewer?.url ?? context.services.references.adviewer;
}

/** The ad viewer's origin (what frames, images and messages come from), or null. */
export function adviewerOrigin(context: AppLoadContext): string | null {
  const base = adviewerBase(context);
  if (!base) return null;
  try {
    return new URL(base).origin;
  } catch {
    return null;
  }
}

/** `{base}/{path}` with the base's own path kept (a provider may live under a prefix). */
export function adviewerUrl(base: string, path: string): URL {
  return new URL(path.replace(/^\/+/, ''), base.replace(/\/*$/, '/'));
}

const text = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).slice(0, MAX_TEXT))
  .catch('');
const componentSchema = z.object({
  adComponentId: z.union([z.number(), z.string()]).optional().catch(undefined),
  componentType: z.string().max(100),
  componentName: text,
  componentValue: text,
  offsetX: z.number().finite().optional().catch(undefined),
  offsetY: z.number().finite().optional().catch(undefined),
});
const blockSchema = z.object({
  adPageId: z.union([z.number(), z.string()]),
  endDate: z.string().max(100).nullish().catch(null),
  adDateInfo: z.string().max(500).nullish().catch(null),
  adComponents: z.array(z.unknown()).max(5000).catch([]),
});
const contentSchema = z.object({ adPages: z.array(z.unknown()).max(5000) });
const authSchema = z.object({ authToken: z.string().min(1).max(8192) });

/** Blocks and components of an answer; entries of another shape are dropped one by one. */
export function parseAdContent(body: unknown): AdBlock[] | null {
  const parsed = contentSchema.safeParse(body);
  if (!parsed.success) return null;
  const blocks: AdBlock[] = [];
  for (const raw of parsed.data.adPages.slice(0, MAX_BLOCKS)) {
    const block = blockSchema.safeParse(raw);
    if (!block.success) continue;
    const components: AdComponent[] = [];
    for (const c of block.data.adComponents.slice(0, MAX_COMPONENTS)) {
      const component = componentSchema.safeParse(c);
      if (!component.success) continue;
      const d = component.data;
      components.push({
        id: d.adComponentId === undefined ? null : String(d.adComponentId),
        type: d.componentType.toUpperCase(),
        name: d.componentName,
        value: d.componentValue,
        offsetX: d.offsetX ?? 0,
        offsetY: d.offsetY ?? 0,
      });
    }
    const end = block.data.endDate ? Date.parse(block.data.endDate) : NaN;
    blocks.push({
      id: String(block.data.adPageId),
      endDate: Number.isFinite(end) ? new Date(end).toISOString() : null,
      dateInfo: block.data.adDateInfo?.trim() || null,
      components,
    });
  }
  return blocks;
}

async function call(url: URL, init: { method: 'GET' | 'POST'; token?: string }): Promise<unknown> {
  const response = await request(url, {
    method: init.method,
    headers: {
      accept: 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    headersTimeout: ADVIEWER_TIMEOUT_MS,
    bodyTimeout: ADVIEWER_TIMEOUT_MS,
    signal: AbortSignal.timeout(ADVIEWER_TIMEOUT_MS),
  });
  if (response.statusCode !== 200) {
    await response.body.dump();
    throw new Error(`ad viewer answered ${response.statusCode}`);
  }
  return JSON.parse(
    await readLimited(response.body, MAX_BODY_BYTES, response.headers['content-length']),
  );
}

/** One authenticate + content round trip, uncached. Throws when the ad viewer cannot answer. */
export async function fetchAdContent(base: string, page: string): Promise<AdBlock[]> {
  const name = encodeURIComponent(page);
  const auth = authSchema.safeParse(
    await call(adviewerUrl(base, `${name}/api/account/authenticate`), { method: 'POST' }),
  );
  if (!auth.success) throw new Error('ad viewer gave no authToken');
  const content = await call(adviewerUrl(base, `${name}/api/content?itemView=true`), {
    method: 'GET',
    token: auth.data.authToken,
  });
  const blocks = parseAdContent(content);
  if (!blocks) throw new Error('ad viewer content of an unknown shape');
  return blocks;
}

interface Entry {
  /** The last good answer, or null when there has been none. */
  content: AdContent | null;
  /** When the last call failed (epoch ms), or null. */
  failedAt: number | null;
  pending: Promise<AdContent | null> | null;
}

export interface AdviewerCacheOptions {
  now?: () => number;
  fetch?: (base: string, page: string) => Promise<AdBlock[]>;
}

export function createAdCache(options: AdviewerCacheOptions = {}) {
  const now = options.now ?? Date.now;
  const fetchAds = options.fetch ?? fetchAdContent;
  const entries = new Map<string, Entry>();

  function refresh(key: string, base: string, page: string, entry: Entry) {
    entry.pending = fetchAds(base, page).then(
      (blocks) => {
        entry.content = { page, blocks, fetchedAt: now() };
        entry.failedAt = null;
        entry.pending = null;
        return entry.content;
      },
      (error: unknown) => {
        logger.warn({ err: error, page }, 'ad viewer unavailable');
        entry.failedAt = now();
        entry.pending = null;
        return null;
      },
    );
    return entry.pending;
  }

  function entryFor(key: string): Entry {
    let entry = entries.get(key);
    if (entry) {
      // Least recently used last: Map keeps insertion order.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    }
    entry = { content: null, failedAt: null, pending: null };
    entries.set(key, entry);
    if (entries.size > MAX_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    return entry;
  }

  /**
   * The ads of one page of one ad viewer. 'unavailable' when the ad viewer cannot answer and
   * no earlier answer is young enough to stand in.
   */
  async function ads(base: string, page: string): Promise<AdsResult> {
    if (!isAdPageName(page)) return { status: 'unavailable' };
    const key = `${base}\n${page}`;
    const entry = entryFor(key);
    const t = now();
    const content = entry.content;
    const age = content ? t - content.fetchedAt : Infinity;
    const recentlyFailed = entry.failedAt !== null && t - entry.failedAt < FAILURE_MS;
    if (content && age < FRESH_MS) return { status: 'ok', content };
    if (content && age < STALE_MS) {
      if (!entry.pending && !recentlyFailed) void refresh(key, base, page, entry);
      return { status: 'ok', content };
    }
    if (recentlyFailed) return { status: 'unavailable' };
    const result = await (entry.pending ?? refresh(key, base, page, entry));
    return result ? { status: 'ok', content: result } : { status: 'unavailable' };
  }

  return {
    ads,
    /** For tests: forget everything. */
    clear: () => entries.clear(),
    size: () => entries.size,
  };
}

/** The process's one cache (the bundle's module instance). */
const shared = createAdCache();

/** The ads of an ad page for this brand, through the shared cache. */
export function brandAds(context: AppLoadContext, page: string): Promise<AdsResult> {
  const base = adviewerBase(context);
  if (!base) return Promise.resolve({ status: 'unavailable' });
  return shared.ads(base, page);
}

/** For tests of loaders: forget the shared cache between cases. */
export function clearSharedAdCache() {
  shared.clear();
}

/** For tests: how many ad pages the shared cache holds. */
export function brandAdCacheSize() {
  return shared.size();
}
