/**
 * The chunk guard's inline watcher: before hydration, a page whose own module script or chunk
 * fails to load (an old page after a deployment removed its chunks), or that has not hydrated
 * CHUNK_LOAD_TIMEOUT_MS after it started, reloads itself, at most once per CHUNK_RELOAD_GUARD_MS
 * (the guard shared with the hydrated app's half, chunk-guard.tsx).
 *
 * This module is its source: scripts/inline-scripts.ts bundles `runInline` to a minified IIFE in
 * inline-scripts.generated.ts, which the page inlines in <head>. It runs before any module, so it
 * imports nothing that is not plain data or code without dependencies.
 */
import { JS_ATTRIBUTE } from './js-attribute';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  CHUNK_RELOAD_KEY,
  IMPORT_FAILURE,
  mayReloadForChunk,
  parseReloadTime,
} from '~/lib/browser/loading-rules';

/** The window global through which the hydrated app relieves the inline watcher. */
export const CHUNK_GUARD_HANDOFF = '__chunkGuardHandoff';

/** What the watcher uses of the browser (a fake one in tests). */
export type GuardWindow = Pick<
  Window & typeof globalThis,
  | 'document'
  | 'addEventListener'
  | 'removeEventListener'
  | 'setTimeout'
  | 'clearTimeout'
  | 'sessionStorage'
  | 'location'
>;

/**
 * Watches the page's module scripts and `modulepreload` links (those of the markup and those the
 * start script adds) until the hydrated app calls `win[CHUNK_GUARD_HANDOFF]()`. When the guard
 * holds a reload back, the page drops its scripted mark: it then has the layout of a page
 * without JavaScript (the Choose button, the menu list), which works without the scripts that
 * failed.
 */
export function watchChunks(win: GuardWindow): void {
  let done = false;
  const stop = () => {
    done = true;
    win.clearTimeout(timer);
    win.removeEventListener('error', onError, true);
    win.removeEventListener('unhandledrejection', onRejection);
  };
  const giveUp = () => win.document.documentElement.removeAttribute(JS_ATTRIBUTE);
  const failed = () => {
    if (done) return;
    stop();
    try {
      // Reading sessionStorage throws where storage is off: a reload it could not record could
      // repeat without end, so the page stays as it is.
      const storage = win.sessionStorage;
      const now = Date.now();
      if (!mayReloadForChunk(parseReloadTime(storage.getItem(CHUNK_RELOAD_KEY)), now)) {
        return giveUp();
      }
      storage.setItem(CHUNK_RELOAD_KEY, String(now));
    } catch {
      return giveUp();
    }
    win.location.reload();
  };
  // Resource errors do not bubble: the listener captures them on their way down.
  const onError = (e: Event) => {
    const el = e.target as Partial<HTMLScriptElement & HTMLLinkElement> | null;
    if (
      el &&
      ((el.tagName === 'SCRIPT' && el.type === 'module') ||
        (el.tagName === 'LINK' && el.rel === 'modulepreload'))
    ) {
      failed();
    }
  };
  // The module script's `import()` of the entry module fails as an unhandled rejection.
  const onRejection = (e: PromiseRejectionEvent) => {
    const reason = e.reason as { message?: unknown } | null | undefined;
    if (reason && IMPORT_FAILURE.test(String(reason.message))) failed();
  };
  win.addEventListener('error', onError, true);
  win.addEventListener('unhandledrejection', onRejection);
  const timer = win.setTimeout(failed, CHUNK_LOAD_TIMEOUT_MS);
  (win as unknown as Record<string, unknown>)[CHUNK_GUARD_HANDOFF] = stop;
}

/** The inline script's entry: the browser's window. */
export function runInline(): void {
  watchChunks(window);
}
