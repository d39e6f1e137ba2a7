/**
 * The site's loading rules (docs/reference/shell.md "Titles and error pages" and "Other rules"), as
 * decisions without side effects: when a page whose script chunk failed to load may reload itself,
 * what counts as a chunk failure, and when links may be prefetched. The browser wiring is in
 * chunk-guard.tsx and link-prefetch.ts.
 */

/** A page reloads itself for a failed chunk at most once in this time. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
/** A chunk that has not loaded in this time counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** sessionStorage key holding the time (ms since the epoch) of the last reload for a chunk. */
export const CHUNK_RELOAD_KEY = 'chunk_reload_at';

/**
 * Whether the page may reload now: never reloaded for a chunk in this tab, or the last reload is
 * at least 60 s old. A time in the future (the clock was set back) does not hold reloads off.
 */
export function mayReloadForChunk(lastReloadAt: number | null, now: number): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  return now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS || now < lastReloadAt;
}

/** The stored time of the last reload, or null (none, unreadable, or not a number). */
export function parseReloadTime(stored: string | null): number | null {
  if (stored === null || stored.trim() === '') return null;
  const time = Number(stored);
  return Number.isFinite(time) ? time : null;
}

/** Thrown when a chunk did not load: failed, or still loading after CHUNK_LOAD_TIMEOUT_MS. */
export class ChunkLoadError extends Error {
  readonly url: string;
  constructor(url: string, reason: 'failed' | 'timeout', options?: { cause?: unknown }) {
    super(
      reason === 'timeout'
        ? `Loading chunk ${url} took longer than ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`
        : `Loading chunk ${url} failed`,
      options,
    );
    this.name = 'ChunkLoadError';
    this.url = url;
  }
}

/**
 * What browsers reject a failed `import()` with (the module or one of its imports could not be
 * fetched): Chromium 'Failed to fetch dynamically imported module', Firefox 'error loading
 * dynamically imported module', Safari 'Importing a module script failed'.
 */
export const IMPORT_FAILURE =
  /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed/i;

/**
 * Settles like `promise`, or rejects with `onTimeout()` once `ms` have passed (the timer is
 * cleared either way).
 */
export function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  onTimeout: () => Error,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The parts of `navigator` the prefetch rule reads (Network Information API, where present). */
export interface NetworkState {
  onLine?: boolean;
  connection?: { effectiveType?: string; saveData?: boolean } | null;
}

/**
 * Links are not prefetched on a 2g connection (effectiveType '2g' or 'slow-2g'), with data saver
 * on, or offline. A browser without the Network Information API prefetches.
 */
export function prefetchAllowed(network: NetworkState | undefined): boolean {
  if (!network) return false;
  if (network.onLine === false) return false;
  const connection = network.connection;
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g';
}
