import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './db.server';

/** Arbitrary constant shared by every process that migrates the same database. */
const MIGRATION_LOCK = 720_301;

export interface Migration {
  version: string;
  sql: string;
}

/** The `NNN_name.sql` files of a folder, in order. */
export function readMigrations(dir: string): Migration[] {
  return fs
    .readdirSync(dir)
    .filter((name) => /^\d+_[\w-]+\.sql$/.test(name))
    .sort()
    .map((name) => ({
      version: name.replace(/\.sql$/, ''),
      sql: fs.readFileSync(path.join(dir, name), 'utf8'),
    }));
}

/**
 * Applies the migrations not yet recorded in `schema_migrations`, each in its own transaction.
 * An advisory lock taken inside each transaction makes concurrent start-ups against one
 * PostgreSQL server safe: the second process waits, then sees the version applied and skips it.
 * Returns the versions applied now.
 */
export async function migrate(db: Db, migrations: Migration[]): Promise<string[]> {
  // Under the lock too: concurrent `create table if not exists` can collide in PostgreSQL.
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(
      `create table if not exists schema_migrations (
         version text primary key,
         applied_at timestamptz not null default now()
       )`,
    );
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const seen = await tx.query('select 1 from schema_migrations where version = $1', [
        migration.version,
      ]);
      if (seen.length) return false;
      await tx.exec(migration.sql);
      await tx.query('insert into schema_migrations (version) values ($1)', [migration.version]);
      return true;
    });
    if (done) applied.push(migration.version);
  }
  return applied;
}
