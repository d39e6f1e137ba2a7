/**
 * The reference mailing-list service (README.md): a stand-in for the mailing-list provider's
 * subscribe endpoint. Opens its store (PGlite in `<dataDir>/mailing-list`, PostgreSQL when a
 * database URL is given, or an open store handed in), always in the `mailing` schema, applies
 * the migrations and serves the API over HTTP.
 */
import path from 'node:path';
import { listenService, type ListeningService } from '../../common/http-service.server';
import { logger as appLogger } from '../../common/logger.server';
import { openDb, type Db } from '../../common/db.server';
import { createRequestHandler, type Logger } from './http';
import { migrateMailingList } from './migrations';

export type { Db } from '../../common/db.server';
export type { Logger } from './http';
export { AGE_RANGES, listKind, type ListKind } from './rules';

/** The PostgreSQL schema of the service's tables, whatever the store. */
export const MAILING_SCHEMA = 'mailing';

/** Arbitrary constant: serialises the creation of the schema across processes. */
const SCHEMA_LOCK = 720_303;

export interface StartMailingListServiceOptions {
  /**
   * The site's data folder (`DATA_DIR`, default `.data`): the PGlite database lives in its
   * `mailing-list/` subfolder. `memory://` keeps the database in memory (tests).
   */
  dataDir?: string;
  /** `postgres://…`: use this PostgreSQL database (schema `mailing`) instead of PGlite. */
  databaseUrl?: string;
  /**
   * An open store whose statements run in the `mailing` schema (the site's one embedded PGlite:
   * `openSharedPglite(dir).schema('mailing')`); `dataDir` and `databaseUrl` are then ignored.
   * The schema is created when missing; the store is the caller's to close.
   */
  db?: Db;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  logger?: Logger;
  /** Interval of the store health probe (ms, default 15 000). */
  healthIntervalMs?: number;
  /** The key callers present (X-Api-Key); null or unset: callers on this machine only. */
  apiKey?: string | null;
  /**
   * The lists that may be signed up to (read at each call: the caller may change them while
   * running). Default: every list of a valid name (tests).
   */
  lists?: () => ReadonlySet<string>;
}

/** Every name passes (the default allow-list of tests). */
const ANY_LIST: ReadonlySet<string> = { has: () => true } as unknown as ReadonlySet<string>;

/**
 * The lists of a brand on the reference service: `{sitePath}`, `{sitePath}-ace`,
 * `{sitePath}-pharmacy` (app/newsletter/provider.server.ts names them so), and any list a
 * `newsletter.*SubscribeUrl` of the tenant names at `/subscribe/{list}`.
 */
