import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import {
  DEV_LOYALTY_BASIC,
  DEV_LOYALTY_BEARER,
  DEV_LOYALTY_JWT_SECRET,
} from '../../services/loyalty/credentials';
import { PORT, rawRequest } from '../kit/support';
import { SITE_SERVER_ARGS } from '../../scripts/site-client';

/**
 * What an operator relies on, against the production build: /metrics (on the machine itself or
 * with METRICS_TOKEN, never on a brand's public host), the request id, and no published
 * development credential in production.
 */

/** METRICS_TOKEN in playwright.config.ts's server environment. */
const METRICS_TOKEN = 'e2e-metrics-token-0123456789abcdef';
const local = `127.0.0.1:${PORT}`;
const brand = `lins.localhost:${PORT}`;

test('/metrics answers on the machine itself with request durations by route', async () => {
  expect((await rawRequest({ host: brand, path: '/' })).status).toBe(200);
  const res = await rawRequest({ host: local, path: '/metrics' });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  expect(res.body).toMatch(
    /^http_request_duration_seconds_count\{route="routes\/_index",method="GET",status="200"\} [1-9]/m,
  );
  expect(res.body).toMatch(/^page_cache_lookups_total\{result="(hit|miss)"\} [1-9]/m);
  expect(res.body).toMatch(/^process_resident_memory_bytes \d+/m);
});

test("/metrics on a brand's host is that brand's 404 page, unless the token comes with it", async () => {
  const page = await rawRequest({ host: brand, path: '/metrics' });
  expect(page.status).toBe(404);
  expect(page.headers['content-type']).toMatch(/^text\/html/);
  expect(page.body).toContain('Page not found');
  expect(page.body).not.toContain('http_request_duration_seconds');

  const wrong = await rawRequest({
    host: brand,
    path: '/metrics',
    headers: { authorization: 'Bearer e2e-metrics-token-0123456789abcdeX' },
  });
  expect(wrong.status).toBe(404);

  const scraped = await rawRequest({
    host: brand,
    path: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(scraped.status).toBe(200);
  expect(scraped.body).toContain('# TYPE http_request_duration_seconds histogram');
});

test('every answer carries its request id; a plain incoming one is kept', async () => {
  const given = await rawRequest({
    host: brand,
    path: '/',
    headers: { 'x-request-id': 'edge-7f3a.1' },
  });
  expect(given.headers['x-request-id']).toBe('edge-7f3a.1');
  const made = await rawRequest({
    host: brand,
    path: '/',
    headers: { 'x-request-id': '<script>' },
  });
  expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  // A page served from the guest cache has its own id too.
  const again = await rawRequest({ host: brand, path: '/' });
  expect(again.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(again.headers['x-request-id']).not.toBe(made.headers['x-request-id']);
});

test('production: the embedded loyalty service runs on generated credentials, kept in DATA_DIR', async () => {
  // The server of this run has NODE_ENV=production and no LOYALTY_SERVICE_* variable.
  const file = path.join(E2E_DATA_DIR, 'loyalty-credentials.json');
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  expect(Object.keys(kept).sort()).toEqual(['basic', 'bearer', 'jwtSecret']);
  expect(kept.basic).not.toBe(DEV_LOYALTY_BASIC);
  expect(kept.bearer).not.toBe(DEV_LOYALTY_BEARER);
  expect(kept.jwtSecret).not.toBe(DEV_LOYALTY_JWT_SECRET);
  // The site's own client uses them: a page that needs the loyalty API has its coupons.
  const coupons = await rawRequest({ host: brand, path: '/digital-coupons' });
  expect(coupons.status).toBe(200);
  expect(coupons.body).not.toContain("Coupons can't be loaded right now");
});

test('production: a published development credential stops the start with one line', async () => {
  test.setTimeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-dev-credential-'));
  const child = spawn(process.execPath, SITE_SERVER_ARGS, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT + 76),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'e2e-dev-credential-session-secret-0123456789',
      LOYALTY_SERVICE_JWT_SECRET: DEV_LOYALTY_JWT_SECRET,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
  expect(code).toBe(1);
  const lines = stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^LOYALTY_SERVICE_JWT_SECRET is the published development value/);
  expect(stderr).not.toContain(DEV_LOYALTY_JWT_SECRET);
});
