import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { SITE_SERVER_ARGS } from '../../scripts/site-client';
import { terminate, waitForHealth } from './site-process';

/**
 * Runs once before the specs: a data folder the built site has migrated and seeded (every demo
 * brand), which `startSiteProcess` copies for a test's own site process. A fresh folder costs
 * its process about 9 s of CPU (migrations, demo data, password hashes); a copy starts in about
 * 3. The site seeds a brand the copy lacks (a test's own tenant file) at its start, as it would
 * on any data folder.
 */
export default async function globalSetup() {
  const dir = process.env.E2E_SEEDED_DATA_DIR;
  if (!dir) throw new Error('playwright.config.ts names no E2E_SEEDED_DATA_DIR');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const port = Number(process.env.E2E_PORT ?? 4173) + 90;
  const child = spawn(process.execPath, SITE_SERVER_ARGS, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'e2e-seeded-data-session-secret-0123456789abcdef',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
  try {
    await waitForHealth(`http://127.0.0.1:${port}/healthz`, 180_000, () => {
      if (child.exitCode !== null) throw new Error(`the seeding site exited:\n${errors}`);
    });
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  // A clean stop closes the databases: the folder is then safe to copy.
  await terminate(child);
  if (child.exitCode !== 0) throw new Error(`the seeding site stopped with ${child.exitCode}`);
}
