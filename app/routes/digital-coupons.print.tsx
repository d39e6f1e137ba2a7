import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PRINT_PAGE_TITLE, PrintPage } from '~/coupons/print-page';
import { printLoader } from '~/coupons/print.server';
import { pageMeta } from '~/lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return printLoader(request, context);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, PRINT_PAGE_TITLE);

export default function ClippedCouponsPrintRoute() {
  return <PrintPage data={useLoaderData<typeof loader>()} />;
}
