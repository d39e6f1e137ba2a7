import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { charityAction, charityLoader } from '~/rewards/charity.server';
import { charitySearchOnly } from '~/rewards/charity';
import { CharityPage } from '~/rewards/charity-page';
import { pageMeta } from '~/lib/meta';

/**
 * /rewards/charity: the shopper's school or charity (docs/reference/rewards.md "Charity"). A page
 * of its own under the root, with no /rewards layout route above it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return charityLoader(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return charityAction(request, context);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, data?.variant === 'schools' ? 'Choose Your School' : 'Choose Your Charity');

/**
 * A school search sent with JavaScript filters the list already loaded: only `q` changed, so the
 * loyalty service is not asked again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) =>
  (formMethod === undefined || formMethod === 'GET') && charitySearchOnly(currentUrl, nextUrl)
    ? false
    : defaultShouldRevalidate;

export default function CharityRoute() {
  const data = useLoaderData<typeof loader>();
  return <CharityPage data={data} />;
}
