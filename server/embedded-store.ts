/**
 * The site's one embedded PGlite database (no DATABASE_URL): where it lives, and its first
 * preparation in a process of its own.
 *
 * Creating a PGlite data folder (PostgreSQL's initdb inside WebAssembly) and seeding the demo data
 * take the process to ~780 MB resident, and none of it comes back: the WebAssembly memory of the
 * instance that did it is freed only once the instance is collected, and even then the C library
 * keeps the freed pages for the process. A first start that did this work in the serving process
 * rested at 500–550 MB; the same process opening a prepared folder rests at ~370 MB. So on a fresh
 * folder the site first runs a short-lived child process (this same entry, with
 * PREPARE_EMBEDDED_DB_ENV set) that creates the folder, applies every store's migrations, seeds
 * the demo data and exits; the serving process then opens the folder as on any later start
 * (docs/decisions/0013-memory-footprint.md).
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { openSharedPglite } from '@common/db.server';
import { logger } from '@common/logger.server';
import { openSiteStore } from '~/lib/site-store/site-store.server';
import { prepareLoyaltyStore, type LoyaltyApp } from '../services/loyalty/index';
import { prepareMailingListStore } from '../services/mailing-list/index';

/** Set (to the database folder) in the environment of the child process that prepares it. */
export const PREPARE_EMBEDDED_DB_ENV = 'SITE_PREPARE_EMBEDDED_DB';

/** The embedded database's folder in a data folder. */
export function embeddedDbDir(dataDir: string): string {
  return path.resolve(dataDir, 'db');
}

/** True when the folder holds no PostgreSQL cluster yet (a first start). */
export function needsPreparing(dir: string): boolean {
  return !fs.existsSync(path.join(dir, 'PG_VERSION'));
}

/**
 * Creates (or opens) the database, applies the migrations of the stores that share it (the
 * reference loyalty service in `public`, the mailing list in `mailing`, the site store in
 * `site`), seeds the loyalty apps that have no data yet, and closes it.
 */
export async function prepareEmbeddedDb(dir: string, apps: LoyaltyApp[]): Promise<void> {
  const started = performance.now();
  const db = await openSharedPglite(dir);
  try {
    const seeded = await prepareLoyaltyStore(db.schema('public'), apps);
    await prepareMailingListStore(db.schema('mailing'));
    await openSiteStore({ shared: db.schema('site') });
    logger.info(
      {
        seeded: seeded.filter((s) => s.seeded).map((s) => s.appId),
        ms: Math.round(performance.now() - started),
      },
      'embedded database prepared',
    );
  } finally {
    await db.close();
  }
}

/**
 * Runs the entry script again (same Node options, same environment plus PREPARE_EMBEDDED_DB_ENV)
 * and waits for it to prepare `dir` and exit. Rejects when it fails; its own output says why.
 */
export function prepareEmbeddedDbInChild(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1], process.argv.slice(2), {
      env: { ...process.env, [PREPARE_EMBEDDED_DB_ENV]: dir },
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(new Error(`preparing the embedded database failed (${signal ?? `exit ${code}`})`));
    });
  });
}
