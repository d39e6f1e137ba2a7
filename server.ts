/**
 * HTTP entry: validates the environment, loads the brands, builds the process-wide services and
 * serves every brand from one Express app. Run with `npm start` (builds first when needed).
 *
 * With WEB_CONCURRENCY above 1 this process is a node:cluster primary instead (server/cluster.ts,
 * decision 0019): it runs the reference services once and forks that many workers, each of which
 * runs this same file and serves the site with the primary's services.
 */
import cluster from 'node:cluster';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { createContentService } from '~/content/source/content.server';
import type { AppServices } from '~/lib/context.server';
import { EnvError, parseEnv, type Env } from '~/lib/env.server';
import { loyaltyBreakerStates } from '~/lib/loyalty/breaker.server';
import { openSharedPglite } from '@common/db.server';
import { logger } from '@common/logger.server';
import { createAccountServices } from '~/lib/services.server';
import { serveSiteRequests } from '~/lib/jobs/handoff.server';
import { parseJobsRequest } from '~/reminders/run-once.server';
import { startSiteReminders } from '~/reminders/service.server';
import {
  assertBotCheckConfigured,
  BotCheckConfigError,
  botCheckProblem,
} from '~/lib/security/bot-check.server';
import { createSessionStorages } from '~/lib/session/session.server';
import { TenantRegistry } from '~/lib/tenant/registry.server';
import { createServerApp } from './server/app';
import {
  assertSharedDatabase,
  ClusterConfigError,
  decodeSharedServices,
  encodeSharedServices,
  installPrimaryShutdown,
  SHARED_SERVICES_ENV,
  superviseWorkers,
  webConcurrency,
} from './server/cluster';
import { compactHeapAfterStartup, limitHeapGrowth } from './server/compact-heap';
import {
  embeddedDbDir,
  needsPreparing,
  prepareEmbeddedDb,
  prepareEmbeddedDbInChild,
  PREPARE_EMBEDDED_DB_ENV,
} from './server/embedded-store';
import { hardenServer } from './server/http-server';
import { createReachabilityProbe } from './server/reachability';
import {
  loyaltyApps,
  startReferenceServices,
  type ReferenceServices,
  type SharedServices,
} from './server/reference-services';
import { installShutdown, loyaltyPoolsCloser } from './server/shutdown';

const root = path.dirname(fileURLToPath(import.meta.url));
const buildFile = path.join(root, 'build', 'index.js');

/** A configuration error: one line for the operator, exit 1. */
function refuse(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) refuse(error.message);
    throw error;
  }
}

/** WEB_CONCURRENCY, checked with the database it needs (server/cluster.ts). */
function loadConcurrency(env: Env): number {
  try {
    const workers = webConcurrency(process.env);
    assertSharedDatabase(workers, env.DATABASE_URL);
    return workers;
  } catch (error) {
    if (error instanceof ClusterConfigError) refuse(error.message);
    throw error;
  }
}

function requireBuild() {
  if (!fs.existsSync(buildFile)) {
    refuse('No build found: run `npm run build` (npm start does it for you).');
  }
}

/**
 * SESSION_SECRET, or one generated once into DATA_DIR (fine for one machine: a cluster's primary
 * reads or generates it and hands it to its workers; set it for several machines).
 */
function sessionSecret(env: Env): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  const file = path.resolve(env.DATA_DIR, 'session-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: generate below
  }
  const secret = crypto.randomBytes(32).toString('hex');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  logger.warn(`SESSION_SECRET is not set: using a generated secret kept in ${file}`);
  return secret;
}

/** The brands and their content, watched for changes. */
function loadBrands(env: Env) {
  const registry = new TenantRegistry(path.resolve(env.TENANTS_DIR), env.PORT).start(
    env.TENANTS_RESCAN_MS,
  );
  const content = createContentService({ dir: path.resolve(env.CONTENT_DIR), watch: true });
  // Sign-up forms need a bot check: reCAPTCHA keys, or a honeypot chosen explicitly.
  try {
    assertBotCheckConfigured(registry.all(), env.NODE_ENV);
  } catch (error) {
    if (error instanceof BotCheckConfigError) refuse(error.message);
    throw error;
  }
  registry.onChange((tenants) => {
    for (const t of tenants) {
      const problem = botCheckProblem(t);
      if (problem) logger.error({ tenant: t.sitePath }, problem);
    }
  });
  return { registry, content };
}

