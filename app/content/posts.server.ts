import type { AppLoadContext } from '@remix-run/node';
import type { PostSummary } from './post-card';
import type { Post, PostQuery } from '~/content/source/types';

export const POSTS_PER_PAGE = 12;

export function toSummary(p: Post): PostSummary {
  return {
    slug: p.slug,
    path: p.path,
    title: p.title,
    description: p.description,
    date: p.date,
    coverImage: p.coverImage,
    altText: p.altText,
  };
}

/** A page of a post list; `page` is 1-based and clamped, so any ?page= value is safe. */
export function postListPage(
  context: AppLoadContext,
  query: Omit<PostQuery, 'limit' | 'skip'>,
  pageParam: string | null,
) {
  const site = context.tenant.sitePath;
  // Pages (posts without a category) never appear in post lists.
  const all = context.services.content.posts(site, { ...query }).filter((p) => p.category !== null);
  const pages = Math.max(1, Math.ceil(all.length / POSTS_PER_PAGE));
  const requested = Number.parseInt(pageParam ?? '1', 10);
  const page = Number.isFinite(requested) ? Math.min(Math.max(requested, 1), pages) : 1;
  const posts = all.slice(0, page * POSTS_PER_PAGE).map(toSummary);
  return { posts, page, pages, total: all.length };
}
