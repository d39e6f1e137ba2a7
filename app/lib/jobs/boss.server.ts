/**
 * The job runner (docs/decisions/0038-job-runner.md): pg-boss keeps its queues in the PostgreSQL
 * schema `pgboss` of the site's database. On PostgreSQL (DATABASE_URL) it has a small pool of its
 * own; on the embedded default it runs its SQL through the site store's PGlite connection, so the
 * same job code runs in both.
 */
import PgBoss from 'pg-boss';
import type { SiteStore } from '~/lib/site-store/site-store.server';

export type { PgBoss };
export type Job<T = unknown> = PgBoss.Job<T>;

export const JOB_SCHEMA = 'pgboss';

/**
 * pg-boss's `db` option over a site store: a statement with parameters through `query`; the
 * parameterless SQL it installs and migrates with holds several statements (a `begin … commit`
 * block under an advisory lock), which PGlite's extended protocol refuses, so that goes through
 * `exec`. A single parameterless statement still returns its rows through `query`.
 */
export function storeExecutor(store: Pick<SiteStore, 'query' | 'exec'>) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length) return { rows: await store.query(text, values) };
      try {
        return { rows: await store.query(text) };
      } catch (error) {
        if (!/multiple commands/i.test((error as Error).message)) throw error;
        await store.exec(text);
        return { rows: [] };
      }
    },
  };
}

export interface OpenBossOptions {
  /** `postgres://…`: pg-boss's own pool there. */
  databaseUrl?: string;
  /** Otherwise: the embedded site store's connection. */
  store?: SiteStore;
  /** Errors pg-boss reports from its background work (maintenance, polling). */
  onError?: (error: Error) => void;
}

/** A started pg-boss (schema installed or migrated under its own advisory lock). */
export async function openBoss(options: OpenBossOptions): Promise<PgBoss> {
  const common = {
    schema: JOB_SCHEMA,
    // Schedules are not used: each process's tick enqueues what is due (../../reminders).
    schedule: false,
    supervise: true,
  };
  let boss: PgBoss;
  if (options.databaseUrl) {
    boss = new PgBoss({ ...common, connectionString: options.databaseUrl, max: 3 });
  } else if (options.store) {
    if (options.store.kind !== 'pglite')
      throw new Error('openBoss: a PostgreSQL store needs its URL');
    boss = new PgBoss({ ...common, db: storeExecutor(options.store) });
  } else {
    throw new Error('openBoss: give a database URL or the embedded store');
  }
  boss.on('error', (error) => options.onError?.(error));
  await boss.start();
  return boss;
}

/** A queue's settings, as pg-boss's `createQueue` takes them. */
export interface QueueSettings {
  policy: 'standard' | 'short' | 'singleton' | 'stately';
  retryLimit?: number;
  retryDelay?: number;
  retryBackoff?: boolean;
  expireInSeconds?: number;
  retentionMinutes?: number;
}

/**
 * Creates a queue when it is missing, safe from several processes at once. pg-boss's own
 * `createQueue` is not: on a new database two processes creating the same queue deadlock (one
 * waits on the other's new `queue` row while holding the lock the other's foreign key needs).
 * Here the creation runs under the advisory lock pg-boss installs and migrates under, in the one
 * transaction of a multi-statement query: a second process waits, then finds the queue and
 * changes nothing.
 */
export async function createQueueOnce(
  boss: PgBoss,
  name: string,
  settings: QueueSettings,
): Promise<void> {
  if (await boss.getQueue(name)) return;
  const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const lockKey = literal(`.pgboss.${JOB_SCHEMA}`);
  // No parameters (an empty list): the simple protocol, which runs several statements as one
  // transaction, so the transaction's advisory lock is held until the queue is made.
  await boss.getDb().executeSql(
    `SELECT pg_advisory_xact_lock(
       ('x' || encode(sha224((current_database() || ${lockKey})::bytea), 'hex'))::bit(64)::bigint);
     SELECT ${JOB_SCHEMA}.create_queue(${literal(name)}, ${literal(JSON.stringify(settings))}::json)`,
    [],
  );
}

export interface FailedJob {
  id: string;
  queue: string;
  data: unknown;
  error: string;
  retries: number;
  failedAt: Date;
}

/** The most recent jobs that failed for good (retries used up), newest first. */
export async function recentFailures(boss: PgBoss, limit = 20): Promise<FailedJob[]> {
  const { rows } = (await boss.getDb().executeSql(
    `select id, name, data, output, retry_count, completed_on from ${JOB_SCHEMA}.job
     where state = 'failed'
     union all
     select id, name, data, output, retry_count, completed_on from ${JOB_SCHEMA}.archive
     where state = 'failed'
     order by completed_on desc limit $1`,
    [limit],
  )) as { rows: Array<Record<string, unknown>> };
  return rows.map((r) => ({
    id: String(r.id),
    queue: String(r.name),
    data: r.data,
    error: errorText(r.output),
    retries: Number(r.retry_count),
    failedAt: new Date(r.completed_on as string),
  }));
}

function errorText(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) {
    return String((output as { message: unknown }).message);
  }
  return output === null || output === undefined ? '' : JSON.stringify(output);
}
