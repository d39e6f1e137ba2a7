import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PostBody } from '~/content/post-body';
import { notFound } from '~/lib/errors.server';
import { pageMeta } from '~/lib/meta';
import { sx, sxRecipe } from '~/lib/theme/static-css';

const styles = {
  article: sx({ maxW: '3xl', mx: 'auto', px: '4', py: '8' }),
  title: sxRecipe('heading', { size: '3xl' }, { mb: '6' }),
};

/** Catch-all content page (spec §2, param pathMatch): a page file posts/<slug>.md. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const pathMatch = (params['*'] ?? '').replace(/\/+$/, '');
  const slug = pathMatch.toLowerCase();
  const page =
    /^[a-z0-9][a-z0-9-]*$/.test(slug) && slug !== 'home'
      ? context.services.content.post(context.tenant.sitePath, null, slug)
      : null;
  if (!page) throw notFound();
  return { page: { title: page.title, description: page.description, html: page.html }, pathMatch };
}

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
