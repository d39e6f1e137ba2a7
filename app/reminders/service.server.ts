/**
 * Wiring of the reminder jobs for a process: the site (its in-process worker) and `npm run jobs`
 * build the same dependencies here.
 */
import type { Env } from '~/lib/env.server';
import { openBoss, type PgBoss } from '~/lib/jobs/boss.server';
import type { EmbeddedLoyalty } from '~/lib/loyalty/credentials.server';
import { loyaltyClientFor } from '~/lib/loyalty/credentials.server';
import type { Mailer } from '~/lib/mail/mailer.server';
import type { SiteStore } from '~/lib/site-store/site-store.server';
import type { Tenant } from '~/lib/tenant/schema';
import type { ReminderDeps } from './digest.server';
import { startReminderWorker } from './runner.server';
import { runJobsOnce, type JobsRequest } from './run-once.server';
import type { JobsReport } from '~/lib/jobs/handoff.server';
import { logger } from '@common/logger.server';

export function reminderDeps(opts: {
  store: SiteStore;
  mailer: Pick<Mailer, 'send'>;
  secret: string;
  tenants: () => Tenant[];
  env: Pick<Env, 'LOYALTY_API_URL'>;
  embedded: EmbeddedLoyalty | null;
  now?: () => Date;
}): ReminderDeps {
  return {
    store: opts.store,
    mailer: opts.mailer,
    secret: opts.secret,
    tenant: (brand) => opts.tenants().find((t) => t.sitePath === brand) ?? null,
    loyalty: (tenant) => loyaltyClientFor(tenant, opts.env, opts.embedded),
    now: opts.now ?? (() => new Date()),
  };
}

/** The queue on the site's database: PostgreSQL when DATABASE_URL is set, else the embedded store. */
export function openReminderBoss(
  env: Pick<Env, 'DATABASE_URL'>,
  store: SiteStore,
): Promise<PgBoss> {
  return openBoss({
    databaseUrl: env.DATABASE_URL,
    store: env.DATABASE_URL ? undefined : store,
    onError: (error) => logger.warn({ err: error }, 'job runner'),
  });
}

export interface SiteReminders {
  /** A run of `npm run jobs` handed to this process (~/lib/jobs/handoff.server.ts). */
  runOnce(request: JobsRequest): Promise<JobsReport>;
  stop(): Promise<void>;
}

/**
 * The site process's worker (unless JOBS_IN_PROCESS=off): several processes may each run one,
 * the queue hands each job to one of them. A run handed over by `npm run jobs` uses the worker's
 * queue, or one opened for it when there is no worker.
 */
export async function startSiteReminders(opts: {
  env: Pick<Env, 'DATABASE_URL' | 'LOYALTY_API_URL' | 'JOBS_IN_PROCESS' | 'JOBS_TICK_SECONDS'>;
  store: SiteStore;
  mailer: Mailer;
  secret: string;
  tenants: () => Tenant[];
  embedded: EmbeddedLoyalty | null;
}): Promise<SiteReminders> {
  const deps = reminderDeps({ ...opts, env: opts.env });
  let boss: Promise<PgBoss> | null = null;
  let stopWorker = async () => undefined as void;
  if (opts.env.JOBS_IN_PROCESS !== 'off') {
    const started = await openReminderBoss(opts.env, opts.store);
    boss = Promise.resolve(started);
    stopWorker = await startReminderWorker({
      boss: started,
      deps,
      tenants: opts.tenants,
      tickMs: opts.env.JOBS_TICK_SECONDS ? opts.env.JOBS_TICK_SECONDS * 1000 : undefined,
      pollSeconds: opts.env.JOBS_TICK_SECONDS ? Math.min(2, opts.env.JOBS_TICK_SECONDS) : 10,
    });
  }
  return {
    async runOnce(request) {
      boss ??= openReminderBoss(opts.env, opts.store).catch((error: unknown) => {
        boss = null;
        throw error;
      });
      return runJobsOnce(await boss, deps, opts.tenants(), request);
    },
    async stop() {
      if (opts.env.JOBS_IN_PROCESS !== 'off') return stopWorker();
      const opened = await boss?.catch(() => null);
      await opened?.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
