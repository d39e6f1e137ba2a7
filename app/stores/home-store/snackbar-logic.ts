/**
 * The timing rules of the home-store snackbar (spec §4, §9), apart from React so they can be
 * tested with a fake clock: the snackbar closes after STORE_NOTICE_MS unless something holds it
 * open (the pointer over it, the keyboard focus in it: it never vanishes while focused), and a
 * save asked for on closing waits SAVE_HOME_STORE_DELAY_MS before it is sent.
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

/**
 * Closing with the switch on saves the store, skipped when the store is empty or already the
 * saved one (spec §4, accounts §4).
 */
export function shouldSaveOnClose(
  switchOn: boolean,
  storeNumber: string | null | undefined,
  savedStoreNumber: string | null | undefined,
): boolean {
  if (!switchOn || !storeNumber) return false;
  return storeNumber !== savedStoreNumber;
}

export interface PendingSave {
  /** Sends `storeNumber` after the delay (a later schedule replaces a pending one). */
  schedule(storeNumber: string): void;
  cancel(): void;
}

/** The pending update (spec §4: a delay of 500 ms): the last store asked for is the one sent. */
export function createPendingSave(
  delayMs: number,
  send: (storeNumber: string) => void,
): PendingSave {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  return {
    schedule(storeNumber) {
      cancel();
      timer = setTimeout(() => {
        timer = null;
        send(storeNumber);
      }, delayMs);
    },
    cancel,
  };
}
