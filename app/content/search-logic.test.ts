import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  debounce,
  freshResults,
  normalizeQuery,
  searchHref,
  SEARCH_DEBOUNCE_MS,
} from './search-logic';

describe('search box helpers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('debounces typing and sends only the last value', () => {
    const fn = vi.fn();
    const search = debounce(fn, SEARCH_DEBOUNCE_MS);
    search('m');
    vi.advanceTimersByTime(100);
    search('mi');
    vi.advanceTimersByTime(249);
    search('milk');
    vi.advanceTimersByTime(249);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith('milk');
  });

  it('can cancel a pending call', () => {
    const fn = vi.fn();
    const search = debounce(fn, 250);
    search('x');
    search.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });

  it('keeps only results for the latest query', () => {
    const results = [{ title: 'Milk', path: '/milk', content: 'milk' }];
    expect(freshResults({ q: 'milk', results }, 'milk')).toBe(results);
    expect(freshResults({ q: 'mil', results }, 'milk')).toBeNull();
    expect(freshResults(undefined, 'milk')).toBeNull();
    expect(freshResults({ q: '', results: [] }, '')).toBeNull();
  });

  it('normalises like the loader and builds the request address', () => {
    expect(normalizeQuery('  turkey dinner ')).toBe('turkey dinner');
    expect(normalizeQuery('x'.repeat(150))).toHaveLength(100);
    expect(searchHref('mac & cheese')).toBe('/search?q=mac+%26+cheese');
  });
});
