import type { LoaderFunctionArgs } from '@remix-run/node';
import { appIconSvg, parseAppIconFile } from '~/lib/offline/app-manifest';
import { brandIconSource } from '~/lib/offline/app-icons.server';

/**
 * The brand's app icons, drawn from its colours and logo (docs/reference/offline.md
 * "Installing"). The address names the version of the brand's look, so an icon is kept a year;
 * another version answers 404 (the manifest names the current one).
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const icon = parseAppIconFile(params.file ?? '');
  const { brand, logo, version } = brandIconSource(context);
  if (!icon || icon.version !== version) {
    return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  }
  return new Response(appIconSvg(brand, icon.kind, icon.size, logo), {
    headers: {
      'Content-Type': 'image/svg+xml',
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
}
