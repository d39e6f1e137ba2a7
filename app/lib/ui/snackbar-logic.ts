/**
 * The timing rule of every snackbar (./snackbar), apart from React so it can be tested with a
 * fake clock: a snackbar closes after its time unless something holds it open (the pointer over
 * it, the keyboard focus in it: it never vanishes while focused), and the count goes on from
 * where it paused once nothing holds it.
 */

/** What keeps the snackbar open while it lasts. */
export type HoldReason = 'hover' | 'focus';

export interface AutoHide {
  /** Starts counting (at once, unless something already holds it). */
  start(): void;
  /** Pauses the count while `reason` lasts. */
  hold(reason: HoldReason): void;
  /** Ends `reason`; the count goes on from where it paused once nothing holds it. */
  release(reason: HoldReason): void;
  /** Stops for good (the snackbar closed another way, or was replaced). */
  stop(): void;
}

/** Calls `onHide` after `durationMs` of time not held. */
export function createAutoHide(durationMs: number, onHide: () => void): AutoHide {
  const holds = new Set<HoldReason>();
  let remaining = durationMs;
  let startedAt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let started = false;
  let stopped = false;

  const pause = () => {
    if (!timer) return;
    clearTimeout(timer);
    timer = null;
    remaining = Math.max(0, remaining - (Date.now() - startedAt));
  };
  const run = () => {
    if (timer || stopped || !started || holds.size > 0) return;
    startedAt = Date.now();
    timer = setTimeout(() => {
      timer = null;
      stopped = true;
      onHide();
    }, remaining);
  };

  return {
    start() {
      started = true;
      run();
    },
    hold(reason) {
      holds.add(reason);
      pause();
    },
    release(reason) {
      holds.delete(reason);
      run();
    },
    stop() {
      stopped = true;
      pause();
    },
  };
}
