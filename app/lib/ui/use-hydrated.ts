import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False during the server render and hydration, true once React runs in the browser. Pieces
 * that only work with JavaScript (close buttons, dialogs, stored flags) render behind it, so the
 * server HTML is what a shopper without JavaScript gets and hydration never mismatches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
