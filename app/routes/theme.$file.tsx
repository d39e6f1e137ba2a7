import type { LoaderFunctionArgs } from '@remix-run/node';
import { stylesheet } from 'remix-utils/responses';
import { themeStylesheet } from '~/lib/theme/theme-css.server';

/** The brand stylesheet under a content-hashed name: cached for a year. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const tenant = context.tenant;
  const sheet = themeStylesheet(tenant.theme);
  if (params.file !== `${tenant.sitePath}.${sheet.hash}.css`) {
    return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  }
  return stylesheet(sheet.css, {
    headers: { 'Cache-Control': 'public, max-age=31536000, immutable' },
  });
}
