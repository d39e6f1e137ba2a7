import { expect, test } from '@playwright/test';
import { growthMb, measureFootprint } from '../../scripts/footprint';
import { PORT } from '../kit/support';

/**
 * The site fits one small server. A site process of its own on the embedded
 * defaults (PGlite), started on a fresh data folder, stopped and started again, must rest at
 * 450 MB or less and not keep growing under 30 s of mixed load at 50 connections. The full
 * measurement, PostgreSQL mode and 60 s included, is `npm run footprint`.
 */
test('at rest within 450 MB on the embedded stores, no growth under load @footprint', async () => {
  test.setTimeout(300_000);
  const result = await measureFootprint({
    mode: 'pglite',
    loadSeconds: 30,
    connections: 50,
    port: PORT + 80,
  });
  console.log(
    `footprint (pglite): at rest ${result.atRestMb} MB; under load ${result.samples.join(' ')} MB; ` +
      `${result.requests} requests`,
  );
  expect(result.errors).toBe(0);
  expect(result.requests).toBeGreaterThan(100);
  expect(result.atRestMb).toBeLessThanOrEqual(450);
  // Warming up (V8's young generation, PGlite's caches) takes the first seconds; after that the
  // process holds steady.
  expect(growthMb(result.samples)).toBeLessThanOrEqual(100);
});
