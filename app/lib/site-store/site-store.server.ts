/**
 * The site's own small store (password-reset tokens, shared rate-limit counters), separate from
 * the loyalty service's data: PGlite in `<DATA_DIR>/site` by default, a real PostgreSQL server when
 * DATABASE_URL is set. Either way every table lives in the PostgreSQL schema `site`, so the site
 * can share one database with the reference loyalty service (which uses `public`) without a
 * clash, `schema_migrations` included.
 *
 * The driver adapters and the migration runner are the ones the loyalty service uses too
 * (common/db.server.ts and common/migrate.server.ts): same SQL dialect, same `schema_migrations` bookkeeping, same advisory lock
 * for concurrent start-ups. Open the store from server.ts (outside the Remix bundle): the
 * migrations folder is found next to this file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb, type Db } from '@common/db.server';
import { migrate, readMigrations } from '@common/migrate.server';

import { SITE_SCHEMA } from './schema';

export type { Row } from '@common/db.server';
export { SITE_SCHEMA };

/** `query`, `transaction`, `close` and `kind` ('pglite' | 'postgres'); `exec` runs plain SQL. */
export type SiteStore = Db;
/** What a helper that only runs statements needs (a store or a transaction). */
export type SiteQuery = Pick<Db, 'query'>;

export interface OpenSiteStoreOptions {
  /**
   * The app's data folder (DATA_DIR): PGlite keeps the store in `<dataDir>/site`.
   * `memory://` keeps it in memory (tests). Ignored when `databaseUrl` is set.
   */
  dataDir?: string;
  /** `postgres://…`: use this PostgreSQL database (schema `site`) instead of PGlite. */
  databaseUrl?: string;
  /** Pool size on PostgreSQL. Default 5: the site store sees little traffic. */
  maxConnections?: number;
  /** Errors of idle pool clients (a database restart), which would otherwise crash the process. */
  onPoolError?: (error: Error) => void;
  /** Folder of the `NNN_name.sql` migrations; defaults to ./migrations beside this module. */
  migrationsDir?: string;
  /**
   * An embedded database shared with other stores (`openSharedPglite(…).schema('site')`): used
   * instead of a PGlite folder of the store's own. `dataDir` is then ignored.
   */
  shared?: SiteStore;
}

/** Arbitrary constant: serialises the creation of the `site` schema across processes. */
const SCHEMA_LOCK = 720_302;

/** The PGlite folder for a data folder (`<dataDir>/site`; PGlite needs a folder of its own). */
export function siteDataDir(dataDir: string | undefined): string {
  const base = dataDir ?? '.data';
  return base.startsWith('memory://') ? base : path.resolve(base, 'site');
}

/** The database URL with `search_path=site` added to its start-up options (kept if present). */
export function withSiteSearchPath(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const options = url.searchParams.get('options');
  url.searchParams.set(
    'options',
    [options, `-c search_path=${SITE_SCHEMA}`].filter(Boolean).join(' '),
  );
  return url.toString();
}

export function defaultMigrationsDir(): string {
  const here = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
  // Inside a bundle import.meta.url is the bundle's: fall back to the source tree.
  return fs.existsSync(here) ? here : path.resolve('app/lib/site-store/migrations');
}

/**
 * Opens the store, creates the `site` schema when missing and applies pending migrations.
 * Creating a new PGlite folder takes a few seconds; reopening one is fast.
 */
export async function openSiteStore(options: OpenSiteStoreOptions = {}): Promise<SiteStore> {
  const { databaseUrl } = options;
  if (options.shared && !databaseUrl) {
    // Every statement of a shared schema store already runs with search_path=site.
    await options.shared.exec(`create schema if not exists ${SITE_SCHEMA}`);
    await migrate(options.shared, readMigrations(options.migrationsDir ?? defaultMigrationsDir()));
    return options.shared;
  }
  const db = await openDb(
    databaseUrl
      ? {
          // Every connection of the pool starts with search_path=site: unqualified names in the
          // site's SQL (and the shared migration runner's schema_migrations) resolve there.
          databaseUrl: withSiteSearchPath(databaseUrl),
          maxConnections: options.maxConnections ?? 5,
          onPoolError: options.onPoolError,
        }
      : { dir: siteDataDir(options.dataDir) },
  );
  try {
    if (db.kind === 'pglite') {
      // One connection: a session-level search_path holds for every later statement.
      await db.exec(
        `create schema if not exists ${SITE_SCHEMA}; set search_path to ${SITE_SCHEMA}`,
      );
    } else {
      await db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
        // Look first: a database user without CREATE may still use a schema made for it.
        const found = await tx.query('select 1 from pg_namespace where nspname = $1', [
          SITE_SCHEMA,
        ]);
        if (!found.length) await tx.exec(`create schema ${SITE_SCHEMA}`);
      });
    }
    await migrate(db, readMigrations(options.migrationsDir ?? defaultMigrationsDir()));
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}
