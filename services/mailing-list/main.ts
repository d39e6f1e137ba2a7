/**
 * `npm run mailing-list`: the reference mailing-list service as its own process, on
 * MAILING_LIST_PORT (default 3300). A site configured with its address
 * (`http://127.0.0.1:3300/subscribe/{list}`) signs shoppers up there.
 *
 * Environment: MAILING_LIST_PORT, MAILING_LIST_HOST (default 127.0.0.1), DATA_DIR (default
 * .data; the database is in DATA_DIR/mailing-list), DATABASE_URL (PostgreSQL instead of PGlite,
 * schema `mailing`), MAILING_LIST_API_KEY (the key callers present, X-Api-Key; required when
 * MAILING_LIST_HOST is not a loopback address), MAILING_LIST_LISTS (the lists that may be signed
 * up to, comma-separated; default the brands' lists read from TENANTS_DIR, default tenants/).
 */
import fs from 'node:fs';
import path from 'node:path';
import { stopOnSignals } from '../../common/http-service.server';
import { logger } from '../../common/logger.server';
import { serviceApiKey, ServiceKeyError } from '../http/caller';
import { LIST_NAME } from './rules';
import { brandLists, mailingListDataDir, startMailingListService } from './index';

/** The lists of every tenant file in `dir` (a file that does not parse is skipped). */
function tenantLists(dir: string): string[] {
  const lists: string[] = [];
  let files: string[] = [];
  try {
    files = fs.readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'schema.json');
  } catch {
    return lists;
  }
  for (const file of files) {
    try {
      const tenant = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as {
        sitePath?: unknown;
        newsletter?: Record<string, unknown>;
      };
      if (typeof tenant.sitePath === 'string') {
        lists.push(...brandLists({ sitePath: tenant.sitePath, newsletter: tenant.newsletter }));
      }
    } catch {
      // not a tenant file
    }
  }
  return lists;
}

function fatal(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  const env = process.env;
  const port = Number(env.MAILING_LIST_PORT || 3300);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write('Invalid environment: MAILING_LIST_PORT must be a port number\n');
    process.exit(1);
  }
  const host = env.MAILING_LIST_HOST || '127.0.0.1';
  let apiKey: string | null = null;
  try {
    apiKey = serviceApiKey(env, 'MAILING_LIST_API_KEY', host);
  } catch (error) {
    if (error instanceof ServiceKeyError) fatal(error.message);
    throw error;
  }
  const tenantsDir = path.resolve(env.TENANTS_DIR || 'tenants');
  const named = (env.MAILING_LIST_LISTS ?? '')
    .split(',')
    .map((l) => l.trim())
    .filter(Boolean);
  const bad = named.find((l) => !LIST_NAME.test(l));
  if (bad) fatal(`MAILING_LIST_LISTS: '${bad}' is not a list name (a-z, 0-9 and -, 1 to 64).`);
  const lists = new Set(named.length ? named : tenantLists(tenantsDir));
  if (lists.size === 0) fatal(`No lists: set MAILING_LIST_LISTS, or TENANTS_DIR to the tenants.`);
  const dataDir = env.DATA_DIR || '.data';
  const databaseUrl = env.DATABASE_URL || undefined;
  const started = performance.now();
  const service = await startMailingListService({
    dataDir,
    databaseUrl,
    port,
    host,
    apiKey,
    lists: () => lists,
  });
  const lines = [
    `Mailing-list service on ${service.url}  (store: ${
      databaseUrl
        ? 'PostgreSQL (DATABASE_URL), schema mailing'
        : `PGlite in ${mailingListDataDir(dataDir)}`
    })`,
    `  ready in ${Math.round(performance.now() - started)} ms`,
    `  lists: ${[...lists].join(', ')}`,
    `  calls: ${apiKey ? 'need MAILING_LIST_API_KEY (X-Api-Key)' : 'from this machine only'}`,
    `  Subscribe: GET ${service.url}/subscribe/{list}?EMAIL=…&MMERGE3=…`,
    `  Health:    GET ${service.url}/healthz`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  stopOnSignals('mailing-list service', () => service.close(), logger);
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'mailing-list service start-up failed');
  process.exit(1);
});
