import type { LoaderFunctionArgs } from '@remix-run/node';
import { themeStylesheet } from '~/lib/theme/theme-css.server';

/** The brand stylesheet under a content-hashed name: cached for a year. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const tenant = context.tenant;
  const sheet = themeStylesheet(tenant.theme);
  if (params.file !== `${tenant.sitePath}.${sheet.hash}.css`) {
    return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  }
  return new Response(sheet.css, {
    headers: {
      'Content-Type': 'text/css; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
    },
  });
}