function brandLines(registry: TenantRegistry, port: number): string[] {
  return registry
    .all()
    .map((t) => `  ${t.retailerName.padEnd(28)} http://${t.hostnames[0]}:${port}`);
}

/**
 * One site process: the whole site on PORT. `shared` is null for the single process, which runs
 * the reference services itself; a cluster worker gets its primary's.
 */
async function runSite(env: Env, shared: SharedServices | null) {
  requireBuild();
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const { registry, content } = loadBrands(env);

  // Without DATABASE_URL: one embedded PGlite database for the reference loyalty service (schema
  // public) and the site store (schema site), as they share one PostgreSQL database otherwise.
  // A fresh folder is created and seeded by a short-lived child process first, whose memory goes
  // with it (server/embedded-store.ts).
  const embeddedDir = env.DATABASE_URL || shared ? null : embeddedDbDir(env.DATA_DIR);
  if (embeddedDir && needsPreparing(embeddedDir)) await prepareEmbeddedDbInChild(embeddedDir);
  const embeddedDb = embeddedDir ? await openSharedPglite(embeddedDir) : null;
  const own: ReferenceServices | null = shared
    ? null
    : await startReferenceServices({ env, registry, content, embeddedDb });
  const refs = shared ?? own!.shared;

  const secret = sessionSecret(env);
  const accounts = await createAccountServices(env, secret, embeddedDb?.schema('site'));
  const services: AppServices = {
    env,
    content,
    accounts,
    // The embedded store is this process's alone: its session records are kept in memory.
    sessions: createSessionStorages(accounts.siteStore, secret, env.NODE_ENV === 'production', {
      keepRecords: accounts.siteStore.kind === 'pglite',
    }),
    references: {
      adviewer: refs.adviewer,
      mailingList: refs.mailingList,
      sso: refs.sso?.url ?? null,
    },
    loyalty: { embedded: refs.loyalty },
  };

  // Reminder e-mails: this process's job worker (JOBS_IN_PROCESS=off leaves them to cron),
  // started beside the server rather than before it. A runner that cannot start is logged; the
  // site serves without it.
  const jobs = startSiteReminders({
    env,
    store: accounts.siteStore,
    mailer: accounts.mailer,
    secret,
    tenants: () => registry.all(),
    embedded: refs.loyalty,
  }).catch((error: unknown) => {
    logger.error({ err: error }, 'job runner did not start: no reminder e-mails from this process');
    return null;
  });
  // On the embedded database `npm run jobs` cannot open the folder this process holds: it hands
  // its run to this process instead (app/lib/jobs/handoff.server.ts).
  const stopHandoffs = embeddedDir
    ? serveSiteRequests(
        embeddedDir,
        async (raw) => {
          const request = parseJobsRequest(raw);
          const site = await jobs;
          if (!request || !site) {
            const why = site ? 'a request it could not read' : 'its job runner did not start';
            return { out: '', err: `jobs: the site refused the run: ${why}\n`, code: 1 };
          }
          logger.info({ request }, 'npm run jobs: a run handed over');
          return site.runOnce(request);
        },
        (error) => logger.warn({ err: error }, 'npm run jobs: a run handed over failed'),
      )
    : () => undefined;

  // The loyalty API is reached over HTTP in both modes: /healthz asks whether it answers.
  const loyaltyUrl = refs.loyalty ? refs.loyalty.url : env.LOYALTY_API_URL!;
  const loyaltyReachable = createReachabilityProbe(loyaltyUrl);
  const loyaltyOrigin = new URL(loyaltyUrl).origin;
  // In a cluster the reference services are the primary's: a worker knows their addresses only.
  const byPrimary = (url: string) => ({ mode: 'primary', url });
  const app = createServerApp({
    registry,
    services,
    build,
    publicDir: path.join(root, 'public'),
    shopperKeySecret: secret,
    serviceWorkerFile: path.join(root, 'build', 'sw.js'),
    health: async () => {
      const reach = await loyaltyReachable();
      // Open while the loyalty service failed too often: pages answer without calling it.
      const breaker =
        loyaltyBreakerStates().find((b) => b.origin === loyaltyOrigin)?.state ?? 'closed';
      return {
        degraded: reach.reachable && breaker === 'closed' ? [] : ['loyalty'],
        // Which process answered (each worker has its own page cache and /metrics).
        ...(cluster.isWorker ? { worker: { id: cluster.worker!.id, pid: process.pid } } : {}),
        store: accounts.siteStore.kind,
        mail: accounts.mailer.kind,
        adviewer: own ? { pages: own.adviewer.health().pages } : byPrimary(refs.adviewer),
        mailingList: own ? { store: own.mailingList.health().store } : byPrimary(refs.mailingList),
        // The address partners discover the reference provider at (its metadata's issuer).
        sso: own?.sso
          ? { mode: 'embedded', url: own.sso.issuer, ...own.sso.health() }
          : refs.sso
            ? byPrimary(refs.sso.issuer)
            : { mode: 'external' },
        loyalty: {
          ...(own?.loyalty
            ? { mode: 'embedded', ...own.loyalty.health() }
            : refs.loyalty
              ? byPrimary(refs.loyalty.url)
              : { mode: 'external', url: new URL(env.LOYALTY_API_URL!).origin }),
          reachable: reach.reachable,
          ...(reach.problem ? { problem: reach.problem } : {}),
          breaker,
        },
      };
    },
  });

  const server = app.listen(env.PORT, env.HOST, () => {
    // A cluster's primary prints the addresses once for all its workers.
    if (!cluster.isWorker) {
      const lines = brandLines(registry, (server.address() as { port: number }).port);
      process.stdout.write(`Serving ${lines.length} brands:\n${lines.join('\n')}\n`);
    }
    compactHeapAfterStartup();
  });
  hardenServer(server);

  // SIGTERM / SIGINT: answer what was asked, then close in this order (server/shutdown.ts).
  installShutdown({
    server,
    steps: [
      { name: 'tenant watcher', run: () => registry.stop() },
      { name: 'content watcher', run: () => content.close() },
      { name: 'loyalty client pools', run: loyaltyPoolsCloser(build) },
      ...(own?.closeSteps ?? []),
      {
        name: 'job worker',
        run: async () => {
          stopHandoffs();
          await (await jobs)?.stop();
        },
      },
      { name: 'site store and mail', run: () => accounts.close() },
      { name: 'embedded database', run: () => embeddedDb?.close() },
    ],
  });
}

