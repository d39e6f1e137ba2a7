/**
 * `npm run adviewer`: the reference weekly-ad viewer as its own process. Reads the brands from
 * tenants/*.json and their stores' ad pages from content/<sitePath>/retailer-info.json, then
 * serves on ADVIEWER_PORT (default 3200). Point a brand's `services.adviewer.url` at the printed
 * address to use it.
 *
 * Environment: ADVIEWER_PORT, ADVIEWER_HOST (default 127.0.0.1), TENANTS_DIR, CONTENT_DIR,
 * LOG_LEVEL.
 */
import path from 'node:path';
import { stopOnSignals } from '../../common/http-service.server';
import { logger } from '../../common/logger.server';
import { startAdviewerService } from './index';

async function main() {
  const env = process.env;
  const port = Number(env.ADVIEWER_PORT || 3200);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write('Invalid environment: ADVIEWER_PORT must be a port number\n');
    process.exit(1);
  }
  const service = await startAdviewerService({
    port,
    host: env.ADVIEWER_HOST || '127.0.0.1',
    tenantsDir: path.resolve(env.TENANTS_DIR || 'tenants'),
    contentDir: path.resolve(env.CONTENT_DIR || 'content'),
  });
  const names = [...service.pages.keys()];
  const lines = [
    `Ad viewer on ${service.url}`,
    `  pages: ${names.length} (${names.slice(0, 6).join(', ')}${names.length > 6 ? ', …' : ''})`,
    `  viewer: ${service.url}/${names[0] ?? '{page}'}?chooseStore`,
    `  health: ${service.url}/healthz`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);

  stopOnSignals('ad viewer', () => service.close(), logger);
}

main().catch((error: unknown) => {
  logger.fatal({ err: error }, 'ad viewer start-up failed');
  process.exit(1);
});
