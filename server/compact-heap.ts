import v8 from 'node:v8';
import vm from 'node:vm';
import { logger } from '@common/logger.server';

let gc: (() => void) | null | undefined;

/**
 * One full garbage collection now, logged at debug level. `gc` is exposed for these calls only
 * (`v8.setFlagsFromString('--expose-gc')` read in a fresh context); nothing else in the process
 * sees it.
 */
export function collectGarbage(reason: string): void {
  try {
    if (gc === undefined) {
      v8.setFlagsFromString('--expose-gc');
      gc = vm.runInNewContext('gc') as () => void;
    }
    if (!gc) return;
    const before = process.memoryUsage().rss;
    gc();
    const after = process.memoryUsage().rss;
    logger.debug({ beforeMb: before >> 20, afterMb: after >> 20, reason }, 'heap compacted');
  } catch (error) {
    gc = null;
    logger.debug({ err: error }, 'heap compaction unavailable');
  }
}

/**
 * How far V8 lets the old generation grow past what survived the last full collection before the
 * next one, in percent. V8's own factor (up to 4 when allocation is fast) let 60 s of pages at 50
 * connections grow a heap of ~90 MB live to ~360 MB, all of it kept resident afterwards; at 30 %
 * the same load peaks ~250 MB lower, for more frequent (mostly concurrent) marking
 * (docs/decisions/0013-memory-footprint.md).
 */
export const HEAP_GROWING_PERCENT = 30;

/**
 * Sets HEAP_GROWING_PERCENT for this process. V8 reads the flag at every full collection, so it
 * holds from the next one on, however the process was started (npm start, a cluster worker, the
 * tests' site process).
 */
export function limitHeapGrowth(percent = HEAP_GROWING_PERCENT): void {
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/**
 * One full garbage collection once start-up is over. Start-up (TypeScript loading, content
 * parsing, migrations, seeding) leaves tens of MB of garbage in the old generation, which V8
 * would keep as resident memory until pressure came: collecting it once lowers the resting
 * process's footprint (docs/decisions/0025-measured-costs-behind-small-choices.md).
 */
export function compactHeapAfterStartup(delayMs = 3000): void {
  const timer = setTimeout(() => collectGarbage('start-up'), delayMs);
  timer.unref();
}
