/**
 * The home-store snackbar's save rules, apart from React so they can be tested with a fake
 * clock: a save asked for on closing waits SAVE_HOME_STORE_DELAY_MS before it is sent, and is
 * skipped when there is nothing to change. (Its timer is the shared one: ~/lib/ui/snackbar-logic.)
 */

/**
 * Closing with the switch on saves the store, skipped when the store is empty or already the
 * saved one (docs/reference/stores.md "Home store").
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

/** The pending update (a delay of 500 ms): the last store asked for is the one sent. */
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
