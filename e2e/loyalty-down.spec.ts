import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { AVA } from '../test/demo';
import { dismissPopups, PORT } from './support';

/**
 * The site with its loyalty API stopped (connection refused) or hanging (accepts, never
 * answers): a second site process on its own port, pointed at such a backend through
 * LOYALTY_API_URL, as a retailer's own backend would be. The parts that need the loyalty API say
 * so in the spec's words; everything else serves; /healthz says 'degraded' (still 200).
 */

type Backend = 'refused' | 'hanging';

async function hangingBackend(): Promise<{ url: string; close: () => void }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket); // read nothing, answer nothing
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

async function startSite(port: number, loyaltyUrl: string): Promise<ChildProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-loyalty-down-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'fatal',
      SESSION_SECRET: 'e2e-loyalty-down-session-secret-0123456789abcdef',
      LOYALTY_API_URL: loyaltyUrl,
      LOYALTY_SERVICE_BASIC: 'site:any',
      LOYALTY_SERVICE_BEARER: 'any',
      RATE_LIMIT_IP_PER_MINUTE: '1000',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the second site did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
}

for (const [index, backend] of (['refused', 'hanging'] as Backend[]).entries()) {
  test.describe(`loyalty API ${backend}`, () => {
    test.describe.configure({ mode: 'serial' });
    // A second site process starts in ~10-15 s on this machine under load; the hanging backend
    // costs each loyalty-backed page its 5 s deadline.
    test.setTimeout(180_000);
    // Each project (JavaScript on, off) runs in its own worker: one port each.
    let port = 0;
    const url = (site: string, p: string) => `http://${site}.localhost:${port}${p}`;
    let site: ChildProcess | null = null;
    let stopBackend = () => {};

    test.beforeAll(async () => {
      port = PORT + 60 + index * 2 + (test.info().project.name === 'js' ? 0 : 1);
      let loyaltyUrl = 'http://127.0.0.1:9'; // nothing listens on the discard port
      if (backend === 'hanging') {
        const hanging = await hangingBackend();
        loyaltyUrl = hanging.url;
        stopBackend = hanging.close;
      }
      site = await startSite(port, loyaltyUrl);
    });
    test.beforeEach(async ({ page }) => {
      await dismissPopups(page);
    });
    test.afterAll(() => {
      site?.kill('SIGTERM');
      stopBackend();
    });

    test(`health says degraded, still 200 (${backend})`, async () => {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { status: string; degraded: string[] };
      expect(body.status).toBe('degraded');
      expect(body.degraded).toEqual(['loyalty']);
    });

    test(`pages degrade the part that needs the loyalty API (${backend}) @nojs`, async ({
      page,
    }) => {
      {
        // Coupons: the page with its tabs, and the spec's sentence for what is missing.
        const coupons = await page.goto(url('lins', '/digital-coupons'));
        expect(coupons?.status()).toBe(200);
        await expect(
          page.getByRole('heading', { level: 1, name: 'Digital Coupons' }),
        ).toBeVisible();
        await expect(
          page.getByText("Coupons can't be loaded right now. Please try again in a few minutes."),
        ).toBeVisible();
        await expect(page.getByText('Something went wrong with your request')).toHaveCount(0);

        // The home page without its coupon preview; content pages as usual.
        expect((await page.goto(url('lins', '/')))?.status()).toBe(200);
        await expect(page.getByTestId('app-bar')).toBeVisible();
        expect((await page.goto(url('lins', '/posts/recipes')))?.status()).toBe(200);

        // Logging in: the spec's message, never the transport's.
        await page.goto(url('lins', '/login'));
        await page.getByLabel('Email').fill(AVA.email);
        await page.locator('input[name="password"]').fill(AVA.password);
        await page.getByRole('button', { name: 'Login' }).click();
        // A hanging backend holds the login for its 5 s deadline before the answer.
        await expect(page.getByRole('alert')).toHaveText(
          'Something went wrong with your request. Please try submitting again.',
          { timeout: 15_000 },
        );
        await expect(page.locator('body')).not.toContainText(/ECONNREFUSED|unavailable|timeout/i);
      }
    });
  });
}
