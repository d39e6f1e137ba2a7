/**
 * One run of `npm run jobs`: what is due is enqueued and worked until no job is ready, or the
 * failed jobs are listed. The command runs it in its own process, or hands it to the site process
 * that has the embedded database open (~/lib/jobs/handoff.server.ts), which runs it here with its
 * own queue.
 */
import { recentFailures, type PgBoss } from '~/lib/jobs/boss.server';
import type { JobsReport } from '~/lib/jobs/handoff.server';
import type { Tenant } from '~/lib/tenant/schema';
import type { ReminderDeps } from './digest.server';
import {
  drainReminders,
  enqueueDue,
  ensureReminderQueues,
  RUN_NOW_SLOT_SECONDS,
  RUN_SLOT_SECONDS,
} from './runner.server';

export interface JobsRequest {
  /** Every brand (or `brand`), whatever the hour. */
  now: boolean;
  brand: string | null;
  /** List the jobs that failed for good instead. */
  failures: boolean;
}

/** A request read from a file another process wrote: null unless it has exactly this shape. */
export function parseJobsRequest(value: unknown): JobsRequest | null {
  if (!value || typeof value !== 'object') return null;
  const { now, brand, failures } = value as Record<string, unknown>;
  if (typeof now !== 'boolean' || typeof failures !== 'boolean') return null;
  if (brand !== null && (typeof brand !== 'string' || brand.length > 100)) return null;
  return { now, brand, failures };
}

/** The jobs that failed for good (retries used up), newest first. */
export async function listFailures(boss: PgBoss): Promise<JobsReport> {
  const failed = await recentFailures(boss);
  const lines = failed.map(
    (f) =>
      `${f.failedAt.toISOString()}  ${f.queue}  ${JSON.stringify(f.data)}  after ${f.retries} retries: ${f.error}\n`,
  );
  return { out: failed.length ? lines.join('') : 'No failed jobs.\n', err: '', code: 0 };
}

export async function runJobsOnce(
  boss: PgBoss,
  deps: ReminderDeps,
  tenants: Tenant[],
  request: JobsRequest,
): Promise<JobsReport> {
  if (request.failures) return listFailures(boss);
  if (request.brand && !tenants.some((t) => t.sitePath === request.brand)) {
    return { out: '', err: `jobs: no brand "${request.brand}"\n`, code: 1 };
  }
  await ensureReminderQueues(boss);
  const slotSeconds = request.now ? RUN_NOW_SLOT_SECONDS : RUN_SLOT_SECONDS;
  const { due, alreadyRun } = await enqueueDue(boss, tenants, deps.now(), {
    force: request.now,
    brand: request.brand ?? undefined,
    slotSeconds,
  });
  const result = await drainReminders(boss, deps);
  const dueText = due.length ? `due: ${due.join(', ')}` : 'no brand due now';
  // A brand runs once a slot, however many copies enqueue it: say so rather than a bare 0.
  const slot = slotSeconds >= 3600 ? 'this hour' : `the last ${slotSeconds / 60} minutes`;
  const ran = alreadyRun.length ? `; already run ${slot}: ${alreadyRun.join(', ')}` : '';
  return {
    out: `jobs: ${dueText}; ${result.completed} jobs done, ${result.failed.length} failed${ran}\n`,
    err: result.failed
      .map((f) => `jobs: FAILED ${f.queue} ${f.id}: ${f.error} (retried later)\n`)
      .join(''),
    code: result.failed.length ? 1 : 0,
  };
}
