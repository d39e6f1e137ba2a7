import { describe, expect, it } from 'vitest';
import { expiryFrom, getEntry, removeEntry, setEntry, type KeyValueStorage } from './local-store';

function fakeStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, String(v)),
    removeItem: (k) => void data.delete(k),
  };
}

function clock(start = Date.UTC(2026, 0, 1)) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const DAY = 86_400_000;

describe('local store', () => {
  it('stores JSON { value, expiry } and reads the value back', () => {
    const storage = fakeStorage();
    const c = clock();
    setEntry('popup_shown', true, { days: 30 }, { storage, now: c.now });
    expect(JSON.parse(storage.data.get('popup_shown')!)).toEqual({
      value: true,
      expiry: c.now() + 30 * DAY,
    });
    expect(getEntry('popup_shown', { storage, now: c.now })).toBe(true);
  });

  it('keeps an entry without a lifetime for ever (expiry null)', () => {
    const storage = fakeStorage();
    const c = clock();
    setEntry('dismissed_cookie_notice', true, {}, { storage, now: c.now });
    expect(JSON.parse(storage.data.get('dismissed_cookie_notice')!).expiry).toBeNull();
    c.advance(5000 * DAY);
    expect(getEntry('dismissed_cookie_notice', { storage, now: c.now })).toBe(true);
  });

  it('deletes an expired entry when it is read', () => {
    const storage = fakeStorage();
    const c = clock();
    setEntry('k', { a: 1 }, { minutes: 10 }, { storage, now: c.now });
    c.advance(10 * 60_000 - 1);
    expect(getEntry('k', { storage, now: c.now })).toEqual({ a: 1 });
    c.advance(1);
    expect(getEntry('k', { storage, now: c.now })).toBeNull();
    expect(storage.data.has('k')).toBe(false);
  });

  it('adds days and minutes together', () => {
    expect(expiryFrom(1000, { days: 1, minutes: 1 })).toBe(1000 + DAY + 60_000);
    expect(expiryFrom(1000, {})).toBeNull();
  });

  it('returns null for a missing key and removes malformed entries', () => {
    const storage = fakeStorage();
    expect(getEntry('missing', { storage })).toBeNull();
    storage.data.set('bad', '{not json');
    storage.data.set('wrong', JSON.stringify({ expiry: 'soon' }));
    expect(getEntry('bad', { storage })).toBeNull();
    expect(getEntry('wrong', { storage })).toBeNull();
    expect(storage.data.size).toBe(0);
  });

  it('does nothing when storage is unavailable or throws', () => {
    expect(() => setEntry('k', 1, {}, { storage: null })).not.toThrow();
    expect(getEntry('k', { storage: null })).toBeNull();
    const throwing: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => setEntry('k', 1, {}, { storage: throwing })).not.toThrow();
    expect(getEntry('k', { storage: throwing })).toBeNull();
    expect(() => removeEntry('k', { storage: throwing })).not.toThrow();
  });

  it('falls back to no storage on the server (no window)', () => {
    expect(getEntry('anything')).toBeNull();
    expect(() => setEntry('anything', 1)).not.toThrow();
  });
});
