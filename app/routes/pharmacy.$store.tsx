import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ContentPage } from '~/content/content-page';
import { sitePage } from '~/content/pages.server';
import { pageMeta } from '~/lib/meta';
import { PageSignup } from '~/newsletter/page-signup';
import { withPageSignup } from '~/newsletter/signup.server';

/**
 * /pharmacy/{store}: the pharmacy page with the route parameter 'store' pre-selecting the store of
 * its sign-up (dashes become spaces, each word capitalised), as `/pharmacy?store=` does.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return withPageSignup(context, sitePage(context, 'pharmacy'), params.store ?? null);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.page.title ?? 'Page not found', data?.page.description);

export default function PharmacyStorePage() {
  const { page, signup } = useLoaderData<typeof loader>();
  return <ContentPage page={page}>{signup ? <PageSignup setup={signup} /> : null}</ContentPage>;
}
