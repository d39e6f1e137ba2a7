import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PostList } from '~/content/post-list';
import { pageMeta } from '~/lib/meta';
import { categoryPosts } from '~/content/pages.server';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return categoryPosts(request, context, params.category ?? '');
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(
    matches,
    data?.title ?? 'Posts',
    data ? (retailer) => `${data.title} from ${retailer}.` : null,
  );

export default function CategoryPosts() {
  const { title, category, ...list } = useLoaderData<typeof loader>();
  return <PostList title={title} basePath={`/posts/${category}`} {...list} />;
}
