import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  assertSharedDatabase,
  ClusterConfigError,
  decodeSharedServices,
  encodeSharedServices,
  installPrimaryShutdown,
  restartDelayMs,
  SHARED_SERVICES_ENV,
  superviseWorkers,
  webConcurrency,
  type SupervisorOptions,
  type WorkerLike,
} from './cluster';

/**
 * The cluster primary's parts (server/cluster.ts) with fake workers: what WEB_CONCURRENCY
 * accepts, the restart backoff, start-up failure, and stopping every worker on a signal. The
 * real processes are in e2e/ops/several-processes.spec.ts.
 */

describe('WEB_CONCURRENCY', () => {
  it('is 1 when unset or empty, else a whole number from 1 to 64', () => {
    expect(webConcurrency({})).toBe(1);
    expect(webConcurrency({ WEB_CONCURRENCY: '' })).toBe(1);
    expect(webConcurrency({ WEB_CONCURRENCY: '3' })).toBe(3);
    expect(webConcurrency({ WEB_CONCURRENCY: ' 64 ' })).toBe(64);
    for (const bad of ['0', '65', '-2', '2.5', 'two', '1e1']) {
      expect(() => webConcurrency({ WEB_CONCURRENCY: bad }), bad).toThrow(
        'Invalid environment: WEB_CONCURRENCY must be a whole number from 1 to 64',
      );
    }
  });

  it('above 1 needs DATABASE_URL, in one line', () => {
    expect(() => assertSharedDatabase(1, undefined)).not.toThrow();
    expect(() => assertSharedDatabase(3, 'postgres://db/site')).not.toThrow();
    expect(() => assertSharedDatabase(3, undefined)).toThrow(ClusterConfigError);
    expect(() => assertSharedDatabase(3, undefined)).toThrow(
      /^WEB_CONCURRENCY=3 needs DATABASE_URL/,
    );
    try {
      assertSharedDatabase(2, undefined);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });
});

describe('the services handed to the workers', () => {
  it('go through the environment and back', () => {
    const shared = {
      loyalty: { url: 'http://127.0.0.1:4100', basic: 'site:pw', bearer: 'token' },
      adviewer: 'http://127.0.0.1:4200',
      mailingList: 'http://127.0.0.1:4300',
      sso: { url: 'http://127.0.0.1:4400', issuer: 'http://127.0.0.1:4400' },
    };
    const env = { [SHARED_SERVICES_ENV]: encodeSharedServices(shared) };
    expect(decodeSharedServices(env)).toEqual(shared);
    expect(() => decodeSharedServices({})).toThrow(/needs its primary/);
    expect(() => decodeSharedServices({ [SHARED_SERVICES_ENV]: '{}' })).toThrow(
      /does not name the reference services/,
    );
  });
});

describe('restart backoff', () => {
  it('waits 1 s, then doubles for each death soon after a start, at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => restartDelayMs(n))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

class FakeWorker extends EventEmitter implements WorkerLike {
  signals: string[] = [];
  process: WorkerLike['process'];
  constructor(pid: number) {
    super();
    this.process = {
      pid,
      kill: (signal?: NodeJS.Signals) => {
        this.signals.push(signal ?? 'SIGTERM');
        return true;
      },
    };
  }
  listen() {
    this.emit('listening', { address: '127.0.0.1', port: 3000 });
  }
  exit(code: number | null, signal: NodeJS.Signals | null = null) {
    this.emit('exit', code, signal);
  }
}

function setup(options: Partial<SupervisorOptions> = {}) {
  const workers: FakeWorker[] = [];
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const ready = vi.fn();
  const startFailed = vi.fn();
  const supervisor = superviseWorkers({
    count: 3,
    fork: () => {
      const w = new FakeWorker(1000 + workers.length);
      workers.push(w);
      return w;
    },
    onReady: ready,
    onStartFailed: startFailed,
    logger: log,
    ...options,
  });
  return { supervisor, workers, log, ready, startFailed };
}

describe('the supervisor', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts the workers, says once that the site is up, and lists their pids', () => {
    const { supervisor, workers, ready } = setup();
    expect(workers).toHaveLength(3);
    workers[1].listen();
    workers[0].listen();
    workers[2].listen();
    expect(ready).toHaveBeenCalledTimes(1);
    expect(ready).toHaveBeenCalledWith({ address: '127.0.0.1', port: 3000 });
    expect(supervisor.pids()).toEqual([1000, 1001, 1002]);
  });

  it('replaces a worker that dies, later each time it dies soon after its start', () => {
    vi.useFakeTimers();
    const { supervisor, workers, log } = setup();
    for (const w of workers) w.listen();
    // A worker that ran a long while: its replacement starts after 1 s.
    vi.advanceTimersByTime(120_000);
    workers[1].exit(1);
    expect(supervisor.pids()).toEqual([1000, 1002]);
    vi.advanceTimersByTime(999);
    expect(workers).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(workers).toHaveLength(4);
    expect(supervisor.pids()).toEqual([1000, 1003, 1002]);
    // The replacement dies at once, again and again: 2 s, 4 s, 8 s before the next start.
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const count = workers.length;
      workers[count - 1].exit(null, 'SIGSEGV');
      let waited = 0;
      while (workers.length === count) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([2000, 4000, 8000]);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ pid: 1001, code: 1, restartInMs: 1000 }),
      'site worker exited: starting another in 1 s',
    );
    // Once a replacement has run a minute, the next death waits 1 s again.
    vi.advanceTimersByTime(60_000);
    workers[workers.length - 1].exit(1);
    const count = workers.length;
    vi.advanceTimersByTime(1000);
    expect(workers).toHaveLength(count + 1);
  });

  it('gives up when a worker exits before any came up: the start failed', () => {
    vi.useFakeTimers();
    const { workers, startFailed } = setup();
    workers[0].exit(1);
    workers[1].exit(1);
    expect(startFailed).toHaveBeenCalledTimes(1);
    expect(startFailed).toHaveBeenCalledWith(1);
    vi.advanceTimersByTime(60_000);
    expect(workers).toHaveLength(3); // nothing restarted
  });

  it('stop: SIGTERM to every worker, no restart, 0 once all exited 0', async () => {
    vi.useFakeTimers();
    const { supervisor, workers } = setup();
    for (const w of workers) w.listen();
    vi.advanceTimersByTime(120_000);
    workers[2].exit(1); // its replacement is due in 1 s
    const stopped = supervisor.stop('SIGTERM');
    expect(supervisor.stop('SIGINT')).toBe(stopped);
    expect(workers[0].signals).toEqual(['SIGTERM']);
    expect(workers[1].signals).toEqual(['SIGTERM']);
    vi.advanceTimersByTime(5000);
    expect(workers).toHaveLength(3); // the pending restart was cancelled
    workers[0].exit(0);
    workers[1].exit(0);
    await expect(stopped).resolves.toBe(0);
  });

  it('stop: a worker stopped before it listened counts as clean; one that failed does not', async () => {
    const a = setup();
    const stoppedA = a.supervisor.stop('SIGTERM');
    a.workers[0].exit(null, 'SIGTERM');
    a.workers[1].exit(0);
    a.workers[2].exit(null, 'SIGINT');
    await expect(stoppedA).resolves.toBe(0);

    const b = setup();
    const stoppedB = b.supervisor.stop('SIGTERM');
    b.workers[0].exit(0);
    b.workers[1].exit(1);
    b.workers[2].exit(0);
    await expect(stoppedB).resolves.toBe(1);
  });

  it('stop: a worker still running after the bound is killed, and the answer is 1', async () => {
    vi.useFakeTimers();
    const { supervisor, workers, log } = setup({ stopTimeoutMs: 15_000 });
    const stopped = supervisor.stop('SIGTERM');
    workers[0].exit(0);
    workers[1].exit(0);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(workers[2].signals).toEqual(['SIGTERM', 'SIGKILL']);
    expect(log.error).toHaveBeenCalledWith(
      { workers: [1002] },
      'site workers still running after 15 s: killing them',
    );
    workers[2].exit(null, 'SIGKILL');
    await expect(stopped).resolves.toBe(1);
  });
});

