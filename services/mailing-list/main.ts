/**
 * `npm run mailing-list`: the reference mailing-list service as its own process, on
 * MAILING_LIST_PORT (default 3300). A site configured with its address
 * (`http://127.0.0.1:3300/subscribe/{list}`) signs shoppers up there.
 *
 * Environment: MAILING_LIST_PORT, MAILING_LIST_HOST (default 127.0.0.1), DATA_DIR (default
 * .data; the database is in DATA_DIR/mailing-list), DATABASE_URL (PostgreSQL instead of PGlite,
 * schema `mailing`).
 */
import { stopOnSignals } from '../../common/http-service.server';
import { logger } from '../../common/logger.server';
import { mailingListDataDir, startMailingListService } from './index';

async function main() {
  const env = process.env;
  const port = Number(env.MAILING_LIST_PORT || 3300);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write('Invalid environment: MAILING_LIST_PORT must be a port number\n');
    process.exit(1);
  }
  const dataDir = env.DATA_DIR || '.data';
  const databaseUrl = env.DATABASE_URL || undefined;
  const started = performance.now();
  const service = await startMailingListService({
    dataDir,
    databaseUrl,
    port,
    host: env.MAILING_LIST_HOST || '127.0.0.1',
  });
  const lines = [
    `Mailing-list service on ${service.url}  (store: ${
      databaseUrl
        ? 'PostgreSQL (DATABASE_URL), schema mailing'
        : `PGlite in ${mailingListDataDir(dataDir)}`
    })`,
    `  ready in ${Math.round(performance.now() - started)} ms`,
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