export function brandLists(tenant: {
  sitePath: string;
  newsletter?: Partial<Record<string, unknown>>;
}): string[] {
  const lists = [tenant.sitePath, `${tenant.sitePath}-ace`, `${tenant.sitePath}-pharmacy`];
  for (const value of Object.values(tenant.newsletter ?? {})) {
    if (typeof value !== 'string') continue;
    const match = /\/subscribe\/([a-z0-9-]{1,64})\/?(?:[?#]|$)/.exec(value);
    if (match) lists.push(match[1]);
  }
  return lists;
}

export interface MailingListHealth {
  status: 'ok' | 'down';
  store: 'pglite' | 'postgres';
}

export interface MailingListService {
  /** `http://host:port` without a trailing slash. */
  url: string;
  port: number;
  health(): MailingListHealth;
  close(): Promise<void>;
  /** The store, for tests and tools. */
  db: Db;
}

/** The PGlite folder for a data folder (`<dataDir>/mailing-list`). */
export function mailingListDataDir(dataDir: string | undefined): string {
  const base = dataDir ?? process.env.DATA_DIR ?? '.data';
  return base.startsWith('memory://') ? base : path.resolve(base, 'mailing-list');
}

/** The database URL with `search_path=mailing` added to its start-up options (kept if present). */
export function withMailingSearchPath(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const options = url.searchParams.get('options');
  url.searchParams.set(
    'options',
    [options, `-c search_path=${MAILING_SCHEMA}`].filter(Boolean).join(' '),
  );
  return url.toString();
}

/**
 * Creates the `mailing` schema and applies the migrations of a store whose statements run in it,
 * without serving: what startMailingListService does first with a store handed in, for a caller
 * that prepares the store ahead of the service (docs/decisions/0013-memory-footprint.md).
 */
export async function prepareMailingListStore(db: Db): Promise<string[]> {
  await db.exec(`create schema if not exists ${MAILING_SCHEMA}`);
  return migrateMailingList(db);
}

/** Opens (or adopts) the store and makes sure its statements land in the `mailing` schema. */
async function openStore(
  options: StartMailingListServiceOptions,
  logger: Logger,
): Promise<{ db: Db; owned: boolean }> {
  if (options.db) {
    await options.db.exec(`create schema if not exists ${MAILING_SCHEMA}`);
    return { db: options.db, owned: false };
  }
  if (options.databaseUrl) {
    const db = await openDb({
      // Every connection of the pool starts in the schema: unqualified names (and the shared
      // migration runner's schema_migrations) resolve there, apart from the other stores'.
      databaseUrl: withMailingSearchPath(options.databaseUrl),
      maxConnections: 3,
      onPoolError: (error) => logger.warn({ err: error }, 'mailing-list store connection lost'),
    });
    try {
      await db.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
        // Look first: a database user without CREATE may still use a schema made for it.
        const found = await tx.query('select 1 from pg_namespace where nspname = $1', [
          MAILING_SCHEMA,
        ]);
        if (!found.length) await tx.exec(`create schema ${MAILING_SCHEMA}`);
      });
    } catch (error) {
      await db.close().catch(() => undefined);
      throw error;
    }
    return { db, owned: true };
  }
  const db = await openDb({ dir: mailingListDataDir(options.dataDir) });
  // One connection: a session-level search path holds for every later statement.
  await db.exec(
    `create schema if not exists ${MAILING_SCHEMA}; set search_path to ${MAILING_SCHEMA}`,
  );
  return { db, owned: true };
}

export async function startMailingListService(
  options: StartMailingListServiceOptions = {},
): Promise<MailingListService> {
  const logger: Logger = options.logger ?? appLogger.child({ service: 'mailing-list' });
  const { db, owned } = await openStore(options, logger);
  const store: MailingListHealth['store'] = db.kind;
  let status: MailingListHealth['status'] = 'ok';
  let closed = false;
  const closeStore = () => (owned ? db.close() : Promise.resolve());

  let server: ListeningService | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    // A store handed in with another search path would mix these tables into another schema.
    const [{ schema }] = await db.query<{ schema: string | null }>(
      'select current_schema() as schema',
    );
    if (schema !== MAILING_SCHEMA) {
      throw new Error(
        `The mailing-list store must run in schema '${MAILING_SCHEMA}' (it runs in '${schema}').`,
      );
    }
    const applied = await migrateMailingList(db);
    if (applied.length) logger.info({ applied }, 'mailing-list migrations applied');

    const handler = createRequestHandler({
      db,
      logger,
      store,
      onStoreState(ok) {
        if (!closed) status = ok ? 'ok' : 'down';
      },
      apiKey: options.apiKey ?? null,
      lists: options.lists ?? (() => ANY_LIST),
    });
    server = await listenService(handler, options);
    const listening = server;

    timer = setInterval(() => {
      db.query('select 1').then(
        () => {
          if (!closed) status = 'ok';
        },
        (error: unknown) => {
          if (!closed && status === 'ok') logger.warn({ err: error }, 'mailing-list store is down');
          if (!closed) status = 'down';
        },
      );
    }, options.healthIntervalMs ?? 15_000);
    timer.unref();

    return {
      url: listening.url,
      port: listening.port,
      health: () => ({ status, store }),
      db,
      async close() {
        if (closed) return;
        closed = true;
        status = 'down';
        clearInterval(timer);
        await listening.close();
        await closeStore();
      },
    };
  } catch (error) {
    clearInterval(timer);
    await server?.close();
    await closeStore().catch(() => undefined);
    throw error;
  }
}
