import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../common/db.server';
import { migrate, readMigrations } from '../../common/migrate.server';

/** The loyalty service's own SQL migrations (`migrations/NNN_name.sql`). */
export const LOYALTY_MIGRATIONS_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

/** Applies the loyalty service's pending migrations; resolves to the versions applied now. */
export function migrateLoyalty(db: Db): Promise<string[]> {
  return migrate(db, readMigrations(LOYALTY_MIGRATIONS_DIR));
}
