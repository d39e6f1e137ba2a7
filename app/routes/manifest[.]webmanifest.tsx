import type { LoaderFunctionArgs } from '@remix-run/node';
import { buildManifest } from '~/lib/offline/app-manifest';
import { brandIconSource } from '~/lib/offline/app-icons.server';

/**
 * The brand's web app manifest (docs/reference/offline.md "Installing"): the same for every
 * visitor of the brand's host, so any cache may keep it for an hour.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const { brand, version } = brandIconSource(context);
  return new Response(JSON.stringify(buildManifest(brand, version)), {
    headers: {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
