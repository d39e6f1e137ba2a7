import { spawn } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { latestMailTo, readOutbox } from '../../test/outbox';
import { AVA } from '../../test/demo';
import { submitLogin } from '../kit/fixtures';
import { startSiteProcess, type SiteProcess } from '../kit/site-process';
import { dismissPopups, PORT } from '../kit/support';

/**
 * `npm run jobs` while the site runs on the embedded database (docs/reference/reminders.md): the
 * command cannot open the folder the site holds, so it hands its run to the site process, which
 * runs it with its own queue and reports back. The site here has no worker of its own
 * (JOBS_IN_PROCESS=off): a digest in the outbox can only come from the handed-over run.
 */
test.describe.configure({ mode: 'default' });

let site: SiteProcess;
const at = (path: string) => `http://dans.localhost:${site.port}${path}`;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  site = await startSiteProcess({
    port: PORT + 94,
    name: 'jobs-handoff',
    env: { JOBS_IN_PROCESS: 'off' },
  });
});
test.afterAll(async () => site?.stop());

function npmRunJobs(...args: string[]) {
  return new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/jobs.ts', ...args], {
      env: { ...process.env, DATA_DIR: site.dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => resolve({ code, out, err }));
  });
}

test('npm run jobs beside the running site hands its run over and mails the digest', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A shopper of a brand whose coupon reminders are on by default signs in: the site records them.
  await dismissPopups(page);
  await page.goto(at('/login?redirectTo=%2Faccount'));
  await submitLogin(page, AVA.email, AVA.password);
  await expect(page).toHaveURL(/\/account$/);
  const outbox = `${site.dataDir}/outbox`;
  const before = (await readOutbox(outbox)).length;

  const run = await npmRunJobs('--now', '--brand', 'dans');
  expect(run.err).toContain('has the embedded database open: the run is handed to it');
  expect(run.out).toMatch(/^jobs: due: dans; [1-9]\d* jobs done, 0 failed$/m);
  expect(run.code, run.err).toBe(0);
  const mail = await latestMailTo(outbox, AVA.email);
  expect(mail?.subject).toMatch(/^\d+ of your clipped coupons expires? in 3 days$/);
  expect((await readOutbox(outbox)).length).toBeGreaterThan(before);

  // Once per event: a second run sends nothing new; the failures are listed the same way.
  const count = (await readOutbox(outbox)).length;
  const again = await npmRunJobs('--now', '--brand', 'dans');
  expect(again.code, again.err).toBe(0);
  // Within the same 5 minutes the brand's run is not made again, and the command says so (a run
  // that fell into the next slot runs again and finds nothing new).
  expect(again.out).toMatch(
    /^jobs: due: dans; (0 jobs done, 0 failed; already run the last 5 minutes: dans|\d+ jobs done, 0 failed)$/m,
  );
  expect((await readOutbox(outbox)).length).toBe(count);
  const failures = await npmRunJobs('--failures');
  expect(failures.out).toBe('No failed jobs.\n');
  // A brand the tenants do not have is refused before anything is handed over.
  const unknown = await npmRunJobs('--brand', 'nope');
  expect(unknown.code).toBe(1);
  expect(unknown.err).toMatch(/no brand "nope"/);
  // The site is still serving.
  expect((await page.goto(at('/')))?.status()).toBe(200);
});
