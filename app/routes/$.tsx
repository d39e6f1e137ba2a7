import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ContentPage } from '~/content/content-page';
import { sitePage } from '~/content/pages.server';
import { withPageForm } from '~/forms/form-page.server';
import { PageForm } from '~/forms/page-form';
import { pageMeta } from '~/lib/meta';
import { PageSignup } from '~/newsletter/page-signup';
import { withPageSignup } from '~/newsletter/signup.server';

/**
 * Catch-all content page (docs/reference/content.md "What the shopper sees"): a page file
 * posts/<slug>.md. A page whose front matter names a sign-up (`signup: pharmacy | ace`) hosts that
 * form; the `store` query parameter pre-selects the pharmacy's store (docs/reference/newsletter.md
 * "Rules"; the path form is pharmacy.$store.tsx). The page stays the same for every guest: the
 * query is part of the page cache's key. A page whose front matter names a content form
 * (`form: <slug>`) shows it under its text, and is then personal (the form's bot check is signed
 * per page view).
 */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const store = new URL(request.url).searchParams.get('store');
  return withPageForm(
    context,
    withPageSignup(context, sitePage(context, params['*'] ?? ''), store),
  );
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.page.title ?? 'Page not found', data?.page.description);

export default function CatchAllPage() {
  const { page, signup, form } = useLoaderData<typeof loader>();
  return (
    <ContentPage page={page}>
      {signup ? <PageSignup setup={signup} /> : null}
      {form ? <PageForm setup={form} /> : null}
    </ContentPage>
  );
}
