import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { E2E_PORT, E2E_SERVER_ENV } from '../../playwright.config';
import { SITE_SERVER_ARGS } from '../../scripts/site-client';
import { terminate, waitForHealth } from './site-process';

/**
 * Runs once before the specs and starts two site processes side by side (one core each, where
 * one after the other left a core idle for about 10 s):
 *
 * - the suite's site, on a fresh data folder (its first start creates the stores and seeds every
 *   demo brand), on E2E_PORT until the run ends (the teardown this returns stops it);
 * - a seeding site, stopped once its data folder is migrated and seeded: `startSiteProcess`
 *   copies that folder for a test's own site process. A fresh folder costs its process about 9 s
 *   of CPU (migrations, demo data, password hashes); a copy starts in about 3. The site seeds a
 *   brand the copy lacks (a test's own tenant file) at its start, as it would on any data folder.
 */
export default async function globalSetup() {
  const dir = process.env.E2E_SEEDED_DATA_DIR;
  if (!dir) throw new Error('playwright.config.ts names no E2E_SEEDED_DATA_DIR');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const healthUrl = `http://127.0.0.1:${E2E_PORT}/healthz`;
  // Another suite's site on this port would answer for ours.
  if (
    await fetch(healthUrl).then(
      () => true,
      () => false,
    )
  ) {
    throw new Error(`${healthUrl} already answers: another site uses port ${E2E_PORT}`);
  }
  const seedPort = E2E_PORT + 90;
  const seeding = start('seeding site', {
    PORT: String(seedPort),
    DATA_DIR: dir,
    LOG_LEVEL: 'warn',
    SESSION_SECRET: 'e2e-seeded-data-session-secret-0123456789abcdef',
  });
  // Its log is the suite's: warnings and errors on the terminal, as any test's output.
  const site = start('the suite’s site', E2E_SERVER_ENV, true);
  // Stopped by the teardown; killed if the runner itself ends first.
  const kill = () => site.child.kill('SIGKILL');
  process.once('exit', kill);
  const stopSite = async () => {
    process.off('exit', kill);
    await terminate(site.child);
  };
  try {
    await Promise.all([
      waitForHealth(healthUrl, 180_000, site.check),
      (async () => {
        await waitForHealth(`http://127.0.0.1:${seedPort}/healthz`, 180_000, seeding.check);
        // A clean stop closes the databases: the folder is then safe to copy.
        await terminate(seeding.child);
        if (seeding.child.exitCode !== 0) {
          throw new Error(`the seeding site stopped with ${seeding.child.exitCode}`);
        }
      })(),
    ]);
  } catch (error) {
    seeding.child.kill('SIGKILL');
    site.child.kill('SIGKILL');
    throw error;
  }
  return stopSite;
}

/** Spawns the built site; `check` throws once it has exited (with its error output). */
function start(
  name: string,
  env: Record<string, string>,
  showErrors = false,
): { child: ChildProcess; check: () => void } {
  const child = spawn(process.execPath, SITE_SERVER_ARGS, {
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString('utf8');
    if (showErrors) process.stderr.write(chunk);
  });
  return {
    child,
    check: () => {
      if (child.exitCode !== null) throw new Error(`${name} exited:\n${errors}`);
    },
  };
}
