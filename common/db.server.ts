/**
 * The store behind the loyalty service: plain PostgreSQL SQL through a tiny interface with two
 * adapters, PGlite (an embedded PostgreSQL in a data folder, the default) and a `pg` pool (a real
 * PostgreSQL server, when a database URL is given). Both drivers are imported lazily so that code
 * which only needs types or constants does not load them.
 */
import fs from 'node:fs';
import { lockEmbeddedDb } from './pglite-lock.server';

export type Row = Record<string, unknown>;

export interface Db {
  readonly kind: 'pglite' | 'postgres';
  /** One statement with `$1…` parameters; resolves to the rows (empty for non-returning statements). */
  query<T = Row>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<R>(fn: (tx: Db) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** PGlite data folder; `memory://` (or undefined) keeps the database in memory. */
  dir?: string;
  /** `postgres://…`: use a real PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** Called with errors of idle pool clients (a server restart), which would otherwise crash. */
  onPoolError?: (error: Error) => void;
}

export async function openDb(options: OpenDbOptions): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options);
  return openPglite(options.dir);
}

/**
 * PostgreSQL settings of an embedded PGlite database. PostgreSQL's default 128 MB of shared
 * buffers is memory a WebAssembly instance takes and never gives back, for databases of a few
 * tens of MB: 16 MB keeps every hot page of the demo stores and much lowers an instance's
 * resident size (docs/decisions/0013-memory-footprint.md).
 */
export const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'temp_buffers=2MB'];

type PGliteInstance = import('@electric-sql/pglite').PGlite;
type Queryable = Pick<PGliteInstance, 'query' | 'exec'>;

/**
 * PGlite on a folder (or in memory), with the folder's lock held until `release`
 * (./pglite-lock.server.ts: one process at a time).
 */
async function startPglite(
  dir: string | undefined,
): Promise<{ pg: PGliteInstance; release: () => void }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const inMemory = !dir || dir.startsWith('memory://');
  let release = () => {};
  if (!inMemory) {
    fs.mkdirSync(dir, { recursive: true });
    release = lockEmbeddedDb(dir);
  }
  try {
    const options = { startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] };
    const pg = inMemory ? new PGlite(options) : new PGlite(dir, options);
    await pg.waitReady;
    return { pg, release };
  } catch (error) {
    release();
    throw error;
  }
}

/** A Db over PGlite's one connection (`q`: the instance, or a transaction of it). */
function pgliteDb(
  pg: PGliteInstance,
  q: Queryable,
  inTransaction: boolean,
  close: () => Promise<void>,
): Db {
  return {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      return (await q.query<T>(sql, params)).rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
    transaction<R>(fn: (tx: Db) => Promise<R>): Promise<R> {
      // PGlite has one connection: a nested call would wait for itself, so run it in place.
      if (inTransaction) return fn(pgliteDb(pg, q, true, close));
      return pg.transaction((tx) => fn(pgliteDb(pg, tx, true, close)));
    },
    close,
  };
}

async function openPglite(dir: string | undefined): Promise<Db> {
  const { pg, release } = await startPglite(dir);
  return pgliteDb(pg, pg, false, async () => {
    if (!pg.closed) await pg.close();
    release();
  });
}

/**
 * One embedded PGlite database for several stores, each in a PostgreSQL schema of its own: the
 * site's embedded defaults keep the reference loyalty service (`public`) and the site store
 * (`site`) in one instance, as they share one database on PostgreSQL. An instance costs a fixed
 * resident size whatever it holds, so one instead of two is the largest memory saving there is
 * (docs/decisions/0013-memory-footprint.md).
 */
export interface SharedPglite {
  /**
   * The store of one schema: each of its statements and transactions runs with the connection's
   * search path set to that schema, and alone (see openSharedPglite). Its `close` does nothing:
   * close the instance.
   */
  schema(name: string): Db;
  close(): Promise<void>;
}

/**
 * The shared instance's one connection takes one store's work at a time, in call order: before a
 * statement (or a whole transaction) of schema S, `set search_path to S` when the connection's path
 * is another, then the work itself. A store whose statements follow each other (a page's loyalty
 * queries) pays nothing more; a switch costs one short statement. Wrapping every statement of a
 * non-public schema in `begin; set local search_path; …; commit` instead cost three more round
 * trips into the WebAssembly instance per statement: the session read of every signed-in page cost
 * three times a plain query (the shared instance of docs/decisions/0013-memory-footprint.md).
 *
 * Work is queued here rather than on PGlite's own lock: a statement of one store must not run
 * between another store's switch and its statement. As with PGlite's own lock, a transaction's
 * callback must use the `tx` it is given: a statement through a store while its transaction is
 * open would wait for itself.
 */
export async function openSharedPglite(dir: string | undefined): Promise<SharedPglite> {
  const { pg, release } = await startPglite(dir);
  const keepOpen = async () => {};
  /** The connection's search path now; null when unknown (a switch failed). */
  let current: string | null = (await pg.query<{ search_path: string }>('show search_path')).rows[0]
    .search_path;
  let queue: Promise<unknown> = Promise.resolve();

  const inSchema = <R>(schema: string, work: () => Promise<R>): Promise<R> => {
    const run = async () => {
      if (current !== schema) {
        current = null;
        await pg.exec(`set search_path to ${schema}`);
        current = schema;
      }
      return work();
    };
    const result = queue.then(run, run);
    queue = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  };

  return {
    schema(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new TypeError(`bad schema name: ${name}`);
      return {
        kind: 'pglite',
        query: <T>(sql: string, params: unknown[] = []) =>
          inSchema(name, async () => (await pg.query<T>(sql, params)).rows),
        exec: (sql: string) => inSchema(name, async () => void (await pg.exec(sql))),
        transaction: <R>(fn: (tx: Db) => Promise<R>) =>
          inSchema(name, () => pg.transaction((tx) => fn(pgliteDb(pg, tx, true, keepOpen)))),
        close: keepOpen,
      };
    },
    async close() {
      // After the work already queued.
      await queue;
      if (!pg.closed) await pg.close();
      release();
    },
  };
}

async function openPostgres(options: OpenDbOptions): Promise<Db> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', (error) => options.onPoolError?.(error));
  // Fail at start-up, not at the first request, when the server cannot be reached.
  const probe = await pool.connect();
  probe.release();

  type Client = Pick<InstanceType<typeof pg.Pool>, 'query'>;
  const wrap = (client: Client, inTransaction: boolean): Db => ({
    kind: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await client.query(sql, params);
      return result.rows as T[];
    },
    async exec(sql: string) {
      await client.query(sql);
    },
    async transaction<R>(fn: (tx: Db) => Promise<R>): Promise<R> {
      if (inTransaction) return fn(wrap(client, true));
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        const result = await fn(wrap(conn, true));
        await conn.query('COMMIT');
        return result;
      } catch (error) {
        await conn.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        conn.release();
      }
    },
    async close() {
      await pool.end();
    },
  });
  return wrap(pool, false);
}

/** SQLSTATE of a database error, when there is one. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/**
 * True when an error means the store itself is unavailable (connection refused or lost, server
 * shutting down), as opposed to a statement that failed.
 */
export function isStoreDown(error: unknown): boolean {
  const state = sqlState(error);
  if (state) return state.startsWith('08') || state.startsWith('57P') || state.startsWith('53');
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return true; // ECONNREFUSED, ECONNRESET…
  const message = error instanceof Error ? error.message : String(error);
  return /closed|terminat|timeout|connect/i.test(message);
}
