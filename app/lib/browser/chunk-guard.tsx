import { useLocation } from '@remix-run/react';
import { useEffect } from 'react';
import { ErrorView } from '~/lib/ui/error-view';
import { CHUNK_GUARD_HANDOFF } from './inline/chunk-guard-script';
import { CHUNK_GUARD_SCRIPT } from './inline/inline-scripts.generated';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  CHUNK_RELOAD_KEY,
  ChunkLoadError,
  mayReloadForChunk,
  parseReloadTime,
  withTimeout,
} from './loading-rules';

/**
 * A page whose script chunk fails to load (an old page after a deploy: its chunks are gone)
 * reloads itself, at most once per 60 s, so a chunk that stays broken never sets a tab reloading
 * in a loop; a chunk still loading after 120 s counts as failed.
 *
 * Two watchers share one guard (the time of the last reload, in sessionStorage):
 * - before hydration, CHUNK_GUARD_SCRIPT (inline in <head>) watches the document's own module
 *   scripts: one that fails, or a page not hydrated 120 s after it started, reloads;
 * - after hydration, installChunkGuard loads every route module the router asks for itself,
 *   before Remix does (Remix's own loader reloads on any failure, with no guard; here the import
 *   has settled when Remix's runs, answered by the browser's module map). A failure reloads when
 *   the guard allows; otherwise the route shows an error page in the shell, which reloads once the
 *   60 s are over if the shopper comes back to it.
 *   Left to Remix (unguarded, as before): the modules of a hovered link it prefetches, and a
 *   form or fetcher posting to a route no link or form on the page names (found and loaded in
 *   one step, with no state change between).
 */

export { CHUNK_GUARD_HANDOFF };

/**
 * The inline watcher of the document's own chunks (in <head>, before any module): the code of
 * inline/chunk-guard-script.ts, built to a string. The hydrated app calls
 * window.__chunkGuardHandoff() to stop it.
 */
export { CHUNK_GUARD_SCRIPT };

/** What the guard needs from the browser (replaceable in tests). */
export interface ChunkGuardEnv {
  importChunk: (url: string) => Promise<unknown>;
  /** sessionStorage; null where it is unavailable (then the page never reloads by itself). */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  reload: () => void;
  now: () => number;
}

/**
 * Reloads the page if the guard allows it (no reload for a chunk in the last 60 s), recording
 * the time first. Returns whether it reloaded. Without storage it never does: a reload it could
 * not record could repeat without end.
 */
export function reloadForChunk(env: Pick<ChunkGuardEnv, 'storage' | 'reload' | 'now'>): boolean {
  if (!env.storage) return false;
  const now = env.now();
  try {
    if (!mayReloadForChunk(parseReloadTime(env.storage.getItem(CHUNK_RELOAD_KEY)), now)) {
      return false;
    }
    env.storage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  env.reload();
  return true;
}

/**
 * Loads one chunk with the 120 s limit. When it fails the page reloads if the guard allows (the
 * returned promise then never settles: the page is going away); otherwise it rejects with a
 * ChunkLoadError. Any failed import counts, as it does for Remix: the browser keeps a failed
 * module failed for the life of the page, so only a new page can mend it.
 */
export async function loadChunk(url: string, env: ChunkGuardEnv): Promise<void> {
  try {
    await withTimeout(
      env.importChunk(url),
      CHUNK_LOAD_TIMEOUT_MS,
      () => new ChunkLoadError(url, 'timeout'),
    );
  } catch (error) {
    if (reloadForChunk(env)) return new Promise<never>(() => undefined);
    throw error instanceof ChunkLoadError
      ? error
      : new ChunkLoadError(url, 'failed', { cause: error });
  }
}

/** The router's route objects, as far as the guard reads them. */
export interface GuardedRoute {
  id: string;
  lazy?: (() => Promise<unknown>) | undefined;
  children?: GuardedRoute[];
}

/** The parts of Remix's browser router the guard uses. */
export interface RouterLike {
  readonly routes: GuardedRoute[];
  subscribe(listener: () => void): () => void;
}

export interface ManifestLike {
  routes: Record<string, { module: string } | undefined>;
}

/**
 * Puts loadChunk in front of every route module the router has yet to load: the routes known
 * now, and those it learns later (route discovery patches them in, and the router's state
 * changes before it loads them: patchRoutes updates the state itself, a navigation enters its
 * loading state). A route whose chunk failed without a reload resolves to `failedRoute(error)`
 * (a route definition: a rejected lazy() would leave the router rendering nothing at all).
 * Returns the undo.
 */
export function installChunkGuard(
  router: RouterLike,
  manifest: ManifestLike,
  env: ChunkGuardEnv,
  failedRoute: (error: ChunkLoadError) => unknown,
): () => void {
  const wrapped = new WeakSet<() => Promise<unknown>>();
  const guard = (routes: GuardedRoute[]) => {
    for (const route of routes) {
      const lazy = route.lazy;
      const url = manifest.routes[route.id]?.module;
      if (lazy && url && !wrapped.has(lazy)) {
        const guarded = async () => {
          try {
            await loadChunk(url, env);
          } catch (error) {
            return failedRoute(error as ChunkLoadError);
          }
          return lazy();
        };
        wrapped.add(guarded);
        route.lazy = guarded;
      }
      if (route.children) guard(route.children);
    }
  };
  guard(router.routes);
  return router.subscribe(() => guard(router.routes));
}

/** What a page whose chunk could not be loaded (and did not reload) says. */
export const CHUNK_FAILED_MESSAGE =
  'This page could not be loaded. Please check your connection and try again.';

/**
 * The page of a route whose chunk failed within 60 s of the last reload: the error page, in the
 * shell. Visiting it again once the 60 s are over reloads (the browser would not fetch the
 * failed chunk again in this page).
 */
function ChunkFailedPage({ env }: { env: ChunkGuardEnv }) {
  // location.key: each visit, the same address again included.
  const { key } = useLocation();
  useEffect(() => {
    reloadForChunk(env);
  }, [env, key]);
  return <ErrorView statusCode={500} message={CHUNK_FAILED_MESSAGE} />;
}

/**
 * The hydrated app's half of the guard (called once, from the root layout): relieves the inline
 * watcher and guards the router's route modules.
 */
export function useChunkGuard() {
  useEffect(() => {
    const w = window as unknown as Record<string, unknown>;
    const handoff = w[CHUNK_GUARD_HANDOFF];
    if (typeof handoff === 'function') handoff();
    const router = window.__remixRouter as unknown as RouterLike | undefined;
    const manifest = window.__remixManifest as unknown as ManifestLike | undefined;
    if (!router || !manifest) return;
    let storage: Storage | null = null;
    try {
      storage = window.sessionStorage;
    } catch {
      storage = null;
    }
    const env: ChunkGuardEnv = {
      importChunk: (url) => import(/* webpackIgnore: true */ url),
      storage,
      reload: () => window.location.reload(),
      now: () => Date.now(),
    };
    return installChunkGuard(router, manifest, env, () => ({
      hasErrorBoundary: false,
      ErrorBoundary: undefined,
      Component: () => <ChunkFailedPage env={env} />,
    }));
  }, []);
}
