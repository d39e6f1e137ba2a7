import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PostList } from '~/content/post-list';
import { notFound } from '~/lib/errors.server';
import { pageMeta } from '~/lib/meta';
import { postListPage } from '~/content/posts.server';
import { categoryLabel } from '~/lib/dates';

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const category = params.category ?? '';
  if (!context.services.content.categories(context.tenant.sitePath).includes(category)) {
    throw notFound();
  }
  const list = postListPage(context, { category }, url.searchParams.get('page'));
  return { ...list, title: categoryLabel(url.pathname), category };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.title ?? 'Posts');

export default function CategoryPosts() {
  const { title, category, ...list } = useLoaderData<typeof loader>();
  return <PostList title={title} basePath={`/posts/${category}`} {...list} />;
}
