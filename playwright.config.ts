import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests run the production build with its embedded services on a private port, with
 * a copy of tenants/ (a test drops new brand files into it) and a fresh data folder. The global
 * setup (e2e/kit/global-setup.ts) starts that site beside the one that seeds the data folder the
 * tests' own site processes copy, and stops it at the end.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
const root = path.resolve(`.cache/e2e-${E2E_PORT}`);
export const E2E_TENANTS_DIR = path.join(root, 'tenants');
export const E2E_DATA_DIR = path.join(root, 'data');
// A migrated and seeded data folder (e2e/kit/global-setup.ts) that a test's own site process
// starts from (e2e/kit/site-process.ts): the main process and the workers read it from here.
process.env.E2E_SEEDED_DATA_DIR = path.join(root, 'seeded-data');
const dataDir = E2E_DATA_DIR;

/** The suite's site process's environment (the port and the host are set by the global setup). */
export const E2E_SERVER_ENV: Record<string, string> = {
  PORT: String(E2E_PORT),
  DATA_DIR: dataDir,
  TENANTS_DIR: E2E_TENANTS_DIR,
  TENANTS_RESCAN_MS: '1000',
  SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
  LOG_LEVEL: 'warn',
  // Playwright fills forms faster than a person: the honeypot's minimum fill time is off, and the
  // per-IP limit is high because every test comes from one address.
  BOT_CHECK_MIN_FILL_MS: '0',
  RATE_LIMIT_IP_PER_MINUTE: '1000',
  // /metrics from a brand's host with this token (e2e/ops/operations.spec.ts).
  METRICS_TOKEN: 'e2e-metrics-token-0123456789abcdef',
};

if (!process.env.TEST_WORKER_INDEX) {
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(E2E_TENANTS_DIR, { recursive: true });
  fs.mkdirSync(dataDir, { recursive: true });
  for (const f of fs.readdirSync('tenants')) {
    fs.copyFileSync(path.join('tenants', f), path.join(E2E_TENANTS_DIR, f));
  }
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Debian's chromium-headless-shell (the same Chromium build without the browser's window code,
 * what Playwright itself runs headless): about a quarter less CPU per test than the full
 * /usr/bin/chromium, which stays the fallback when the shell is not installed (scripts/test.sh
 * installs both). The one test about installing the site as an app runs the full browser.
 */
export const CHROMIUM_EXECUTABLE =
  process.env.E2E_CHROMIUM ??
  ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((f) => fs.existsSync(f));

const launchOptions = { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS };

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/kit/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: '.cache/playwright.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions,
    trace: 'off',
    screenshot: 'only-on-failure',
    // The site's service worker stays out of every test but the one about it
    // (e2e/shell/offline.spec.ts allows it): a test sees the network's answers, as before.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'js', use: { javaScriptEnabled: true }, grepInvert: /@nojs-only|@footprint/ },
    { name: 'no-js', use: { javaScriptEnabled: false }, grep: /@nojs/ },
    // The memory test loads a site process of its own at 50 connections: alone, after the rest,
    // so it neither starves the other tests nor is measured beside them.
    { name: 'footprint', grep: /@footprint/, dependencies: ['js', 'no-js'] },
  ],
});
