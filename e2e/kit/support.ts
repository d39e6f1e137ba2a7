import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const PORT = Number(process.env.E2E_PORT ?? 4173);

/** The address of a brand: Chromium resolves every *.localhost name to loopback. */
export function brandUrl(site: string, path = '/') {
  return `http://${site}.localhost:${PORT}${path}`;
}

/**
 * A raw HTTP request to the e2e server with any Host header (Node does not resolve *.localhost,
 * and a test sometimes needs a host name no browser would send).
 */
export function rawRequest(opts: {
  host: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: opts.path,
        method: opts.method ?? 'GET',
        headers: { host: opts.host, ...(opts.headers ?? {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    if (opts.body) req.write(opts.body);
    req.end();
  });
}

/** Fails on any serious or critical axe violation, listing them. */
export async function expectNoSeriousAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/**
 * Serves the site's documents with their scripts removed: the page a browser without JavaScript
 * shows, while the test can still run axe (which needs JavaScript in the page).
 */
export async function serveWithoutScripts(page: Page) {
  await page.route('**/*', async (route) => {
    const request = route.request();
    if (request.resourceType() !== 'document') return route.continue();
    const url = new URL(request.url());
    const response = await rawRequest({
      host: url.host,
      path: `${url.pathname}${url.search}`,
      headers: { cookie: (await request.allHeaders()).cookie ?? '' },
    });
    const html = response.body
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
      .replace(/<link rel="modulepreload"[^>]*>/gi, '');
    await route.fulfill({
      status: response.status,
      contentType: 'text/html; charset=utf-8',
      body: html,
    });
  });
}

/** Marks every brand's popups as already shown in this browser, so no dialog covers the page. */
export async function dismissPopups(page: Page) {
  const slugs = fs.readdirSync('content').flatMap((site) => {
    const dir = path.join('content', site, 'popups');
    return fs.existsSync(dir) ? fs.readdirSync(dir).map((f) => f.replace(/\.md$/, '')) : [];
  });
  await page.addInitScript((list) => {
    for (const slug of list) {
      localStorage.setItem(`${slug}_shown`, JSON.stringify({ value: true, expiry: null }));
    }
  }, slugs);
}

/** Waits until React has hydrated the page (the shell marks <html data-hydrated>). */
export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}
