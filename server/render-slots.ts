import type { NextFunction, Request, Response } from 'express';
import { collectGarbage } from './compact-heap';

/**
 * How many requests the Remix handler serves at once; the others wait their turn in arrival
 * order. Each render in flight holds its loaders' data, its React tree and the HTML not yet
 * written, a few MB for a signed-in page, so the slots bound that part of the heap whatever the
 * number of connections. 8 slots served a quarter fewer pages under 50 connections than 32, and a
 * render that waits 80–300 ms for a retailer's loyalty service needs the room; 32 kept the same
 * load's peak within 10 MB of 8 (docs/decisions/0013-memory-footprint.md).
 */
export const RENDER_SLOTS = 32;

/** Quiet this long after a busy spell, the process collects its garbage once. */
export const IDLE_COMPACTION_MS = 2000;

/** Renders since the last compaction that make a quiet spell worth a full collection. */
export const RENDERS_BEFORE_COMPACTION = 200;

export interface RenderSlotsOptions {
  slots?: number;
  idleMs?: number;
  rendersBeforeCompaction?: number;
  /** What runs when the process falls quiet after a busy spell (default: a full collection). */
  onIdle?: () => void;
}

/**
 * Express middleware in front of the Remix handler: at most `slots` requests past it at a time,
 * each holding its slot until its answer is written or its connection closes. A request whose
 * client goes away while it waits is dropped from the queue.
 *
 * Once every slot is free again for `idleMs` after at least `rendersBeforeCompaction` renders, it
 * runs one full garbage collection: V8 otherwise keeps the heap a busy spell grew to as resident
 * memory, with nothing left to fill it.
 */
export function renderSlots(options: RenderSlotsOptions = {}) {
  const slots = options.slots ?? RENDER_SLOTS;
  const idleMs = options.idleMs ?? IDLE_COMPACTION_MS;
  const threshold = options.rendersBeforeCompaction ?? RENDERS_BEFORE_COMPACTION;
  const onIdle = options.onIdle ?? (() => collectGarbage('idle after load'));
  let running = 0;
  let rendered = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  const waiting: (() => void)[] = [];

  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) return next();
    if (running === 0 && rendered >= threshold) {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(() => {
        if (running > 0) return;
        rendered = 0;
        onIdle();
      }, idleMs);
      idleTimer.unref();
    }
  };

  const middleware = (req: Request, res: Response, next: NextFunction) => {
    const start = () => {
      running++;
      rendered++;
      clearTimeout(idleTimer);
      let held = true;
      const done = () => {
        if (!held) return;
        held = false;
        release();
      };
      res.once('finish', done);
      res.once('close', done);
      next();
    };
    if (running < slots) return start();
    waiting.push(start);
    res.once('close', () => {
      const at = waiting.indexOf(start);
      if (at >= 0) waiting.splice(at, 1);
    });
  };
  return Object.assign(middleware, {
    stats: () => ({ running, waiting: waiting.length }),
  });
}
