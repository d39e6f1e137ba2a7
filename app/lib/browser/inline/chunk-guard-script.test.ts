import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, CHUNK_RELOAD_KEY } from '~/lib/browser/loading-rules';
import { CHUNK_GUARD_HANDOFF, watchChunks, type GuardWindow } from './chunk-guard-script';
import { CHUNK_GUARD_SCRIPT } from './inline-scripts.generated';
import { JS_ATTRIBUTE } from './js-attribute';

afterEach(() => {
  vi.useRealTimers();
});

const T0 = 1_800_000_000_000;
const importFailure = () =>
  new TypeError('Failed to fetch dynamically imported module: http://x/build/routes/a.js');

/**
 * A fake window at time `now` (fake timers): its listeners, reloads, sessionStorage and the
 * scripted mark on <html>. `storage: null` stands for a browser whose sessionStorage throws.
 */
function fakeWindow(stored: Record<string, string> | null = {}, now = T0) {
  vi.useFakeTimers({ now });
  const listeners = new Map<string, (e: unknown) => void>();
  const items = new Map(Object.entries(stored ?? {}));
  const reload = vi.fn();
  const marks = new Set([JS_ATTRIBUTE]);
  const win = {
    document: { documentElement: { removeAttribute: (name: string) => marks.delete(name) } },
    get sessionStorage() {
      if (!stored) throw new DOMException('denied', 'SecurityError');
      return {
        getItem: (k: string) => items.get(k) ?? null,
        setItem: (k: string, v: string) => void items.set(k, v),
      };
    },
    location: { reload },
    addEventListener: (type: string, fn: (e: unknown) => void) => listeners.set(type, fn),
    removeEventListener: (type: string) => listeners.delete(type),
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
  } as Record<string, unknown>;
  return { win, listeners, items, reload, marks };
}

function runWatcher(stored?: Record<string, string> | null, now?: number) {
  const page = fakeWindow(stored, now);
  watchChunks(page.win as unknown as GuardWindow);
  return page;
}

const moduleScript = { target: { tagName: 'SCRIPT', type: 'module' } };

describe('the inline watcher of the first load', () => {
  it("reloads once when one of the page's module scripts fails", () => {
    const page = runWatcher();
    page.listeners.get('error')!(moduleScript);
    expect(page.reload).toHaveBeenCalledTimes(1);
    expect(page.marks.has(JS_ATTRIBUTE)).toBe(true);
    expect(page.items.get(CHUNK_RELOAD_KEY)).toBe(String(T0));
    expect(page.listeners.size).toBe(0);
  });

  it('reloads for a failed modulepreload link too', () => {
    const page = runWatcher();
    page.listeners.get('error')!({ target: { tagName: 'LINK', rel: 'modulepreload' } });
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload again within 60 s of the last reload: the page takes its plain layout', () => {
    const page = runWatcher({ [CHUNK_RELOAD_KEY]: String(T0 - 59_000) });
    page.listeners.get('error')!(moduleScript);
    expect(page.reload).not.toHaveBeenCalled();
    expect(page.marks.has(JS_ATTRIBUTE)).toBe(false);
  });

  it('reloads again once the last reload is 60 s old', () => {
    const page = runWatcher({ [CHUNK_RELOAD_KEY]: String(T0 - 60_000) });
    page.listeners.get('error')!(moduleScript);
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it('never reloads where sessionStorage cannot record it: the page takes its plain layout', () => {
    const page = runWatcher(null);
    page.listeners.get('error')!(moduleScript);
    expect(page.reload).not.toHaveBeenCalled();
    expect(page.marks.has(JS_ATTRIBUTE)).toBe(false);
  });

  it('reloads for a failed entry import, not for other errors', () => {
    const page = runWatcher();
    page.listeners.get('error')!({ target: { tagName: 'IMG' } });
    page.listeners.get('error')!({ target: null });
    page.listeners.get('unhandledrejection')!({ reason: new TypeError('Failed to fetch') });
    page.listeners.get('unhandledrejection')!({ reason: null });
    expect(page.reload).not.toHaveBeenCalled();
    page.listeners.get('unhandledrejection')!({ reason: importFailure() });
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it('counts a page not hydrated 120 s after it started as failed', () => {
    const page = runWatcher();
    vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(page.reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it('stops once the hydrated app takes over', () => {
    const page = runWatcher();
    (page.win[CHUNK_GUARD_HANDOFF] as () => void)();
    expect(page.listeners.size).toBe(0);
    vi.advanceTimersByTime(CHUNK_LOAD_TIMEOUT_MS);
    expect(page.reload).not.toHaveBeenCalled();
  });
});

describe('the built watcher (CHUNK_GUARD_SCRIPT)', () => {
  /** Runs the inlined text as the browser would, with the fake window as `window`. */
  function runBuilt(stored?: Record<string, string>) {
    const page = fakeWindow(stored);
    new Function('window', CHUNK_GUARD_SCRIPT)(page.win);
    return page;
  }

  it('is a classic script that parses', () => {
    expect(() => new Function(CHUNK_GUARD_SCRIPT)).not.toThrow();
    expect(CHUNK_GUARD_SCRIPT).toMatch(/^\(\(\)=>\{[\s\S]*\}\)\(\);$/);
  });

  it('watches the window it runs in, reloads once, and hands over', () => {
    const page = runBuilt();
    expect([...page.listeners.keys()]).toEqual(['error', 'unhandledrejection']);
    page.listeners.get('error')!(moduleScript);
    expect(page.reload).toHaveBeenCalledTimes(1);
    expect(page.items.get(CHUNK_RELOAD_KEY)).toBe(String(T0));

    const later = runBuilt({ [CHUNK_RELOAD_KEY]: String(T0 - 1_000) });
    expect(typeof later.win[CHUNK_GUARD_HANDOFF]).toBe('function');
    later.listeners.get('unhandledrejection')!({ reason: importFailure() });
    expect(later.reload).not.toHaveBeenCalled();
    expect(later.marks.has(JS_ATTRIBUTE)).toBe(false);
  });
});
