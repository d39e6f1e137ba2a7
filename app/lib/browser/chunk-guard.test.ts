import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  installChunkGuard,
  loadChunk,
  reloadForChunk,
  type ChunkGuardEnv,
  type GuardedRoute,
} from './chunk-guard';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  CHUNK_RELOAD_GUARD_MS,
  CHUNK_RELOAD_KEY,
  ChunkLoadError,
} from './loading-rules';

afterEach(() => {
  vi.useRealTimers();
});

const T0 = 1_800_000_000_000;
const importFailure = () =>
  new TypeError('Failed to fetch dynamically imported module: http://x/build/routes/a.js');

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    items,
  };
}

/** A browser whose clock the test moves and whose reloads it counts. */
function fakeEnv(importChunk: ChunkGuardEnv['importChunk']) {
  const storage = memoryStorage();
  const env = {
    importChunk,
    storage,
    reload: vi.fn(),
    clock: T0,
    now: () => env.clock,
  };
  return env;
}

describe('reloadForChunk', () => {
  it('reloads once, records the time, and not again within 60 s', () => {
    const env = fakeEnv(() => Promise.resolve());
    expect(reloadForChunk(env)).toBe(true);
    expect(env.storage.items.get(CHUNK_RELOAD_KEY)).toBe(String(T0));
    env.clock += CHUNK_RELOAD_GUARD_MS - 1;
    expect(reloadForChunk(env)).toBe(false);
    env.clock += 1;
    expect(reloadForChunk(env)).toBe(true);
    expect(env.reload).toHaveBeenCalledTimes(2);
  });

  it('never reloads when it cannot record the reload', () => {
    const reload = vi.fn();
    expect(reloadForChunk({ storage: null, reload, now: () => T0 })).toBe(false);
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(reloadForChunk({ storage: full, reload, now: () => T0 })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('loadChunk', () => {
  it('resolves when the chunk loads', async () => {
    const env = fakeEnv(() => Promise.resolve({}));
    await expect(loadChunk('/build/routes/a.js', env)).resolves.toBeUndefined();
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('reloads on the first failure and then never settles', async () => {
    const env = fakeEnv(() => Promise.reject(importFailure()));
    let settled = false;
    void loadChunk('/build/routes/a.js', env).then(
      () => (settled = true),
      () => (settled = true),
    );
    await vi.waitFor(() => expect(env.reload).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBe(false);
  });

  it('fails with a ChunkLoadError (the error page) when a reload happened under 60 s ago', async () => {
    const env = fakeEnv(() => Promise.reject(importFailure()));
    env.storage.setItem(CHUNK_RELOAD_KEY, String(T0 - 30_000));
    const error = await loadChunk('/build/routes/a.js', env).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('counts a chunk still loading after 120 s as failed', async () => {
    vi.useFakeTimers();
    const env = fakeEnv(() => new Promise(() => undefined));
    void loadChunk('/build/routes/a.js', env);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(env.reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(env.reload).toHaveBeenCalledTimes(1);
  });

  it('counts a module that fails while running as failed too (only a new page can mend it)', async () => {
    const env = fakeEnv(() => Promise.reject(new ReferenceError('x is not defined')));
    env.storage.setItem(CHUNK_RELOAD_KEY, String(T0 - 1_000));
    const error = await loadChunk('/build/routes/a.js', env).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).cause).toBeInstanceOf(ReferenceError);
  });
});

/** A router like Remix's: a route tree with lazy modules, state changes told to subscribers. */
function fakeRouter(routes: GuardedRoute[]) {
  const listeners = new Set<() => void>();
  return {
    routes,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Route discovery: children added to a parent, then a state change. */
    patch(parent: GuardedRoute, children: GuardedRoute[]) {
      parent.children = [...(parent.children ?? []), ...children];
      for (const l of listeners) l();
    },
    listeners,
  };
}

describe('installChunkGuard', () => {
  const failedRoute = (error: ChunkLoadError) => ({ failed: error.url });
  const manifest = {
    routes: {
      root: { module: '/build/root.js' },
      'routes/a': { module: '/build/routes/a.js' },
      'routes/b': { module: '/build/routes/b.js' },
    },
  };

  it('loads a route module itself before the router lazy-loads it', async () => {
    const order: string[] = [];
    const env = fakeEnv(async (url) => void order.push(`guard ${url}`));
    const lazyA = vi.fn(async () => void order.push('remix a'));
    const root: GuardedRoute = { id: 'root', children: [{ id: 'routes/a', lazy: lazyA }] };
    const router = fakeRouter([root]);
    installChunkGuard(router, manifest, env, failedRoute);
    await root.children![0].lazy!();
    expect(order).toEqual(['guard /build/routes/a.js', 'remix a']);
  });

  it('guards routes discovered later, once each', async () => {
    const imported: string[] = [];
    const env = fakeEnv(async (url) => void imported.push(url));
    const root: GuardedRoute = { id: 'root', children: [] };
    const router = fakeRouter([root]);
    installChunkGuard(router, manifest, env, failedRoute);
    const lazyB = vi.fn(async () => ({}));
    router.patch(root, [{ id: 'routes/b', lazy: lazyB }]);
    router.patch(root, []);
    await root.children![0].lazy!();
    expect(imported).toEqual(['/build/routes/b.js']);
    expect(lazyB).toHaveBeenCalledTimes(1);
  });

  it("keeps Remix's own loader (and its unguarded reload) out of a failure: the route becomes the error page", async () => {
    const env = fakeEnv(() => Promise.reject(importFailure()));
    env.storage.setItem(CHUNK_RELOAD_KEY, String(T0 - 1_000));
    const lazyA = vi.fn(async () => ({}));
    const root: GuardedRoute = { id: 'root', children: [{ id: 'routes/a', lazy: lazyA }] };
    installChunkGuard(fakeRouter([root]), manifest, env, failedRoute);
    await expect(root.children![0].lazy!()).resolves.toEqual({ failed: '/build/routes/a.js' });
    expect(lazyA).not.toHaveBeenCalled();
    expect(env.reload).not.toHaveBeenCalled();
  });

  it('stops following the router when undone', () => {
    const router = fakeRouter([{ id: 'root' }]);
    const undo = installChunkGuard(
      router,
      manifest,
      fakeEnv(async () => undefined),
      failedRoute,
    );
    expect(router.listeners.size).toBe(1);
    undo();
    expect(router.listeners.size).toBe(0);
  });
});
