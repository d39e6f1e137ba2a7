/**
 * A Remix server build made of real route modules, for tests that run the whole HTTP app
 * (server/app.ts) without the compiled bundle: the routes given, under a root route, and an
 * entry whose document render the test chooses (by default an empty body with the status and
 * headers Remix settled on).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { ServerBuild } from '@remix-run/node';
import { createAppLoadContext, type AppServices } from '~/lib/context.server';
import { TenantRegistry } from '~/lib/tenant/registry.server';
import { createServerApp } from '../server/app';

const ROOT = path.resolve(__dirname, '..');

type DocumentRender = (
  request: Request,
  status: number,
  headers: Headers,
  remix: { staticHandlerContext: { loaderData: Record<string, unknown> } },
) => Response;

export interface TestRoute {
  id: string;
  path?: string;
  index?: boolean;
  module: unknown;
}

export function testServerBuild(opts: {
  /** The root route's module (default: renders nothing). */
  root?: unknown;
  routes: TestRoute[];
  document?: DocumentRender;
}): ServerBuild {
  const document: DocumentRender =
    opts.document ?? ((_request, status, headers) => new Response(null, { status, headers }));
  return {
    mode: 'production',
    publicPath: '/build/',
    assetsBuildDirectory: path.join(ROOT, 'public', 'build'),
    isSpaMode: false,
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_lazyRouteDiscovery: true,
      v3_singleFetch: true,
    },
    assets: {
      version: 'test',
      url: '/build/manifest.js',
      entry: { module: '', imports: [] },
      routes: {},
    },
    entry: { module: { createAppLoadContext, default: document } },
    routes: {
      root: { id: 'root', path: '', module: opts.root ?? { default: () => null } },
      ...Object.fromEntries(opts.routes.map((r) => [r.id, { ...r, parentId: 'root' }])),
    },
  } as unknown as ServerBuild;
}

/**
 * The whole HTTP app (server/app.ts) with `build`, the harness's services and the repository's
 * tenants, listening on a free loopback port: `host` is the brand's Host header value.
 */
export async function serveTestApp(
  h: { services: AppServices; tenant(site: string): { origin: string } },
  build: ServerBuild,
  site: string,
): Promise<{ port: number; host: string; close(): Promise<void> }> {
  const registry = new TenantRegistry(path.join(ROOT, 'tenants'), h.services.env.PORT);
  registry.reload();
  const app = createServerApp({
    registry,
    services: h.services,
    build,
    publicDir: path.join(ROOT, 'public'),
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    host: new URL(h.tenant(site).origin).host,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
