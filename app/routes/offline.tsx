import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { cacheHeaders } from '~/lib/http/cache.server';
import { pageMeta } from '~/lib/meta';
import { KEPT_PAGES, keptPageHref } from '~/lib/offline/kept-pages';
import { OfflinePage } from '~/shell/offline-page';

/**
 * The same for every guest; the service worker fetches it without cookies, as a guest. Its links
 * are the pages kept offline.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const links = KEPT_PAGES.map((page) => ({ href: keptPageHref(page), label: page.label }));
  return data({ links }, { headers: cacheHeaders(context, 'shared') });
}

export { headers } from '~/lib/http/cache.server';

/**
 * Served without scripts: the service worker answers it under any address it cannot reach, which
 * the browser's router would match to another page. Every link here works without JavaScript.
 */
export const handle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'You are offline');

export default function OfflineRoute() {
  return <OfflinePage links={useLoaderData<typeof loader>().links} />;
}
