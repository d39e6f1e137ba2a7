import { useSyncExternalStore } from 'react';
import { prefetchAllowed, type NetworkState } from './loading-rules';

/** The values of Remix's `<Link prefetch>`. */
export type PrefetchMode = 'none' | 'intent' | 'render' | 'viewport';

type NetworkConnection = EventTarget & NonNullable<NetworkState['connection']>;

function connectionOf(nav: Navigator): NetworkConnection | undefined {
  return (nav as Navigator & { connection?: NetworkConnection }).connection;
}

/** Re-reads the rule when the browser goes on- or offline or its connection changes. */
function subscribe(onChange: () => void): () => void {
  const connection = connectionOf(navigator);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  connection?.addEventListener?.('change', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    connection?.removeEventListener?.('change', onChange);
  };
}

const allowedNow = () =>
  prefetchAllowed({ onLine: navigator.onLine, connection: connectionOf(navigator) });
// The server prefetches nothing (Remix prefetches only after hydration anyway).
const allowedOnServer = () => false;

/**
 * The `prefetch` to give a Remix `<Link>`: `mode`, or 'none' on a 2g connection, with data saver
 * on, or offline (followed as the connection changes).
 *
 *   <Link to={path} prefetch={useLinkPrefetch('intent')}>
 */
export function useLinkPrefetch(mode: PrefetchMode): PrefetchMode {
  const allowed = useSyncExternalStore(subscribe, allowedNow, allowedOnServer);
  return allowed ? mode : 'none';
}
