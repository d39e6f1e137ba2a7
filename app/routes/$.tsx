import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PostBody } from '~/content/post-body';
import { pageMeta } from '~/lib/meta';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { sitePage } from '~/content/pages.server';
import { PageSignup } from '~/newsletter/page-signup';
import { signupSetup } from '~/newsletter/signup.server';

const styles = {
  article: sx({ maxW: '3xl', mx: 'auto', px: '4', py: '8' }),
  title: sxRecipe('heading', { size: '3xl' }, { mb: '6' }),
};

/**
 * Catch-all content page (spec §2, param pathMatch): a page file posts/<slug>.md. A page whose
 * front matter names a sign-up (`signup: pharmacy | ace`) hosts that form; the `store` parameter
 * pre-selects the pharmacy's store (spec §2 Newsletter dialogs). The page stays the same for
 * every guest: the query is part of the page cache's key.
 */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const page = sitePage(context, params['*'] ?? '');
  const kind = page.data.page.signup;
  const store = new URL(request.url).searchParams.get('store');
  const signup = kind ? signupSetup(context, kind, { store }) : null;
  return data({ ...page.data, signup }, page.init ?? undefined);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.page.title ?? 'Page not found', data?.page.description);

export default function ContentPage() {
  const { page, signup } = useLoaderData<typeof loader>();
  return (
    <article className={styles.article}>
      <h1 className={styles.title}>{page.title}</h1>
      <PostBody html={page.html} />
      {signup && signup.variant !== 'standard' ? (
        <PageSignup setup={{ ...signup, variant: signup.variant }} />
      ) : null}
    </article>
  );
}
