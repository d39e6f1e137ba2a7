import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { PostBody } from '~/content/post-body';
import { pageMeta } from '~/lib/meta';
import { categoryLabel } from '~/content/labels';
import { formatShopperDate } from '@common/dates';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { LCP_IMAGE_ATTRIBUTES } from '~/lib/ui/image-priority';
import { postPage } from '~/content/pages.server';

const styles = {
  article: sx({ maxW: '3xl' }),
  meta: sx({ fontSize: 'sm', color: 'fg.muted', mb: '2' }),
  title: sxRecipe('heading', { size: '3xl' }, { mb: '4' }),
  cover: sx({ objectFit: 'cover', aspectRatio: 2.13, w: 'full', borderRadius: 'md', mb: '6' }),
  action: sxRecipe('button', { variant: 'solid', size: 'md' }, { colorPalette: 'brand', mt: '4' }),
};

export async function loader({ params, context }: LoaderFunctionArgs) {
  return postPage(context, params.category ?? '', params.slug ?? '');
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.post.title ?? 'Page not found', data?.post.description);

export default function PostPage() {
  const { post } = useLoaderData<typeof loader>();
  return (
    <article className={styles.article}>
      <p className={styles.meta}>
        <Link to={`/posts/${post.category}`}>{categoryLabel(post.path)}</Link>
        {post.date ? ` · ${formatShopperDate(post.date, 'long')}` : ''}
      </p>
      <h1 className={styles.title}>{post.title}</h1>
      {post.coverImage ? (
        <img
          src={post.coverImage}
          alt={post.altText ?? ''}
          className={styles.cover}
          {...LCP_IMAGE_ATTRIBUTES}
        />
      ) : null}
      <PostBody html={post.html} />
      {post.link ? (
        <Link to={post.link.to} className={styles.action}>
          {post.link.label}
        </Link>
      ) : null}
    </article>
  );
}
