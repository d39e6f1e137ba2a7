/**
 * HTTP entry: validates the environment, loads the brands, builds the process-wide services and
 * serves every brand from one Express app. Run with `npm start` (builds first when needed).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { createContentService } from '~/lib/content/content.server';
import type { AppServices } from '~/lib/context.server';
import { EnvError, parseEnv, type Env } from '~/lib/env.server';
import { logger } from '~/lib/logger.server';
import { createSessionStorages } from '~/lib/session.server';
import { TenantRegistry } from '~/lib/tenant/registry.server';
import { createServerApp } from './server/app';

const root = path.dirname(fileURLToPath(import.meta.url));

function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** SESSION_SECRET, or one generated once into DATA_DIR (fine for one process; set it for more). */
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

async function main() {
  const env = loadEnv();
  const buildFile = path.join(root, 'build', 'index.js');
  if (!fs.existsSync(buildFile)) {
    process.stderr.write('No build found: run `npm run build` (npm start does it for you).\n');
    process.exit(1);
  }
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;

  const registry = new TenantRegistry(path.resolve(env.TENANTS_DIR), env.PORT).start(
    env.TENANTS_RESCAN_MS,
  );
  const content = createContentService({ dir: path.resolve(env.CONTENT_DIR), watch: true });
  const services: AppServices = {
    env,
    content,
    sessions: createSessionStorages(sessionSecret(env), env.NODE_ENV === 'production'),
  };

  const app = createServerApp({
    registry,
    services,
    build,
    publicDir: path.join(root, 'public'),
  });

  const server = app.listen(env.PORT, env.HOST, () => {
    const port = (server.address() as { port: number }).port;
    const lines = registry
      .all()
      .map((t) => `  ${t.retailerName.padEnd(28)} http://${t.hostnames[0]}:${port}`);
    process.stdout.write(`Serving ${lines.length} brands:\n${lines.join('\n')}\n`);
  });
  server.keepAliveTimeout = 65_000;

  const shutdown = (signal: string) => {
    logger.info(`${signal}: shutting down`);
    registry.stop();
    content.close();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error) => {
  logger.fatal({ err: error }, 'start-up failed');
  process.exit(1);
});