describe('the primary on a signal', () => {
  it('stops the workers first, then closes its services in order, then exits', async () => {
    const events: string[] = [];
    const exits: number[] = [];
    const supervisor = {
      pids: () => [],
      stop: vi.fn(async (reason: string) => {
        events.push(`workers stopped (${reason})`);
        return 0;
      }),
    };
    const { shutdown } = installPrimaryShutdown({
      supervisor,
      signals: [],
      exit: (code) => exits.push(code),
      logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
      steps: [
        { name: 'loyalty service', run: () => void events.push('loyalty closed') },
        {
          name: 'ad viewer',
          run: () => {
            events.push('ad viewer failed');
            throw new Error('busy');
          },
        },
        { name: 'sso provider', run: () => void events.push('sso closed') },
      ],
    });
    const first = shutdown('SIGTERM');
    expect(shutdown('SIGINT')).toBe(first);
    await expect(first).resolves.toBe(1);
    expect(events).toEqual([
      'workers stopped (SIGTERM)',
      'loyalty closed',
      'ad viewer failed',
      'sso closed',
    ]);
    expect(supervisor.stop).toHaveBeenCalledTimes(1);
    expect(exits).toEqual([1]);
  });

  it('a failed start exits 1 even when every worker stopped cleanly', async () => {
    const exits: number[] = [];
    const { shutdown } = installPrimaryShutdown({
      supervisor: { pids: () => [], stop: async () => 0 },
      signals: [],
      exit: (code) => exits.push(code),
      logger: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
      steps: [],
    });
    await expect(shutdown('a worker failed to start', 1)).resolves.toBe(1);
    expect(exits).toEqual([1]);
  });
});
