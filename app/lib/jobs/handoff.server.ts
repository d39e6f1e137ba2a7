/**
 * `npm run jobs` beside a running site on the embedded database (docs/decisions/0038-job-runner.md):
 * only one process may open that folder, so the command hands its run to the site process that
 * has it open instead of being refused. It writes a request file in `<dir>/jobs-requests/` and
 * signals the site (SIGUSR2, whose process id the folder's lock holds); the site runs the request
 * with its own queue and writes a report file, which the command prints. Nothing listens on the
 * network: only a process of the same user can write the folder and signal the site.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const REQUESTS_DIR = 'jobs-requests';
export const HANDOFF_SIGNAL = 'SIGUSR2';
/** A request older than this is left unanswered (its command gave up waiting). */
export const HANDOFF_TIMEOUT_MS = 5 * 60_000;

const REQUEST_FILE = /^([0-9a-f-]{36})\.request\.json$/;

export interface JobsReport {
  /** Lines for standard output and standard error, and the exit code. */
  out: string;
  err: string;
  code: number;
}

function isReport(value: unknown): value is JobsReport {
  const r = value as JobsReport;
  return (
    !!r &&
    typeof r === 'object' &&
    typeof r.out === 'string' &&
    typeof r.err === 'string' &&
    Number.isInteger(r.code)
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The command's side: hands `request` to process `pid`, which has the folder `dbDir` open, and
 * waits for its report. Throws when the process is gone or does not answer in time.
 */
export async function requestFromSite(
  dbDir: string,
  pid: number,
  request: unknown,
  timeoutMs = HANDOFF_TIMEOUT_MS,
): Promise<JobsReport> {
  const dir = path.join(dbDir, REQUESTS_DIR);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const id = crypto.randomUUID();
  const requestFile = path.join(dir, `${id}.request.json`);
  const reportFile = path.join(dir, `${id}.report.json`);
  // Written whole, then renamed into place: the site never reads half a request.
  fs.writeFileSync(`${requestFile}.part`, JSON.stringify(request), { flag: 'wx', mode: 0o600 });
  fs.renameSync(`${requestFile}.part`, requestFile);
  try {
    process.kill(pid, HANDOFF_SIGNAL);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      await sleep(200);
      let text: string | null = null;
      try {
        text = fs.readFileSync(reportFile, 'utf8');
      } catch {
        // Not written yet.
      }
      if (text !== null) {
        fs.rmSync(reportFile, { force: true });
        const report: unknown = JSON.parse(text);
        if (!isReport(report)) throw new Error(`process ${pid} wrote a report this cannot read`);
        return report;
      }
      if (!alive(pid)) throw new Error(`process ${pid} ended before it answered`);
    }
    throw new Error(`process ${pid} did not answer within ${Math.round(timeoutMs / 1000)} s`);
  } finally {
    fs.rmSync(requestFile, { force: true });
  }
}

/**
 * The site's side: on the signal, answers each request file of `dbDir` with `handle`'s report,
 * one at a time. Returns the function that stops listening.
 */
export function serveSiteRequests(
  dbDir: string,
  handle: (request: unknown) => Promise<JobsReport>,
  onError: (error: unknown) => void = () => undefined,
): () => void {
  const dir = path.join(dbDir, REQUESTS_DIR);
  let chain: Promise<void> = Promise.resolve();

  const stale = (file: string) => {
    try {
      return Date.now() - fs.statSync(file).mtimeMs > HANDOFF_TIMEOUT_MS;
    } catch {
      return false;
    }
  };

  async function answerPending() {
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      return; // No request was ever made.
    }
    for (const name of names) {
      const file = path.join(dir, name);
      const id = REQUEST_FILE.exec(name)?.[1];
      if (!id) {
        // Reports nobody came for (their command gave up), and requests left half taken.
        if (stale(file)) fs.rmSync(file, { force: true });
        continue;
      }
      if (stale(file)) {
        fs.rmSync(file, { force: true });
        continue;
      }
      // Taken by renaming, so a second signal does not run it twice.
      const taken = `${file}.taken`;
      try {
        fs.renameSync(file, taken);
      } catch {
        continue; // Gone already: its command gave up.
      }
      let request: unknown = null;
      try {
        request = JSON.parse(fs.readFileSync(taken, 'utf8'));
      } catch {
        // Not JSON: `handle` refuses it, and the command hears so rather than waiting.
      }
      fs.rmSync(taken, { force: true });
      const report = await handle(request).catch(
        (error: unknown): JobsReport => ({
          out: '',
          err: `jobs: ${error instanceof Error ? error.message : String(error)}\n`,
          code: 1,
        }),
      );
      // Written whole, then renamed: the command never reads half a report.
      const part = path.join(dir, `${id}.report.part`);
      fs.writeFileSync(part, JSON.stringify(report), { mode: 0o600 });
      fs.renameSync(part, path.join(dir, `${id}.report.json`));
    }
  }

  const onSignal = () => {
    chain = chain.then(answerPending).catch(onError);
  };
  process.on(HANDOFF_SIGNAL, onSignal);
  return () => {
    process.off(HANDOFF_SIGNAL, onSignal);
  };
}
