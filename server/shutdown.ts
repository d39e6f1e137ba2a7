import type http from 'node:http';
import net from 'node:net';
import type { ServerBuild } from '@remix-run/node';
import { logger as sharedLogger } from '@common/logger.server';

/**
 * Clean shutdown on SIGTERM / SIGINT (a process manager stopping or replacing the site):
 *
 * 1. From the signal on, every answer not started yet says `Connection: close` and its
 *    connection ends after it, so keep-alive clients open a new connection elsewhere.
 * 2. The listening socket closes 250 ms later, after one more turn of the event loop: a process
 *    busy rendering may not yet have accepted every connection the kernel completed, and those
 *    left in the backlog would be reset with the socket (seen under load in e2e/ops/shutdown.spec.ts).
 * 3. Requests in flight are answered in full, and so are those of connections accepted before
 *    (their request may still be on its way). Keep-alive connections between two requests get
 *    `idleGraceMs` to send one more, answered too; then idle connections are closed, again
 *    every `idleSweepMs` for those whose answer was already on its way with keep-alive.
 * 4. When the last connection is gone, the steps run in order (watchers, client pools, stores,
 *    mail) and the process exits 0, or 1 when a step failed.
 * 5. Past `timeoutMs` in all, it exits 1 with a log line whatever is left.
 *
 * A second signal changes nothing: with Ctrl-C the terminal signals every process of the group
 * and scripts/start.mjs forwards the same signal, so the server often gets it twice.
 */
export interface ShutdownStep {
  name: string;
  run: () => unknown;
}

export interface ShutdownOptions {
  server: http.Server;
  steps: ShutdownStep[];
  /** Bound of the whole shutdown (ms), default 10 000. */
  timeoutMs?: number;
  /** How long a connection without a request may still send one (ms), default 1 000. */
  idleGraceMs?: number;
  /** Interval of the later sweeps of idle connections (ms), default 100. */
  idleSweepMs?: number;
  /** Signals that start it; default SIGTERM and SIGINT. Tests pass [] and call `shutdown`. */
  signals?: NodeJS.Signals[];
  /** Default process.exit. */
  exit?: (code: number) => void;
  logger?: Pick<typeof sharedLogger, 'info' | 'warn' | 'error'>;
}

export interface Shutdown {
  /** Starts the shutdown (once); resolves with the exit code after `exit` was called. */
  shutdown(reason: string): Promise<number>;
  /** True from the signal on. */
  readonly draining: boolean;
}

export function installShutdown(opts: ShutdownOptions): Shutdown {
  const {
    server,
    steps,
    timeoutMs = 10_000,
    idleGraceMs = 1_000,
    idleSweepMs = 100,
    signals = ['SIGTERM', 'SIGINT'],
    exit = (code: number) => process.exit(code),
    logger = sharedLogger,
  } = opts;
  const inFlight = new Set<http.ServerResponse>();
  let draining = false;
  let started: Promise<number> | null = null;

  // First of the 'request' listeners, before the app can write anything.
  server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (draining) res.shouldKeepAlive = false;
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });

  async function run(reason: string): Promise<number> {
    draining = true;
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      logger.error(
        { reason, inFlight: inFlight.size, timeoutMs },
        `shutdown did not finish within ${timeoutMs / 1000} s: exiting`,
      );
      server.closeAllConnections();
      exit(1);
    }, timeoutMs);
    logger.info(
      { reason, inFlight: inFlight.size },
      'shutting down: answering the requests in flight, accepting no new connections',
    );
    // Answers not begun yet end their connection (Node sends `Connection: close`).
    for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;

    await closeListener(server, idleGraceMs, idleSweepMs);
    if (timedOut) return 1;

    const code = await runSteps(steps, logger);
    if (timedOut) return 1;
    clearTimeout(deadline);
    logger.info({ reason, code }, code ? 'shut down with errors' : 'shut down cleanly');
    exit(code);
    return code;
  }

  const shutdown = (reason: string) => {
    if (!started) started = run(reason);
    else logger.info({ reason }, 'already shutting down');
    return started;
  };
  for (const signal of signals) process.on(signal, () => void shutdown(signal));

  return {
    shutdown,
    get draining() {
      return draining;
    },
  };
}

/**
 * Stops accepting connections and resolves once the last one has ended; idle keep-alive
 * connections are closed after `idleGraceMs`, then swept every `idleSweepMs`.
 */
async function closeListener(
  server: http.Server,
  idleGraceMs: number,
  idleSweepMs: number,
): Promise<void> {
  // The listener stays open a little longer (answers already say Connection: close): a busy
  // process may not have accepted every connection the kernel completed before the signal,
  // and closing the listener resets those still waiting in its backlog.
  await new Promise<void>((resolve) => setTimeout(resolve, 250));
  await new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
  const closed = new Promise<void>((resolve) => {
    // Not http.Server#close(): since Node 19 it first destroys every keep-alive connection
    // between two requests, and a client whose next request is already on its way would see
    // a reset. net.Server#close() only stops accepting; its callback runs once the last
    // connection has ended. Idle connections are closed after the grace below.
    net.Server.prototype.close.call(server, () => resolve());
  });
  let sweep: NodeJS.Timeout | undefined;
  const grace = setTimeout(() => {
    server.closeIdleConnections();
    sweep = setInterval(() => server.closeIdleConnections(), idleSweepMs);
  }, idleGraceMs);
  await closed;
  clearTimeout(grace);
  clearInterval(sweep);
}

/** Runs every closing step in order, each even after another failed; 1 when any failed. */
async function runSteps(
  steps: ShutdownStep[],
  logger: Pick<typeof sharedLogger, 'error'>,
): Promise<number> {
  let code = 0;
  for (const step of steps) {
    try {
      await step.run();
    } catch (error) {
      code = 1;
      logger.error({ err: error, step: step.name }, `shutdown: closing the ${step.name} failed`);
    }
  }
  return code;
}

/**
 * Closes the loyalty client's outbound pools. They live in the app bundle (undici pools per
 * origin, app/lib/loyalty/http.server.ts), so they are reached through the build's entry module,
 * which re-exports `closeLoyaltyPools`; a build without it has nothing to close here.
 */
export function loyaltyPoolsCloser(build: ServerBuild): () => Promise<void> {
  const entry = build.entry.module as { closeLoyaltyPools?: () => Promise<void> };
  return async () => {
    await entry.closeLoyaltyPools?.();
  };
}
