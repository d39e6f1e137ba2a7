/** Pure parts of the header search box (docs/reference/content.md "Search"). */

/** Typing pause before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 250;
/** The spinner stays this long after results arrive. */
export const SPINNER_HIDE_DELAY_MS = 200;
/** Longest query searched; the /search loader and the header box both use normalizeQuery. */
export const MAX_QUERY = 100;

export interface SearchData {
  q: string;
  results: { title: string; path: string; content: string }[];
}

/** The query as the /search loader will see it. */
export function normalizeQuery(value: string): string {
  return value.trim().slice(0, MAX_QUERY);
}

export function searchHref(q: string): string {
  return `/search?${new URLSearchParams({ q })}`;
}

/**
 * Results answer the latest query only: a slower, older response (or old data kept by the
 * fetcher) is discarded.
 */
export function freshResults(
  data: SearchData | undefined | null,
  latestQuery: string,
): SearchData['results'] | null {
  if (!data || !latestQuery || data.q !== latestQuery) return null;
  return data.results;
}

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
}

/** Calls `fn` once calls have paused for `ms`; the last arguments win. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const call = (...args: A) => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      fn(...args);
    }, ms);
  };
  call.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return call;
}
