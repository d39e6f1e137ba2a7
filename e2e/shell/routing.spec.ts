import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { tenant } from '../kit/content';
import { brandUrl, rawRequest } from '../kit/support';

test.describe('routing and errors', () => {
  test('an unknown host gets a plain 404 that names no brand @nojs', async () => {
    const res = await rawRequest({ host: 'unknown-brand.localhost', path: '/' });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toContain('text/plain');
    for (const f of fs.readdirSync('tenants').filter((f) => f !== 'schema.json')) {
      expect(res.body).not.toContain(tenant(f.replace('.json', '')).retailerName);
    }
  });

  test('spec redirects are permanent and keep the query @nojs', async ({ page }) => {
    const statuses: number[] = [];
    page.on('response', (r) => statuses.push(r.status()));
    await page.goto(brandUrl('lins', '/contact-us?ref=print'));
    expect(page.url()).toBe(brandUrl('lins', '/customer-service?ref=print'));
    expect(statuses[0]).toBe(301);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/customer service/i);
  });

  test('an unknown route shows the not-found page with status 404 @nojs', async ({ page }) => {
    const res = await page.goto(brandUrl('dans', '/no-such-page-here'));
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('This page could not be found')).toBeVisible();
    const fourOhFour = await page.goto(brandUrl('dans', '/404'));
    expect(fourOhFour?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('a cross-origin form post is refused before any action runs', async () => {
    const res = await rawRequest({
      host: 'lins.localhost',
      path: '/home-store',
      method: 'POST',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'storeNumber=0012',
    });
    expect(res.status).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  test('pages carry an enforcing CSP with a per-request nonce', async () => {
    const a = await rawRequest({ host: 'lins.localhost', path: '/' });
    const b = await rawRequest({ host: 'lins.localhost', path: '/' });
    const csp = String(a.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain('frame-ancestors');
    const nonce = csp.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toBeTruthy();
    expect(a.body).toContain(`nonce="${nonce}"`);
    expect(String(b.headers['content-security-policy'])).not.toContain(nonce!);
    expect(a.headers['content-security-policy-report-only']).toBeUndefined();
  });

  test('health answers JSON', async () => {
    const res = await rawRequest({ host: '127.0.0.1', path: '/healthz' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({
      status: 'ok',
      loyalty: { mode: 'embedded', status: 'ok' },
      pageCache: { hits: expect.any(Number) },
    });
  });

  test("health on a brand's host says only ok: no addresses, counts or stores", async () => {
    for (const host of ['lins.localhost', 'harvest.localhost']) {
      const res = await rawRequest({ host, path: '/healthz' });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(res.body), host).toEqual({ status: 'ok' });
    }
  });
});

test.describe('bad input', () => {
  test('malformed or hostile addresses never give a 500 or a stack trace @nojs', async () => {
    const cases: [string, number][] = [
      ['/posts/%E0%A4%A', 400],
      ['/images/..%2f..%2ftenants%2flins.json', 404],
      ['/posts/recipes/..%2f..%2fetc', 404],
      ['/posts?page=-5', 200],
      ['/posts?page=abc', 200],
      ['/posts/recipes?page=99999999999999999999', 200],
      ['/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 200],
      ['//evil.example/', 404],
    ];
    for (const [path, status] of cases) {
      const res = await rawRequest({ host: 'lins.localhost', path });
      expect(res.status, path).toBe(status);
      expect(res.body, path).not.toMatch(/\bat [\w.]+ \(|node_modules|<script>alert/);
    }
  });

  test('the home-store form ignores an unknown store and an off-site redirect', async () => {
    const res = await rawRequest({
      host: 'lins.localhost',
      path: '/home-store',
      method: 'POST',
      headers: {
        origin: 'http://lins.localhost',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'storeNumber=bogus&redirectTo=https%3A%2F%2Fevil.example',
    });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
