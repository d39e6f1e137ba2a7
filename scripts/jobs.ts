// `npm run jobs`: runs the jobs that are due once and exits, for operators (from cron, with
// JOBS_IN_PROCESS=off on the site) and tests. It enqueues the reminder digests of the brands whose
// send hour it is, works the queue until no job is ready, and exits 0, or 1 with one line per
// failed job (pg-boss retries it later). Several copies may run at once: each job runs once.
//
//   npm run jobs                      brands whose local send hour it is now
//   npm run jobs -- --now             every brand, whatever the hour
//   npm run jobs -- --brand harvest   one brand (with --now: at once)
//   npm run jobs -- --failures        lists the jobs that failed for good, newest first
//
// Same environment as the site: DATABASE_URL (else the embedded database in DATA_DIR, which only
// one process may open: while the site has it open, the run is handed to the site process, which
// runs it with its own queue and reports back; app/lib/jobs/handoff.server.ts), LOYALTY_API_URL
// (else the reference loyalty service, started here), SMTP_URL, SESSION_SECRET (else
// DATA_DIR/session-secret).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openSharedPglite, type SharedPglite } from '@common/db.server';
import { EmbeddedDbInUseError } from '@common/pglite-lock.server';
import { createContentService } from '~/content/source/content.server';
import { EnvError, parseEnv, type Env } from '~/lib/env.server';
import { requestFromSite, type JobsReport } from '~/lib/jobs/handoff.server';
import { createMailer } from '~/lib/mail/mailer.server';
import { openSiteStore } from '~/lib/site-store/site-store.server';
import { loadTenants } from '~/lib/tenant/registry.server';
import { TenantRegistry } from '~/lib/tenant/registry.server';
import { listFailures, runJobsOnce, type JobsRequest } from '~/reminders/run-once.server';
import { openReminderBoss, reminderDeps } from '~/reminders/service.server';
import { embeddedDbDir, needsPreparing, prepareEmbeddedDb } from '../server/embedded-store';
import { loyaltyApps, startEmbeddedLoyalty } from '../server/reference-services';

function fail(message: string): never {
  process.stderr.write(`jobs: ${message}\n`);
  process.exit(1);
}

const { values: args } = parseArgs({
  options: {
    now: { type: 'boolean', default: false },
    brand: { type: 'string' },
    failures: { type: 'boolean', default: false },
  },
});

function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) fail(error.message);
    throw error;
  }
}
const env = loadEnv();

function secret(): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  try {
    const kept = fs.readFileSync(path.resolve(env.DATA_DIR, 'session-secret'), 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch {
    // below
  }
  fail('SESSION_SECRET is not set and DATA_DIR holds no session-secret (start the site once).');
}

const tenantsDir = path.resolve(env.TENANTS_DIR);
const { tenants, problems } = loadTenants(tenantsDir, env.PORT);
for (const p of problems) process.stderr.write(`jobs: tenants/${p.file}: ${p.message}\n`);
if (args.brand && !tenants.some((t) => t.sitePath === args.brand)) {
  fail(`no brand "${args.brand}" in ${tenantsDir}`);
}

const request: JobsRequest = {
  now: args.now,
  brand: args.brand ?? null,
  failures: args.failures,
};
function finish(report: JobsReport): never {
  process.stdout.write(report.out);
  process.stderr.write(report.err);
  process.exit(report.code);
}

let embeddedDb: SharedPglite | null = null;
const content = createContentService({ dir: path.resolve(env.CONTENT_DIR), watch: false });
if (!env.DATABASE_URL) {
  const dir = embeddedDbDir(env.DATA_DIR);
  if (needsPreparing(dir)) await prepareEmbeddedDb(dir, loyaltyApps(content, tenants));
  try {
    embeddedDb = await openSharedPglite(dir);
  } catch (error) {
    // The site has the folder open: it runs the request with its own queue, and says how it went.
    if (!(error instanceof EmbeddedDbInUseError)) fail(String(error));
    content.close();
    process.stderr.write(
      `jobs: the site (process ${error.pid}) has the embedded database open: the run is handed to it\n`,
    );
    finish(
      await requestFromSite(error.dir, error.pid, request).catch((e: unknown) =>
        fail(e instanceof Error ? e.message : String(e)),
      ),
    );
  }
}
const store = await openSiteStore({
  shared: embeddedDb?.schema('site'),
  databaseUrl: env.DATABASE_URL,
  maxConnections: 3,
});
const boss = await openReminderBoss(env, store);

async function closeAll() {
  await boss.stop({ graceful: true, wait: true, timeout: 10_000 }).catch(() => undefined);
  await store.close().catch(() => undefined);
  await embeddedDb?.close().catch(() => undefined);
  content.close();
}

if (args.failures) {
  const report = await listFailures(boss);
  await closeAll();
  finish(report);
}

const registry = new TenantRegistry(tenantsDir, env.PORT);
const loyalty = env.LOYALTY_API_URL
  ? null
  : await startEmbeddedLoyalty({ env, registry: registry.start(60_000), content, embeddedDb });
registry.stop();
const mailer = createMailer({
  smtpUrl: env.SMTP_URL,
  outboxDir: path.resolve(env.DATA_DIR, 'outbox'),
});
const deps = reminderDeps({
  store,
  mailer,
  secret: secret(),
  tenants: () => tenants,
  env,
  embedded: loyalty
    ? { url: loyalty.url, basic: loyalty.credentials.basic, bearer: loyalty.credentials.bearer }
    : null,
});

let report: JobsReport;
try {
  report = await runJobsOnce(boss, deps, tenants, request);
} catch (error) {
  report = {
    out: '',
    err: `jobs: ${error instanceof Error ? error.message : String(error)}\n`,
    code: 1,
  };
} finally {
  mailer.close();
  await loyalty?.close();
  await closeAll();
}
finish(report);
