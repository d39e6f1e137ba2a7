import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { sharedListLoader } from '~/list/shared.server';
import { SharedListPage } from '~/list/shared-page';
import { headers as cacheHeaders } from '~/lib/http/cache.server';
import { pageMeta } from '~/lib/meta';

/**
 * /list/shared/:token: a shopper's list, read-only, for whoever has the link (docs/reference/list.md
 * "Sharing"). No personal data but the lines; never indexed, never sent on as a referrer.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return sharedListLoader(params.token ?? '', context);
}

export const headers: HeadersFunction = (args) => {
  const out = new Headers(cacheHeaders(args));
  out.set('Referrer-Policy', 'no-referrer');
  out.set('X-Robots-Tag', 'noindex');
  return out;
};

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Shared Shopping List'),
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

export default function SharedListRoute() {
  return <SharedListPage data={useLoaderData<typeof loader>()} />;
}
