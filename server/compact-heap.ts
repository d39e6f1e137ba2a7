import v8 from 'node:v8';
import vm from 'node:vm';
import { logger } from '@common/logger.server';

/**
 * One full garbage collection once start-up is over. Start-up (TypeScript loading, content
 * parsing, migrations, seeding) leaves tens of MB of garbage in the old generation, which V8
 * would keep as resident memory until pressure came: collecting it once lowers the resting
 * process's footprint (docs/decisions/0025-measured-costs-behind-small-choices.md).
 * `gc` is exposed for this one call only; nothing else in the process sees it.
 */
export function compactHeapAfterStartup(delayMs = 3000): void {
  const timer = setTimeout(() => {
    try {
      v8.setFlagsFromString('--expose-gc');
      const gc = vm.runInNewContext('gc') as () => void;
      const before = process.memoryUsage().rss;
      gc();
      const after = process.memoryUsage().rss;
      logger.debug(
        { beforeMb: before >> 20, afterMb: after >> 20 },
        'heap compacted after start-up',
      );
    } catch (error) {
      logger.debug({ err: error }, 'heap compaction unavailable');
    }
  }, delayMs);
  timer.unref();
}
