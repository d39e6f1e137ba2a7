import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { SITE_SERVER_ARGS } from '../../scripts/site-client';

/**
 * A second site process for a test that must not share the suite's server (its own data folder,
 * its own limits, its logs read by the test): the built site on `port`, embedded services, the
 * repository's tenants and content.
 */
export interface SiteProcess {
  port: number;
  /** The process id (with WEB_CONCURRENCY above 1: the cluster's primary). */
  pid: number;
  /** Its data folder (the mail outbox is `<dataDir>/outbox`). */
  dataDir: string;
  /** Resolves with the exit code once the process has exited (null: killed by a signal). */
  exited: Promise<number | null>;
  /** Every log line the process printed (JSON lines from pino, and its start-up text). */
  logs: string[];
  /** Log lines at level error (50) or fatal (60). */
  errorLogs(): string[];
  stop(): Promise<void>;
}

export async function startSiteProcess(opts: {
  port: number;
  name: string;
  env?: Record<string, string>;
  /** How long start-up may take (a fresh data folder seeds every brand). */
  timeoutMs?: number;
  /**
   * Start from a copy of the suite's seeded data folder (e2e/kit/global-setup.ts; the default)
   * or from an empty one, as a first start does.
   */
  seeded?: boolean;
}): Promise<SiteProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `e2e-${opts.name}-`));
  const seededDir = process.env.E2E_SEEDED_DATA_DIR;
  if (opts.seeded !== false && seededDir) fs.cpSync(seededDir, dataDir, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, SITE_SERVER_ARGS, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: `e2e-${opts.name}-session-secret-0123456789abcdef`,
      BOT_CHECK_MIN_FILL_MS: '0',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const collect = (stream: NodeJS.ReadableStream | null) => {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      logs.push(...lines.filter(Boolean));
    });
  };
  collect(child.stdout);
  collect(child.stderr);
  let exited = false;
  const exitCode = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exited = true;
      resolve(code);
    }),
  );

  const stop = async () => {
    if (!exited) await terminate(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(`http://127.0.0.1:${opts.port}/healthz`, opts.timeoutMs ?? 120_000, () => {
      if (exited) throw new Error(`the ${opts.name} site exited at start-up:\n${logs.join('\n')}`);
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    port: opts.port,
    pid: child.pid!,
    dataDir,
    exited: exitCode,
    logs,
    errorLogs: () => logs.filter((line) => /"level":(50|60)\b/.test(line)),
    stop,
  };
}

/** A reference outside service run alone (`npm run adviewer`, `npm run mailing-list`). */
export interface ServiceProcess {
  url: string;
  logs: string[];
  stop(): Promise<void>;
}

/**
 * Starts `services/<name>/main.ts` as its own process on `port` (its env names the port: e.g.
 * ADVIEWER_PORT) and waits for its /healthz.
 */
export async function startServiceProcess(opts: {
  name: string;
  env: Record<string, string>;
  port: number;
  timeoutMs?: number;
}): Promise<ServiceProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', `services/${opts.name}/main.ts`],
    {
      env: { ...process.env, LOG_LEVEL: 'warn', ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const logs: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString('utf8')));
  let exited = false;
  child.on('exit', () => (exited = true));
  const stop = async () => {
    if (!exited) await terminate(child);
  };
  const url = `http://127.0.0.1:${opts.port}`;
  try {
    await waitForHealth(`${url}/healthz`, opts.timeoutMs ?? 60_000, () => {
      if (exited) throw new Error(`${opts.name} exited at start-up:\n${logs.join('')}`);
    });
  } catch (error) {
    await stop();
    throw new Error(`${opts.name} did not start:\n${logs.join('')}`, { cause: error });
  }
  return { url, logs, stop };
}

/** SIGTERM, then SIGKILL when the process has not exited within 10 s. */
export async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  try {
    await once(child, 'exit', { signal: AbortSignal.timeout(10_000) });
  } catch {
    child.kill('SIGKILL');
  }
}

/**
 * Resolves once `url` answers 2xx, asking again every 250 ms; `check` runs before each attempt
 * and throws to give up at once (the process exited).
 */
export async function waitForHealth(url: string, timeout: number, check: () => void = () => {}) {
  await expect
    .poll(
      async () => {
        check();
        return fetch(url).then(
          (res) => res.ok,
          () => false, // not listening yet
        );
      },
      { timeout, intervals: [250], message: `${url} answers` },
    )
    .toBe(true);
}
