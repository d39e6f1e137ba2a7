import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PostList } from '~/content/post-list';
import { pageMeta } from '~/lib/meta';
import { postListPage } from '~/content/posts.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return postListPage(context, {}, url.searchParams.get('page'));
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'All Posts');

export default function AllPosts() {
  const data = useLoaderData<typeof loader>();
  return <PostList title="All Posts" basePath="/posts" {...data} />;
}
