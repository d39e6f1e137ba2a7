import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { pageMeta } from '~/lib/meta';
import { LocationsPage } from '~/stores/locations-page';
import { locationsLoader } from '~/stores/locations.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return locationsLoader(request, context);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Store Locator',
    (retailer) =>
      `Find a ${retailer} store near you, with addresses, store hours, phone numbers and directions.`,
  );

export default function LocationsRoute() {
  return <LocationsPage data={useLoaderData<typeof loader>()} />;
}
