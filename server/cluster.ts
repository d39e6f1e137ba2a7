import type { EventEmitter } from 'node:events';
import { logger as sharedLogger } from '@common/logger.server';
import type { SharedServices } from './reference-services';
import type { ShutdownStep } from './shutdown';

/**
 * Several site processes on one machine (`WEB_CONCURRENCY`, decision 0019): server.ts's primary
 * runs the reference services once and forks that many workers with node:cluster, each one the
 * whole site (Express, Remix, its own request gate, page cache and metrics) on the shared port.
 * This module holds the primary's parts that do not depend on the site: reading the setting,
 * handing the services' addresses to the workers, restarting a worker that dies (with a backoff),
 * and stopping them all on SIGTERM / SIGINT.
 */

export const MAX_WEB_CONCURRENCY = 64;

/** A setting the cluster cannot start with; its message is one line for the operator. */
export class ClusterConfigError extends Error {
  name = 'ClusterConfigError';
}

/** How many site processes to run: WEB_CONCURRENCY, default 1 (one process, no primary). */
export function webConcurrency(source: Record<string, string | undefined>): number {
  const raw = source.WEB_CONCURRENCY?.trim();
  if (!raw) return 1;
  const n = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= MAX_WEB_CONCURRENCY)) {
    throw new ClusterConfigError(
      `Invalid environment: WEB_CONCURRENCY must be a whole number from 1 to ${MAX_WEB_CONCURRENCY}`,
    );
  }
  return n;
}

/**
 * Several processes must share sessions, reset tokens and rate-limit counters, which only
 * PostgreSQL can hold for them: the embedded PGlite database is one process's folder.
 */
export function assertSharedDatabase(workers: number, databaseUrl: string | undefined): void {
  if (workers > 1 && !databaseUrl) {
    throw new ClusterConfigError(
      `WEB_CONCURRENCY=${workers} needs DATABASE_URL (PostgreSQL): the embedded database is one process's, and the processes must share sessions, reset tokens and login limits`,
    );
  }
}

/** The variable the primary hands the reference services' addresses to its workers in. */
export const SHARED_SERVICES_ENV = 'SITE_SHARED_SERVICES';

export function encodeSharedServices(shared: SharedServices): string {
  return JSON.stringify(shared);
}

/** The services a worker's primary runs; throws when the primary gave none (a bug, not a setting). */
export function decodeSharedServices(source: Record<string, string | undefined>): SharedServices {
  const raw = source[SHARED_SERVICES_ENV];
  if (!raw) throw new Error(`${SHARED_SERVICES_ENV} is missing: a site worker needs its primary`);
  const value = JSON.parse(raw) as SharedServices;
  if (typeof value.adviewer !== 'string' || typeof value.mailingList !== 'string') {
    throw new Error(`${SHARED_SERVICES_ENV} does not name the reference services`);
  }
  return value;
}

/**
 * The wait before a dead worker's replacement starts: 1 s after a worker that had run for a
 * while, then doubled for each further death soon after a start (2, 4, 8, 16 s), at most 30 s.
 * A worker that dies at every start (a database that went away, a bad deploy) is retried twice a
 * minute instead of in a tight loop that would flood the log and starve the other workers.
 */
export function restartDelayMs(crashes: number, baseMs = 1000, maxMs = 30_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, crashes - 1));
}

/** What the supervisor needs of a cluster worker (node:cluster's Worker has it). */
export interface WorkerLike extends EventEmitter {
  process: { pid?: number; kill(signal?: NodeJS.Signals): boolean };
}

export interface SupervisorOptions {
  count: number;
  /** Starts one worker (`cluster.fork(env)`). */
  fork: () => WorkerLike;
  /** Called once, when the first worker listens (the site is up). */
  onReady?: (address: { address?: string | null; port?: number }) => void;
  /**
   * Called once when a worker exits before any worker came up: the start failed (the worker has
   * said why), and retrying would only repeat it.
   */
  onStartFailed?: (code: number | null) => void;
  /** A worker alive this long (ms) counts as having run well: its death restarts the backoff. */
  stableMs?: number;
  /** How long `stop` waits for the workers (each bounds its own shutdown to 10 s) before SIGKILL. */
  stopTimeoutMs?: number;
  restartDelay?: (crashes: number) => number;
  now?: () => number;
  logger?: Pick<typeof sharedLogger, 'info' | 'warn' | 'error'>;
}

export interface Supervisor {
  /** Live workers' process ids. */
  pids(): number[];
  /**
   * SIGTERM to every worker (each shuts down as server/shutdown.ts says), no more restarts;
   * resolves 0 when every worker exited 0, else 1 (a worker killed after `stopTimeoutMs`).
   */
  stop(reason: string): Promise<number>;
}

interface Slot {
  worker: WorkerLike | null;
  startedAt: number;
  crashes: number;
  timer?: NodeJS.Timeout;
}

