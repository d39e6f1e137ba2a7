/**
 * `npm run jobs` on a real PostgreSQL server (TEST_DATABASE_URL): three copies started at once
 * send each shopper's digest once, and a later run sends nothing again.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { readOutbox } from '@test/outbox';
import { recordingLogger } from '@test/stores';
import { createContentService } from '~/content/source/content.server';
import { recordReminderShopper } from '~/lib/reminders/store.server';
import { openSiteStore, type SiteStore } from '~/lib/site-store/site-store.server';
import { loadTenants } from '~/lib/tenant/registry.server';
import { RUN_NOW_SLOT_SECONDS } from '~/reminders/runner.server';
import { loyaltyApps } from '../server/reference-services';
import { startLoyaltyService, type LoyaltyService } from '../services/loyalty/index';

const url = process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

function runJobs(env: Record<string, string>, ...args: string[]) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/jobs.ts', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe.skipIf(!url)('npm run jobs on PostgreSQL', () => {
  it('three processes at once mail each shopper one digest', { timeout: 240_000 }, async () => {
    // A database of its own: the queue's and the site's tables start empty.
    const name = `jobs_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    cleanups.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const dbUrl = new URL(url!);
    dbUrl.pathname = `/${name}`;
    const databaseUrl = dbUrl.toString();

    const { tenants } = loadTenants(path.resolve('tenants'), 3000);
    const dans = tenants.find((t) => t.sitePath === 'dans')!;
    const content = createContentService({ dir: path.resolve('content'), watch: false });
    cleanups.push(() => content.close());
    const loyalty: LoyaltyService = await startLoyaltyService({
      databaseUrl,
      apps: loyaltyApps(content, [dans]),
      logger: recordingLogger(),
    });
    cleanups.push(() => loyalty.close());
    const store: SiteStore = await openSiteStore({ databaseUrl });
    cleanups.push(() => store.close());

    // The demo shoppers signed in here once (each holds coupons that end within days).
    const demo = await loyalty.db.query<{
      frq_shopper_no: string;
      email: string;
      first_name: string;
    }>(
      `select frq_shopper_no, email, first_name from shoppers
       where app_id = $1 and email is not null and password_hash is not null`,
      [dans.services.loyalty!.appId],
    );
    expect(demo.length).toBeGreaterThanOrEqual(3);
    for (const s of demo) {
      await recordReminderShopper(
        store,
        {
          brand: 'dans',
          shopperNo: s.frq_shopper_no,
          email: s.email,
          firstName: s.first_name,
        },
        { couponsExpiring: true, rewardsReady: true },
      );
    }

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-test-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env = {
      DATABASE_URL: databaseUrl,
      LOYALTY_API_URL: loyalty.url,
      LOYALTY_SERVICE_BASIC: loyalty.credentials.basic,
      LOYALTY_SERVICE_BEARER: loyalty.credentials.bearer,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'jobs-test-session-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    };
    // `--now` runs are one per 5-minute slot (on the database's clock, the same machine's here):
    // start well inside one, as copies started together are; a start straddling two slots would
    // make two runs (each still mailing nothing twice), and the counts below would be off.
    const intoSlot = (Date.now() / 1000) % RUN_NOW_SLOT_SECONDS;
    if (intoSlot > RUN_NOW_SLOT_SECONDS - 120) {
      await new Promise((resolve) =>
        setTimeout(resolve, (RUN_NOW_SLOT_SECONDS - intoSlot + 1) * 1000),
      );
    }
    const runs = await Promise.all([1, 2, 3].map(() => runJobs(env, '--now', '--brand', 'dans')));
    for (const run of runs) {
      expect(run.out, run.out).toContain('jobs: due: dans');
      expect(run.code, run.out).toBe(0);
    }
    // Each job ran in one process only: the brand's job and one job per shopper, in all.
    const done = runs.map((run) => Number(/(\d+) jobs done/.exec(run.out)?.[1] ?? NaN));
    console.info(`three processes: jobs done ${done.join(' + ')}, ${demo.length} shoppers`);
    expect(done.reduce((a, b) => a + b, 0)).toBe(1 + demo.length);

    const outbox = path.join(dataDir, 'outbox');
    const mails = await readOutbox(outbox);
    const to = mails.map((m) => m.mail.recipients[0]).sort();
    expect(to).toEqual(demo.map((s) => s.email.toLowerCase()).sort());
    for (const { mail } of mails) {
      expect(mail.subject).toMatch(/of your clipped coupons expire/);
      expect(mail.text).toMatch(/\(ends [A-Z][a-z]{2} \d+, \d{4}\)/);
      expect(mail.html).toContain('/email/unsubscribe?t=');
    }
    const rows = await store.query<{ sent: boolean }>(
      'select sent_at is not null as sent from reminder_sent',
    );
    expect(rows.length).toBeGreaterThanOrEqual(2 * demo.length);
    expect(rows.every((r) => r.sent)).toBe(true);

    // Once per event: the next run finds nothing new.
    const again = await runJobs(env, '--now', '--brand', 'dans');
    expect(again.code, again.out).toBe(0);
    expect(await readOutbox(outbox)).toHaveLength(mails.length);
    const failures = await runJobs(env, '--failures');
    expect(failures.out).toContain('No failed jobs.');
  });
});
