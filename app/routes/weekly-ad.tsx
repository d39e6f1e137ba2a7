import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { pageMeta } from '~/lib/meta';
import { WeeklyAdPage } from '~/weekly-ad/weekly-ad-page';
import { weeklyAdLoader } from '~/weekly-ad/weekly-ad.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return weeklyAdLoader(request, context);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Weekly Ad',
    (retailer) =>
      `This week's ${retailer} weekly ad: the deals at your store, page by page and as searchable text.`,
  );

export default function WeeklyAdRoute() {
  return <WeeklyAdPage data={useLoaderData<typeof loader>()} />;
}
