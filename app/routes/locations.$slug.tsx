import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { pageMeta } from '~/lib/meta';
import { StorePage } from '~/stores/store-page';
import { storePageLoader } from '~/stores/locations.server';

export async function loader({ params, context }: LoaderFunctionArgs) {
  return storePageLoader(context, params.slug);
}

export { headers } from '~/lib/http/cache.server';

/** The page title: '{store} - {retailer}'. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(
    matches,
    data?.store.name ?? 'Location not found',
    data
      ? (retailer) =>
          `${data.store.name}, ${data.store.address}, ${data.store.city}, ${data.store.state}: ${retailer} store hours, phone number and directions.`
      : null,
  );

export default function StoreRoute() {
  return <StorePage data={useLoaderData<typeof loader>()} />;
}
