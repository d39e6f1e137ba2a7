/**
 * Session records kept in memory by a process that is the site store's only writer: the
 * embedded PGlite store, which one process opens (several processes need PostgreSQL, where no
 * record is kept: another process may end a session at any moment). There, every statement
 * that changes a record or a shopper's version runs in this process, through the session
 * storages, and drops what it changes here; so a cached record is the
 * stored record, and the read that would ask the store for it on every request is saved. The
 * storages own the cache and raise versions themselves (`raiseShopperVersion`): the server's
 * bundle and the app's each have their own copy of this module, so nothing here is global.
 *
 * - A read that started before a change never keeps what it read (the change's mark moved on).
 * - A record is kept with its shopper number; the shopper's version (the key of their cached
 *   loyalty answers) is kept beside it by brand and shopper, so raising it needs no search.
 * - Each hit parses the record's JSON afresh: no request shares another's objects.
 */
import { LRUCache } from 'lru-cache';

/** At most this much JSON of session records per process (a signed-in record is about 2 KB). */
const RECORDS_MAX_BYTES = 8 * 1024 * 1024;
const VERSIONS_MAX = 50_000;

export interface KeptRecord {
  /** The record's data, as stored (JSON). */
  json: string;
  shopperNo: string | null;
  /** Epoch milliseconds. */
  expiresAt: number;
  /** The shopper's version (0 for none). */
  version: number;
}

export class SessionRecordCache {
  private readonly records = new LRUCache<string, Omit<KeptRecord, 'version'>>({
    maxSize: RECORDS_MAX_BYTES,
    sizeCalculation: (r) => r.json.length + 100,
  });
  private readonly versions = new LRUCache<string, number>({ max: VERSIONS_MAX });
  /** Moves on with every change: a read begun before it keeps nothing. */
  private mark = 0;

  /** The record of `id` on `brand` with its shopper's version, while it is live; else null. */
  get(brand: string, id: string, now = Date.now()): { data: unknown; version: number } | null {
    const record = this.records.get(recordKey(brand, id));
    if (!record) return null;
    if (record.expiresAt <= now) {
      this.records.delete(recordKey(brand, id));
      return null;
    }
    let version = 0;
    if (record.shopperNo) {
      const kept = this.versions.get(shopperKey(brand, record.shopperNo));
      if (kept === undefined) return null;
      version = kept;
    }
    return { data: JSON.parse(record.json) as unknown, version };
  }

  /** Call before reading a record from the store; pass the answer to `keep` with it. */
  begin(): number {
    return this.mark;
  }

  /** Keeps what a read begun at `begun` found, unless something changed meanwhile. */
  keep(begun: number, brand: string, id: string, record: KeptRecord): void {
    if (begun !== this.mark) return;
    const { version, ...rest } = record;
    this.records.set(recordKey(brand, id), rest);
    if (record.shopperNo) this.versions.set(shopperKey(brand, record.shopperNo), version);
  }

  /** A record was written or deleted. */
  forget(brand: string, id: string): void {
    this.mark += 1;
    this.records.delete(recordKey(brand, id));
  }

  /** Every record of a shopper was deleted (their sessions ended). */
  forgetShopper(brand: string, shopperNo: string): void {
    this.mark += 1;
    for (const [key, record] of this.records.entries()) {
      if (record.shopperNo === shopperNo && key.startsWith(`${brand}\n`)) this.records.delete(key);
    }
    this.versions.delete(shopperKey(brand, shopperNo));
  }

  /** The shopper's version was raised to `version`. */
  versionRaised(brand: string, shopperNo: string, version: number): void {
    this.mark += 1;
    const key = shopperKey(brand, shopperNo);
    // Two raises may answer out of order: the higher version is the later one.
    if (version > (this.versions.get(key) ?? -1)) this.versions.set(key, version);
  }
}

const recordKey = (brand: string, id: string) => `${brand}\n${id}`;
const shopperKey = (brand: string, shopperNo: string) => `${brand}\n${shopperNo}`;
