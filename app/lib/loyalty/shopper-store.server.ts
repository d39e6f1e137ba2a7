/**
 * What the shopper read cache keeps in the site store (docs/decisions/0032-shopper-read-cache.md):
 * the per-shopper version that every web process keys its cached answers by, and the last
 * answers of the loyalty service, shown with their time while it is down.
 */
import { logger } from '@common/logger.server';
import type { SiteQuery } from '~/lib/site-store/site-store.server';

/** How long a last answer may be shown while the service is down. */
export const LAST_KNOWN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Snapshots older than that are deleted at most this often (on a save). */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Raises the shopper's version: every process's cached answers for them are left behind (the
 * next request reads the new version with its session). Resolves to the new version.
 */
export async function bumpShopperVersion(
  store: SiteQuery,
  brand: string,
  shopperNo: string,
): Promise<number> {
  const rows = await store.query<{ version: string | number }>(
    `insert into shopper_versions (brand, shopper_no, version) values ($1, $2, 1)
       on conflict (brand, shopper_no)
       do update set version = shopper_versions.version + 1, updated_at = now()
     returning version`,
    [brand, shopperNo],
  );
  return Number(rows[0]?.version ?? 0);
}

export interface Snapshot {
  data: unknown;
  /** Its JSON length. */
  size: number;
  /** Epoch milliseconds. */
  fetchedAt: number;
}

let lastSweep = 0;

/** Keeps `json` as the shopper's last answer to `read` (replacing an older one). */
export async function saveSnapshot(
  store: SiteQuery,
  brand: string,
  shopperNo: string,
  read: string,
  json: string,
  fetchedAt: number,
): Promise<void> {
  await store.query(
    `insert into shopper_snapshots (brand, shopper_no, read, data, fetched_at)
       values ($1, $2, $3, $4::jsonb, $5)
       on conflict (brand, shopper_no, read)
       do update set data = excluded.data, fetched_at = excluded.fetched_at
       where shopper_snapshots.fetched_at <= excluded.fetched_at`,
    [brand, shopperNo, read, json, new Date(fetchedAt).toISOString()],
  );
  const now = Date.now();
  if (now - lastSweep > SWEEP_INTERVAL_MS) {
    lastSweep = now;
    await store
      .query('delete from shopper_snapshots where fetched_at < $1', [
        new Date(now - LAST_KNOWN_MAX_AGE_MS).toISOString(),
      ])
      .catch((error: unknown) => logger.warn({ err: error }, 'old shopper snapshots not swept'));
  }
}

/** The shopper's last answer to `read`, when it is younger than LAST_KNOWN_MAX_AGE_MS. */
export async function readSnapshot(
  store: SiteQuery,
  brand: string,
  shopperNo: string,
  read: string,
  now = Date.now(),
): Promise<Snapshot | null> {
  const rows = await store.query<{ data: unknown; fetched_at: Date | string }>(
    `select data, fetched_at from shopper_snapshots
      where brand = $1 and shopper_no = $2 and read = $3 and fetched_at >= $4`,
    [brand, shopperNo, read, new Date(now - LAST_KNOWN_MAX_AGE_MS).toISOString()],
  );
  const row = rows[0];
  if (!row) return null;
  const json = typeof row.data === 'string' ? row.data : JSON.stringify(row.data);
  return {
    data: JSON.parse(json) as unknown,
    size: json.length,
    fetchedAt: new Date(row.fetched_at).getTime(),
  };
}

/** Forgets every last answer of the shopper (every session of theirs ended). */
export async function deleteSnapshots(
  store: SiteQuery,
  brand: string,
  shopperNo: string,
): Promise<void> {
  await store.query('delete from shopper_snapshots where brand = $1 and shopper_no = $2', [
    brand,
    shopperNo,
  ]);
}
