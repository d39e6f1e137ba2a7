import path from 'node:path';

/**
 * The environment that starts a site process of a test's own (startSiteProcess) with its clock
 * at `at` and running on from there (./server-clock.mjs): the browser's clock is the page's
 * (`page.clock`), the server's is this.
 */
export function serverClockEnv(at: Date): Record<string, string> {
  const preload = path.resolve('e2e/kit/server-clock.mjs');
  return {
    E2E_SERVER_CLOCK: at.toISOString(),
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${preload}`.trim(),
  };
}
