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
 *    busy rendering may not yet have accepted every connection the kernel completed before the
 *    signal, and those left in the backlog would be reset with the socket.
 * 3. Requests in flight are answered in full, and so are those of connections accepted before
 *    (their request may still be on its way). A connection that has sent nothing yet gets
 *    `firstRequestGraceMs` from when it was accepted (and at least from the signal) to send its
 *    first request; a keep-alive connection between two requests gets `idleGraceMs` from the
 *    signal to send one more. Past its grace a connection with nothing begun is closed.
 * 4. Those closings run on a sweep every `idleSweepMs`, each one in the check phase of a short
 *    loop turn, right after a poll phase that read what had arrived: a process that was busy for
 *    longer than a grace (a big page rendered while requests came in) reads the requests already
 *    in its sockets first, instead of closing connections under them (a reset for a request
 *    already sent).
 * 5. When the last connection is gone, the steps run in order (watchers, client pools, stores,
 *    mail) and the process exits 0, or 1 when a step failed.
 * 6. Past `timeoutMs` in all, it exits 1 with a log line whatever is left.
 *
 * A second signal changes nothing: with Ctrl-C the terminal signals every process of the group
 * and scripts/start.mjs forwards the same signal, so the server often gets it twice.
 * docs/reference/shell.md ("Stopping") says what an operator sees.
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
  /** How long after the signal a keep-alive connection may send one more request (ms), 1 000. */
  idleGraceMs?: number;
  /**
   * How long a new connection may take to send its first request (ms), default 1 500, counted
   * from its acceptance and at least from the signal.
   */
  firstRequestGraceMs?: number;
  /** Interval of the sweeps that close connections past their grace (ms), default 100. */
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
    firstRequestGraceMs = 1_500,
    idleSweepMs = 100,
    signals = ['SIGTERM', 'SIGINT'],
    exit = (code: number) => process.exit(code),
    logger = sharedLogger,
  } = opts;
  const inFlight = new Set<http.ServerResponse>();
  const connections = trackConnections(server);
  let draining = false;
  let started: Promise<number> | null = null;

  // First of the 'request' listeners, before the app can write anything.
  server.prependListener('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (draining) res.shouldKeepAlive = false;
    connections.requested(req.socket);
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

    await closeListener(server, connections, {
      signalledAt: Date.now(),
      idleGraceMs,
      firstRequestGraceMs,
      idleSweepMs,
    });
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

/** When each open connection was accepted, and whether a request came on it yet. */
interface ConnectionBook {
  requested(socket: net.Socket): void;
  /** Connections on which nothing at all has arrived yet, with when they were accepted. */
  silent(): [net.Socket, number][];
}

function trackConnections(server: http.Server): ConnectionBook {
  const open = new Map<net.Socket, { acceptedAt: number; requests: number }>();
  server.on('connection', (socket: net.Socket) => {
    open.set(socket, { acceptedAt: Date.now(), requests: 0 });
    socket.once('close', () => open.delete(socket));
  });
  return {
    requested(socket) {
      const facts = open.get(socket);
      if (facts) facts.requests++;
    },
    silent() {
      const found: [net.Socket, number][] = [];
      for (const [socket, facts] of open) {
        // A request begun but not complete (its headers on their way) is not silent.
        if (facts.requests === 0 && socket.bytesRead === 0 && !socket.destroyed) {
          found.push([socket, facts.acceptedAt]);
        }
      }
      return found;
    },
  };
}

/**
 * A loop turn shorter than this read everything that had arrived when it began: what comes
 * later was not yet sent when the process last looked.
 */
const QUIET_TURN_MS = 10;

/**
 * Runs `work` in the check phase of a loop turn that took less than QUIET_TURN_MS: its poll
 * phase read whatever had arrived on the sockets. After a busy turn (a page rendered in a poll
 * callback while requests arrived) it waits for one more turn instead.
 */
function afterQuietTurn(work: () => void) {
  let since = Date.now();
  const check = () => {
    const now = Date.now();
    if (now - since < QUIET_TURN_MS) return work();
    since = now;
    setImmediate(check);
  };
  setImmediate(check);
}

/** How long the listening socket stays open after the signal (step 2 of the module comment). */
const LISTEN_MS = 250;

interface DrainTimes {
  signalledAt: number;
  idleGraceMs: number;
  firstRequestGraceMs: number;
  idleSweepMs: number;
}

/**
 * Stops accepting connections and resolves once the last one has ended; a connection with no
 * request begun is closed past its grace (see the module comment).
 */
async function closeListener(
  server: http.Server,
  connections: ConnectionBook,
  times: DrainTimes,
): Promise<void> {
  const sweep = () => {
    const now = Date.now();
    // Node's own list: keep-alive connections between two requests (never one that has sent
    // nothing yet, nor one whose request has begun to arrive).
    if (now - times.signalledAt >= times.idleGraceMs) server.closeIdleConnections();
    for (const [socket, acceptedAt] of connections.silent()) {
      const from = Math.max(acceptedAt, times.signalledAt);
      if (now - from >= times.firstRequestGraceMs) socket.destroy();
    }
  };
  const sweeps = setInterval(() => afterQuietTurn(sweep), times.idleSweepMs);

  // The listener stays open a little longer (answers already say Connection: close): a busy
  // process may not have accepted every connection the kernel completed before the signal,
  // and closing the listener resets those still waiting in its backlog.
  await new Promise<void>((resolve) => setTimeout(resolve, LISTEN_MS));
  await new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));
  // Not http.Server#close(): since Node 19 it first destroys every keep-alive connection
  // between two requests, and a client whose next request is already on its way would see
  // a reset. net.Server#close() only stops accepting; its callback runs once the last
  // connection has ended.
  await new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
  clearInterval(sweeps);
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
