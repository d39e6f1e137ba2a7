import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PostList } from '~/content/post-list';
import { pageMeta } from '~/lib/meta';
import { allPosts } from '~/content/pages.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return allPosts(request, context);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, 'All Posts', (retailer) => `News, recipes and stories from ${retailer}.`);

export default function AllPosts() {
  const data = useLoaderData<typeof loader>();
  return <PostList title="All Posts" basePath="/posts" {...data} />;
}
