import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { listAction, listLoader } from '~/list/list.server';
import { ListPage } from '~/list/list-page';
import { pageMeta } from '~/lib/meta';

/** /list: the shopper's shopping list (docs/reference/list.md). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return listLoader(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return listAction(request, context);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Shopping List',
    (retailer) => `Your shopping list for ${retailer}: on every device, and in the aisle offline.`,
  );

export default function ListRoute() {
  return <ListPage data={useLoaderData<typeof loader>()} />;
}
