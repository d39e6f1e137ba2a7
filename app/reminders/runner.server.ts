/**
 * The reminder queues on the job runner (app/lib/jobs): `reminders-brand` (one job per brand whose
 * send hour it is: it lists the brand's shoppers) fans out to `reminders-shopper` (one job per
 * shopper: their digest). pg-boss hands each job to one worker of one process and retries a
 * failed one; reminder_sent keeps each event mailed once whatever runs twice.
 */
import { logger } from '@common/logger.server';
import { createQueueOnce, type Job, type PgBoss } from '~/lib/jobs/boss.server';
import { isSendHour } from '~/lib/reminders/events';
import { pruneReminderEvents } from '~/lib/reminders/store.server';
import type { Tenant } from '~/lib/tenant/schema';
import { sendShopperDigest, shoppersToRemind, type ReminderDeps } from './digest.server';

export const BRAND_QUEUE = 'reminders-brand';
export const SHOPPER_QUEUE = 'reminders-shopper';

/**
 * A brand's run is one job per slot of this many seconds (pg-boss's throttle: one job per queue,
 * key and slot, whatever its state, on the database's clock), and so is each shopper's job of it.
 * The send hour is one hour of the brand's clock: however many processes enqueue it, and however
 * late in the hour, the brand runs once that day and each shopper's digest is worked once. A
 * worker ticking faster (JOBS_TICK_SECONDS, for tests) uses its tick as the slot.
 */
export const RUN_SLOT_SECONDS = 3600;

/**
 * The slot of an operator's `npm run jobs -- --now`: copies started together still make one run,
 * and the same command a few minutes later runs again (what was mailed is not mailed twice:
 * reminder_sent), where the hour's slot would have made it do nothing for the rest of the hour.
 */
export const RUN_NOW_SLOT_SECONDS = 300;

interface BrandJob {
  brand: string;
  /** The slot of the shopper jobs this run makes. */
  slotSeconds?: number;
}
interface ShopperJob {
  brand: string;
  shopperNo: string;
}

export interface RetryPolicy {
  /** Retries after the first attempt. Default 3. */
  retryLimit?: number;
  /** Seconds before the first retry (doubled each time). Default 60. */
  retryDelay?: number;
}

/** Creates the queues when missing (idempotent; safe from several processes at once). */
export async function ensureReminderQueues(boss: PgBoss, retry: RetryPolicy = {}): Promise<void> {
  const options = {
    retryLimit: retry.retryLimit ?? 3,
    retryDelay: retry.retryDelay ?? 60,
    retryBackoff: (retry.retryDelay ?? 60) > 0,
    expireInSeconds: 15 * 60,
  };
  // 'short': at most one waiting job per brand (or shopper), however many ticks or processes
  // enqueue it; a running or retried one does not block a new one (reminder_sent does).
  await createQueueOnce(boss, BRAND_QUEUE, { policy: 'short', ...options });
  await createQueueOnce(boss, SHOPPER_QUEUE, { policy: 'short', ...options });
}

/**
 * Enqueues the run of every brand whose send hour it is on its clock at `now` (with `force`:
 * every brand, whatever the hour); `brand` limits it to one. Returns the brands due, and those of
 * them whose run this slot had been enqueued already (by another process, or an earlier call).
 */
export async function enqueueDue(
  boss: PgBoss,
  tenants: Tenant[],
  now: Date,
  options: { force?: boolean; brand?: string; slotSeconds?: number } = {},
): Promise<{ due: string[]; alreadyRun: string[] }> {
  const slotSeconds = options.slotSeconds ?? RUN_SLOT_SECONDS;
  const due = tenants.filter(
    (t) =>
      t.services.loyalty &&
      (!options.brand || t.sitePath === options.brand) &&
      (options.force || isSendHour(now, t.reminders.timeZone, t.reminders.sendHour)),
  );
  const alreadyRun: string[] = [];
  for (const t of due) {
    const id = await boss.send(BRAND_QUEUE, { brand: t.sitePath, slotSeconds } satisfies BrandJob, {
      singletonKey: t.sitePath,
      singletonSeconds: slotSeconds,
    });
    if (!id) alreadyRun.push(t.sitePath);
  }
  return { due: due.map((t) => t.sitePath), alreadyRun };
}

