import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../common/db.server';
import { migrate, readMigrations } from '../../common/migrate.server';

/** The mailing-list service's own SQL migrations (`migrations/NNN_name.sql`). */
export const MAILING_LIST_MIGRATIONS_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

/**
 * Applies the service's pending migrations to a store whose search path is the `mailing` schema
 * (its own `schema_migrations` table lives there, apart from the other stores'); resolves to the
 * versions applied now.
 */
export function migrateMailingList(db: Db): Promise<string[]> {
  return migrate(db, readMigrations(MAILING_LIST_MIGRATIONS_DIR));
}