/**
 * The cluster's primary: the reference services once, then `workers` site processes on the same
 * port (node:cluster hands them the connections in turn), each restarted when it dies; SIGTERM /
 * SIGINT stops them all gracefully, then the services.
 */
async function runPrimary(env: Env, workers: number) {
  requireBuild();
  const { registry, content } = loadBrands(env);
  const refs = await startReferenceServices({ env, registry, content, embeddedDb: null });
  // Every worker signs sessions with the same secret: read or generated here, once.
  const secret = sessionSecret(env);
  const workerEnv = {
    SESSION_SECRET: secret,
    [SHARED_SERVICES_ENV]: encodeSharedServices(refs.shared),
  };
  let primary: ReturnType<typeof installPrimaryShutdown> | null = null;
  const supervisor = superviseWorkers({
    count: workers,
    fork: () => cluster.fork(workerEnv),
    onReady: (address) => {
      const lines = brandLines(registry, address.port ?? env.PORT);
      process.stdout.write(
        `Serving ${lines.length} brands with ${workers} processes:\n${lines.join('\n')}\n`,
      );
      compactHeapAfterStartup();
    },
    onStartFailed: () => void primary?.shutdown('a worker failed to start', 1),
  });
  primary = installPrimaryShutdown({
    supervisor,
    steps: [
      { name: 'tenant watcher', run: () => registry.stop() },
      { name: 'content watcher', run: () => content.close() },
      ...refs.closeSteps,
    ],
  });
}

/** The child process of prepareEmbeddedDbInChild: prepare the database folder, then exit. */
async function prepareOnly(env: Env, dir: string) {
  const { registry, content } = loadBrands(env);
  try {
    await prepareEmbeddedDb(dir, loyaltyApps(content, registry.all()));
  } finally {
    registry.stop();
    content.close();
  }
  process.exit(0);
}

async function main() {
  limitHeapGrowth();
  const env = loadEnv();
  const prepare = process.env[PREPARE_EMBEDDED_DB_ENV];
  if (prepare) return prepareOnly(env, prepare);
  if (cluster.isWorker) return runSite(env, decodeSharedServices(process.env));
  const workers = loadConcurrency(env);
  return workers > 1 ? runPrimary(env, workers) : runSite(env, null);
}

main().catch((error) => {
  logger.fatal({ err: error }, 'start-up failed');
  process.exit(1);
});
