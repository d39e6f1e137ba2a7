/** Writing the seed: multi-row INSERTs, money as text, and what every part of the seed gets. */
import type { Db } from '../../../common/db.server';
import type { SeedClock } from './clock';
import type { Random } from './random';
import type { StoreInfo } from './stores';

/** Multi-row INSERTs in chunks that stay far below PostgreSQL's 65 535-parameter limit. */
export async function insertRows(
  db: Db,
  table: string,
  columns: string[],
  rows: unknown[][],
): Promise<void> {
  const perChunk = Math.max(1, Math.min(1000, Math.floor(30_000 / columns.length)));
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    const params: unknown[] = [];
    const values = chunk.map((row) => {
      const marks = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${marks.join(', ')})`;
    });
    await db.query(
      `insert into ${table} (${columns.join(', ')}) values ${values.join(', ')}`,
      params,
    );
  }
}

/** Cents as the `numeric(10,2)` text PostgreSQL takes: 250 → '2.50'. */
export const money = (cents: number) => (cents / 100).toFixed(2);

/** Inserts rows of the app (its app_id is added) and counts them. */
export type Insert = (table: string, columns: string[], rows: unknown[][]) => Promise<void>;

/** What each part of the seed works with; parts draw from `rnd` in a fixed order. */
export interface SeedContext {
  rnd: Random;
  clock: SeedClock;
  /** The receipts' header line and the offers' disclaimers. */
  retailer: string;
  /** The brand's stores (may be empty) and the block used when it has none. */
  stores: StoreInfo[];
  fallbackStore: StoreInfo;
  insert: Insert;
}
