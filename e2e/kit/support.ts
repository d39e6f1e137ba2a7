import fs from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type Request } from '@playwright/test';

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

/**
 * Resolves once the page has run the work already queued for it: what a timer or an event just
 * asked React to render is committed and that render's effects have run (React's scheduler runs
 * each as a task posted to a MessageChannel, and these are answered in order; no fake clock holds
 * them back). The condition a test waits on before it checks that something did not happen.
 */
export async function afterQueuedWork(page: Page) {
  await page.evaluate(async () => {
    for (let round = 0; round < 3; round += 1) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
  });
}

/** The shell's popup opens this long after the page has hydrated (app/shell/popup-logic.ts). */
export const POPUP_DELAY_MS = 1000;

/**
 * Lets the page's timers run `ms` ahead on its clock (installed with `page.clock.install()`
 * before the page loaded), then waits for what they rendered: a timer due in that time has
 * fired, without the test waiting for it.
 */
export async function runTimers(page: Page, ms: number) {
  await page.clock.runFor(ms);
  await afterQueuedWork(page);
}

/**
 * Stops the page's clock (installed before the page loaded) a second ahead of where it is: from
 * then on the page's timers run only when the test moves its clock on (runTimers), however slow
 * the machine is. Everything on the page that uses timers waits too (axe does): `resume()` the
 * clock first.
 */
export async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

/**
 * Holds the requests matching `url` until `release()` (then they go on, and so do later ones):
 * a test sees what the page shows while an answer is on its way, then lets it come.
 */
export async function holdRequests(page: Page, url: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/**
 * Follows the requests the page sends from now on: `pending()` counts those not yet answered (or
 * failed); `stop()` stops following.
 */
export function trackRequests(page: Page) {
  const open = new Set<Request>();
  const sent = (request: Request) => open.add(request);
  const done = (request: Request) => open.delete(request);
  page.on('request', sent);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    pending: () => open.size,
    stop() {
      page.off('request', sent);
      page.off('requestfinished', done);
      page.off('requestfailed', done);
    },
  };
}

/**
 * Answers the requests matching `url` `ms` late: a server that is slow to send something is the
 * situation a test sets up (what the test itself waits for are conditions).
 */
export async function answerLate(page: Page, url: string | RegExp, ms: number) {
  await page.route(url, async (route) => {
    await delay(ms);
    await route.continue();
  });
}

/**
 * Presses a Submit that reads as unavailable (`aria-disabled`) until its form is valid: a person
 * can still press it, and it then shows every message (docs/decisions/0030-submit-until-valid.md).
 * Playwright waits for such a button to be enabled, so the click is forced past that wait; it is
 * still a real pointer press at the button.
 */
export async function pressUnavailable(button: Locator) {
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await button.click({ force: true });
}
