import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  CHUNK_RELOAD_GUARD_MS,
  ChunkLoadError,
  IMPORT_FAILURE,
  mayReloadForChunk,
  parseReloadTime,
  prefetchAllowed,
  withTimeout,
} from './loading-rules';

afterEach(() => {
  vi.useRealTimers();
});

describe('the chunk reload guard (spec §8, §9: once per 60000 ms)', () => {
  const now = 1_800_000_000_000;

  it('allows a first reload', () => {
    expect(CHUNK_RELOAD_GUARD_MS).toBe(60_000);
    expect(mayReloadForChunk(null, now)).toBe(true);
  });

  it('holds a second reload off for 60 s, then allows it', () => {
    expect(mayReloadForChunk(now, now)).toBe(false);
    expect(mayReloadForChunk(now - 59_999, now)).toBe(false);
    expect(mayReloadForChunk(now - 60_000, now)).toBe(true);
    expect(mayReloadForChunk(now - 3_600_000, now)).toBe(true);
  });

  it('is not held off by a time in the future (a clock set back)', () => {
    expect(mayReloadForChunk(now + 5_000, now)).toBe(true);
  });

  it('reads the stored time, and nothing usable as no reload', () => {
    expect(parseReloadTime(String(now))).toBe(now);
    expect(parseReloadTime(null)).toBeNull();
    expect(parseReloadTime('')).toBeNull();
    expect(parseReloadTime('soon')).toBeNull();
  });
});

describe('what counts as a failed import', () => {
  it("knows the browsers' messages", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: http://lins.localhost/build/routes/x.js',
      'error loading dynamically imported module: http://lins.localhost/build/routes/x.js',
      'Importing a module script failed.',
    ]) {
      expect(IMPORT_FAILURE.test(message), message).toBe(true);
    }
  });

  it('leaves other failures alone (a failed data request, a script error)', () => {
    expect(IMPORT_FAILURE.test('Failed to fetch')).toBe(false);
    expect(IMPORT_FAILURE.test('x is not defined')).toBe(false);
  });
});

describe('the chunk load timeout (spec §9: 120 s)', () => {
  it('fails a chunk still loading after 120 s', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    let outcome: unknown = 'pending';
    void withTimeout(
      new Promise(() => undefined),
      CHUNK_LOAD_TIMEOUT_MS,
      () => new ChunkLoadError('/build/routes/x.js', 'timeout'),
    ).catch((e: unknown) => (outcome = e));
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(ChunkLoadError);
    expect((outcome as Error).message).toContain('took longer than 120 s');
  });

  it('passes a chunk that loads in time, and clears its timer', async () => {
    vi.useFakeTimers();
    const loaded = withTimeout(
      Promise.resolve('module'),
      CHUNK_LOAD_TIMEOUT_MS,
      () => new Error('late'),
    );
    await expect(loaded).resolves.toBe('module');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('link prefetching (spec §9: not on 2g, with data saver, or offline)', () => {
  it('prefetches on a good connection, and where the browser does not say', () => {
    expect(
      prefetchAllowed({ onLine: true, connection: { effectiveType: '4g', saveData: false } }),
    ).toBe(true);
    expect(prefetchAllowed({ onLine: true, connection: { effectiveType: '3g' } })).toBe(true);
    expect(prefetchAllowed({ onLine: true })).toBe(true);
    expect(prefetchAllowed({ connection: null })).toBe(true);
  });

  it('skips prefetching on 2g and slow-2g', () => {
    expect(prefetchAllowed({ onLine: true, connection: { effectiveType: '2g' } })).toBe(false);
    expect(prefetchAllowed({ onLine: true, connection: { effectiveType: 'slow-2g' } })).toBe(false);
  });

  it('skips prefetching with data saver on', () => {
    expect(
      prefetchAllowed({ onLine: true, connection: { effectiveType: '4g', saveData: true } }),
    ).toBe(false);
  });

  it('skips prefetching offline', () => {
    expect(prefetchAllowed({ onLine: false, connection: { effectiveType: '4g' } })).toBe(false);
    expect(prefetchAllowed({ onLine: false })).toBe(false);
  });

  it('never prefetches where there is no browser', () => {
    expect(prefetchAllowed(undefined)).toBe(false);
  });
});
