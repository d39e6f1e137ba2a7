import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { RewardsPage } from '~/rewards/rewards-page';
import { rewardsLoader } from '~/rewards/rewards.server';
import { pageMeta } from '~/lib/meta';
import { useRootData } from '~/shell/root-data';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return rewardsLoader(request, context);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(
    matches,
    data?.title ?? 'My Rewards',
    (retailer) => `Your ${retailer} rewards: points, credits, offers, receipts and savings.`,
  );

/** The query parameters that only open a dialog: the page's data does not depend on them. */
const DIALOG_PARAMS = ['details', 'coupon'];

function withoutDialogs(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const name of DIALOG_PARAMS) params.delete(name);
  params.sort();
  return `${url.pathname}?${params.toString()}`;
}

/**
 * Opening, switching and closing the dialogs (`?details=`, `?coupon=`) reloads nothing: the data
 * is already on the page. Anything else (the same address again, a form post) reloads it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  if (withoutDialogs(currentUrl) === withoutDialogs(nextUrl)) return false;
  return defaultShouldRevalidate;
};

export default function RewardsRoute() {
  const data = useLoaderData<typeof loader>();
  const firstName = useRootData()?.user?.firstName ?? null;
  return <RewardsPage data={data} firstName={firstName} />;
}
