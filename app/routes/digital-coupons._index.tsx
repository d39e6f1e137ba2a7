import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CouponsPage } from '~/coupons/coupons-page';
import { couponsAction, couponsLoader } from '~/coupons/page.server';
import { pageMeta } from '~/lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return couponsLoader(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return couponsAction(request, context);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Digital Coupons',
    (retailer) =>
      `Browse and clip ${retailer} digital coupons to your rewards card, then save automatically at checkout.`,
  );

export default function DigitalCouponsRoute() {
  return <CouponsPage data={useLoaderData<typeof loader>()} />;
}
