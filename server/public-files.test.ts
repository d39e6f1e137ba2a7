import http from 'node:http';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startActionHarness, type ActionHarness } from '@test/action-harness';
import { serveTestApp, testServerBuild } from '@test/server-build';

/**
 * public/'s own files (favicon…) are served from disk; every other path goes to the pages
 * without touching the file system, and no odd path makes the gate throw.
 */
describe('public files and page paths', () => {
  const SITE = 'lins';
  let h: ActionHarness;
  let app: Awaited<ReturnType<typeof serveTestApp>> | undefined;
  const build = testServerBuild({
    routes: [
      {
        id: 'routes/$',
        path: '*',
        module: {
          loader: ({ params }: LoaderFunctionArgs) => ({ page: params['*'] }),
          default: () => null,
        },
      },
    ],
    document: (_request, status, headers) => {
      headers.set('Content-Type', 'text/plain');
      return new Response('page', { status, headers });
    },
  });

  beforeAll(async () => {
    h = await startActionHarness({ sites: [SITE] });
    app = await serveTestApp(h, build, SITE);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await h?.close();
  });

  function get(urlPath: string): Promise<{ status: number; type: string; body: string }> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: app!.port, path: urlPath, headers: { host: app!.host } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
  }

  it('serves the favicon from public/', async () => {
    const res = await get('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('<svg');
  });

  it('hands every other path to the pages, odd escapes included', async () => {
    for (const p of ['/digital-coupons', '/favicon.svg.bak', '/%E0%A4%A', '/%2e%2e/package.json']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.body, p).toBe('page');
    }
  });
});
