/**
 * One process at a time on an embedded database folder. PGlite opens a folder that another
 * process has open without a word, and two processes writing one folder corrupt it: a second
 * `npm start`, or `npm run jobs` while the site runs. Opening a folder takes `<dir>/site.lock`
 * (created exclusively, holding the process id and the folder's absolute path); closing gives it
 * back.
 *
 * A lock left behind is taken over: its process is gone (a crash, a kill), or it names another
 * folder (the folder was copied, as the footprint test copies a seeded one). On Linux the process
 * must also still be a Node.js process, so a reused process id does not keep a folder locked.
 */
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'site.lock';

export class EmbeddedDbInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database ${dir} is open in process ${pid}: only one process may open it. ` +
        'Stop that process first, or set DATABASE_URL to share a PostgreSQL server.',
    );
    this.name = 'EmbeddedDbInUseError';
  }
}

function isNodeProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return /node/i.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    // No /proc (not Linux): the process is alive, which is all we can tell.
    return !fs.existsSync('/proc/self');
  }
}

/** Takes the folder's lock; returns its release. Throws EmbeddedDbInUseError when held. */
export function lockEmbeddedDb(dir: string): () => void {
  const absolute = path.resolve(dir);
  const file = path.join(absolute, LOCK_FILE);
  const mine = JSON.stringify({ pid: process.pid, dir: absolute });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, mine, { flag: 'wx', mode: 0o600 });
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8') === mine) fs.rmSync(file, { force: true });
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let held: { pid?: unknown; dir?: unknown } | null = null;
    try {
      held = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid?: unknown; dir?: unknown };
    } catch {
      // Unreadable or half written: taken over below.
    }
    const pid = typeof held?.pid === 'number' ? held.pid : null;
    if (pid === process.pid && held?.dir === absolute) {
      // This process has it open already (a second store of its own): nothing more to take.
      return () => undefined;
    }
    if (pid !== null && held?.dir === absolute && isNodeProcess(pid)) {
      throw new EmbeddedDbInUseError(absolute, pid);
    }
    fs.rmSync(file, { force: true });
  }
  throw new Error(`could not take the lock of the embedded database ${absolute}`);
}
