/**
 * Whether analytics may run on this page (once the cookie notice is dismissed, or at once when it
 * was dismissed before). The cookie notice says so; the banner's view and click reports wait for
 * it. Client-only module state: the server never reports anything.
 */
let started = false;
const waiting = new Set<() => void>();

/** Called by the cookie notice when analytics starts. */
export function markAnalyticsStarted(): void {
  if (started) return;
  started = true;
  for (const run of [...waiting]) run();
  waiting.clear();
}

export function analyticsStarted(): boolean {
  return started;
}

/** Runs `run` once analytics has started (now, if it has); returns a cancel function. */
export function whenAnalyticsStarted(run: () => void): () => void {
  if (started) {
    run();
    return () => undefined;
  }
  waiting.add(run);
  return () => waiting.delete(run);
}

/** For tests: back to the state of a page before consent. */
export function resetAnalyticsConsent(): void {
  started = false;
  waiting.clear();
}