export function superviseWorkers(opts: SupervisorOptions): Supervisor {
  const {
    stableMs = 60_000,
    stopTimeoutMs = 15_000,
    restartDelay = restartDelayMs,
    now = Date.now,
    logger = sharedLogger,
  } = opts;
  const slots: Slot[] = Array.from({ length: opts.count }, () => ({
    worker: null,
    startedAt: 0,
    crashes: 0,
  }));
  let up = false;
  let startFailed = false;
  let stopping: Promise<number> | null = null;
  let cleanStop = true;
  let allExited: (() => void) | null = null;

  const live = () => slots.filter((s) => s.worker !== null);

  function start(slot: Slot) {
    const worker = opts.fork();
    slot.worker = worker;
    slot.startedAt = now();
    worker.once('listening', (address: { address?: string | null; port?: number }) => {
      if (up) return;
      up = true;
      opts.onReady?.(address);
    });
    worker.once('exit', (code: number | null, signal: NodeJS.Signals | null) =>
      exited(slot, worker, code, signal),
    );
  }

  function exited(slot: Slot, worker: WorkerLike, code: number | null, signal: string | null) {
    slot.worker = null;
    const pid = worker.process.pid;
    if (stopping) {
      // Killed by the stop's own signal before it listened (no shutdown handler yet): clean too.
      const clean = code === 0 || (code === null && (signal === 'SIGTERM' || signal === 'SIGINT'));
      if (!clean) cleanStop = false;
      if (live().length === 0) allExited?.();
      return;
    }
    if (!up) {
      logger.error({ pid, code, signal }, 'a site worker exited before the site came up');
      if (!startFailed) {
        startFailed = true;
        opts.onStartFailed?.(code);
      }
      return;
    }
    slot.crashes = now() - slot.startedAt >= stableMs ? 1 : slot.crashes + 1;
    const delay = restartDelay(slot.crashes);
    logger.error(
      { pid, code, signal, restartInMs: delay },
      `site worker exited: starting another in ${delay / 1000} s`,
    );
    slot.timer = setTimeout(() => {
      slot.timer = undefined;
      if (!stopping) start(slot);
    }, delay);
  }

  async function stopAll(reason: string): Promise<number> {
    for (const slot of slots) {
      clearTimeout(slot.timer);
      slot.timer = undefined;
    }
    const running = live();
    logger.info({ reason, workers: running.length }, 'stopping the site workers');
    if (running.length === 0) return 0;
    const done = new Promise<void>((resolve) => (allExited = resolve));
    for (const slot of running) slot.worker!.process.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const timedOut = await Promise.race([
      done.then(() => false),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), stopTimeoutMs))),
    ]);
    clearTimeout(timer);
    if (timedOut) {
      const left = live();
      logger.error(
        { workers: left.map((s) => s.worker!.process.pid) },
        `site workers still running after ${stopTimeoutMs / 1000} s: killing them`,
      );
      for (const slot of left) slot.worker!.process.kill('SIGKILL');
      await done;
      return 1;
    }
    return cleanStop ? 0 : 1;
  }

  for (const slot of slots) start(slot);

  return {
    pids: () => live().flatMap((s) => (s.worker!.process.pid ? [s.worker!.process.pid] : [])),
    stop(reason) {
      stopping ??= stopAll(reason);
      return stopping;
    },
  };
}

/**
 * The primary's SIGTERM / SIGINT: stop the workers (each answers what it was asked, then exits),
 * then close what the primary runs (steps, in order), then exit 0, or 1 when a worker or a step
 * failed. A second signal changes nothing (Ctrl-C signals the workers and the primary alike).
 */
export function installPrimaryShutdown(opts: {
  supervisor: Supervisor;
  steps: ShutdownStep[];
  signals?: NodeJS.Signals[];
  exit?: (code: number) => void;
  logger?: Pick<typeof sharedLogger, 'info' | 'warn' | 'error'>;
}): { shutdown(reason: string, code?: number): Promise<number> } {
  const {
    supervisor,
    steps,
    signals = ['SIGTERM', 'SIGINT'],
    exit = (code: number) => process.exit(code),
    logger = sharedLogger,
  } = opts;
  let started: Promise<number> | null = null;
  async function run(reason: string, failed: number): Promise<number> {
    let code = Math.max(failed, await supervisor.stop(reason));
    for (const step of steps) {
      try {
        await step.run();
      } catch (error) {
        code = 1;
        logger.error({ err: error, step: step.name }, `shutdown: closing the ${step.name} failed`);
      }
    }
    logger.info({ reason, code }, code ? 'shut down with errors' : 'shut down cleanly');
    exit(code);
    return code;
  }
  const shutdown = (reason: string, code = 0) => {
    if (!started) started = run(reason, code);
    else logger.info({ reason }, 'already shutting down');
    return started;
  };
  for (const signal of signals) process.on(signal, () => void shutdown(signal));
  return { shutdown };
}