async function runBrand(boss: PgBoss, deps: ReminderDeps, job: Job<BrandJob>): Promise<void> {
  await pruneReminderEvents(deps.store, job.data.brand);
  const shoppers = await shoppersToRemind(deps, job.data.brand);
  for (const shopperNo of shoppers) {
    await boss.send(SHOPPER_QUEUE, { brand: job.data.brand, shopperNo } satisfies ShopperJob, {
      singletonKey: `${job.data.brand}:${shopperNo}`,
      singletonSeconds: job.data.slotSeconds ?? RUN_SLOT_SECONDS,
    });
  }
}

async function runShopper(deps: ReminderDeps, job: Job<ShopperJob>): Promise<void> {
  const outcome = await sendShopperDigest(deps, job.data.brand, job.data.shopperNo);
  logger.info({ brand: job.data.brand, outcome }, 'reminder digest');
}

export interface DrainResult {
  completed: number;
  /** Attempts that threw (each is retried, or recorded as failed once its retries are used). */
  failed: Array<{ queue: string; id: string; error: string }>;
}

/**
 * Works the reminder queues in this process until no job is ready (`npm run jobs`): brand jobs
 * first, then the shopper jobs they made. A job another process holds is left to it; a retry
 * whose time has not come is left to the next run.
 */
export async function drainReminders(boss: PgBoss, deps: ReminderDeps): Promise<DrainResult> {
  const result: DrainResult = { completed: 0, failed: [] };
  for (;;) {
    let worked = 0;
    for (const queue of [BRAND_QUEUE, SHOPPER_QUEUE]) {
      const jobs = await boss.fetch<BrandJob & ShopperJob>(queue, { batchSize: 5 });
      for (const job of jobs) {
        worked++;
        try {
          if (queue === BRAND_QUEUE) await runBrand(boss, deps, job);
          else await runShopper(deps, job);
          await boss.complete(queue, job.id);
          result.completed++;
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          await boss.fail(queue, job.id, { message });
          result.failed.push({ queue, id: job.id, error: message });
        }
      }
    }
    if (worked === 0) return result;
  }
}

/**
 * The in-process worker of a site process: a tick (at start, then every `tickMs`) enqueues the
 * brands whose send hour it is, and pg-boss's workers run the jobs. Returns a stop function.
 */
export async function startReminderWorker(opts: {
  boss: PgBoss;
  deps: ReminderDeps;
  tenants: () => Tenant[];
  /** A fixed interval between ticks; unset: each hour, just after it starts. */
  tickMs?: number;
  pollSeconds?: number;
}): Promise<() => Promise<void>> {
  const { boss, deps } = opts;
  await ensureReminderQueues(boss);
  const pollingIntervalSeconds = opts.pollSeconds ?? 10;
  await boss.work<BrandJob>(BRAND_QUEUE, { pollingIntervalSeconds }, async ([job]) => {
    await runBrand(boss, deps, job!);
  });
  await boss.work<ShopperJob>(SHOPPER_QUEUE, { pollingIntervalSeconds }, async ([job]) => {
    await runShopper(deps, job!);
  });
  const slotSeconds = opts.tickMs ? Math.max(1, Math.round(opts.tickMs / 1000)) : RUN_SLOT_SECONDS;
  const tick = () =>
    void enqueueDue(boss, opts.tenants(), deps.now(), { slotSeconds }).catch((error: unknown) =>
      logger.warn({ err: error }, 'reminders: could not enqueue the due brands'),
    );
  tick();
  let timer: NodeJS.Timeout;
  const schedule = () => {
    // The next hour's first minute (a little spread, so processes do not all start at once).
    const now = Date.now();
    const wait = opts.tickMs ?? 3_600_000 - (now % 3_600_000) + 5_000 + Math.random() * 55_000;
    timer = setTimeout(() => {
      tick();
      schedule();
    }, wait);
    timer.unref();
  };
  schedule();
  return async () => {
    clearTimeout(timer);
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  };
}
