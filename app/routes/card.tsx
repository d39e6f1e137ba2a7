import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CARD_PAGE_TITLE, CardPage } from '~/card/card-page';
import { cardLoader } from '~/card/card.server';
import { pageMeta } from '~/lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return cardLoader(request, context);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, CARD_PAGE_TITLE, (retailer) => `Your ${retailer} card, ready to scan.`);

export default function CardRoute() {
  return <CardPage data={useLoaderData<typeof loader>()} />;
}
