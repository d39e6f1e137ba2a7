import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PostBody } from '~/content/post-body';
import { pageMeta } from '~/lib/meta';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { sitePage } from '~/content/pages.server';

const styles = {
  article: sx({ maxW: '3xl', mx: 'auto', px: '4', py: '8' }),
  title: sxRecipe('heading', { size: '3xl' }, { mb: '6' }),
};

/** Catch-all content page (spec §2, param pathMatch): a page file posts/<slug>.md. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return sitePage(context, params['*'] ?? '');
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.page.title ?? 'Page not found', data?.page.description);

export default function ContentPage() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <article className={styles.article}>
      <h1 className={styles.title}>{page.title}</h1>
      <PostBody html={page.html} />
    </article>
  );
}
