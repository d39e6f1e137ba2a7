/**
 * The content pages' data (docs/reference/content.md "Rules", "Search"): every one is the
 * same for every guest, so each says it may be shared (lib/http/cache.server.ts).
 */
import { data, type AppLoadContext } from '@remix-run/node';
import { notFound } from '~/lib/errors.server';
import { cacheHeaders } from '~/lib/http/cache.server';
import { categoryLabel } from './labels';
import { postListPage } from './posts.server';
import { normalizeQuery } from './search-logic';

const shared = (context: AppLoadContext) => ({ headers: cacheHeaders(context, 'shared') });

/** The posts layout: the brand's categories and how they are shown. */
export function postsLayout(context: AppLoadContext) {
  return data(
    {
      categories: context.services.content.categories(context.tenant.sitePath),
      variant: context.tenant.features.postCategoriesAs,
    },
    shared(context),
  );
}

/** /posts: every post, 12 a page. */
export function allPosts(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  return data(postListPage(context, {}, url.searchParams.get('page')), shared(context));
}

/** /posts/{category}: the category's posts; an unknown category is a 404. */
export function categoryPosts(request: Request, context: AppLoadContext, category: string) {
  const url = new URL(request.url);
  if (!context.services.content.categories(context.tenant.sitePath).includes(category)) {
    throw notFound();
  }
  const list = postListPage(context, { category }, url.searchParams.get('page'));
  return data({ ...list, title: categoryLabel(url.pathname), category }, shared(context));
}

/** /posts/{category}/{slug}: one post (its search text left out). */
export function postPage(context: AppLoadContext, category: string, slug: string) {
  const post = context.services.content.post(context.tenant.sitePath, category, slug);
  if (!post) throw notFound();
  const { text: _text, ...rest } = post;
  return data({ post: rest }, shared(context));
}

/** A page (a post without a category) by its slug; null when there is none. */
export function contentPage(context: AppLoadContext, slug: string) {
  const page = context.services.content.post(context.tenant.sitePath, null, slug);
  return page
    ? {
        title: page.title,
        description: page.description,
        html: page.html,
        signup: page.signup,
        form: page.form,
      }
    : null;
}

/** /{page}: a page of the brand (pages are one path segment of letters, digits and dashes). */
export function sitePage(context: AppLoadContext, splat: string) {
  const pathMatch = splat.replace(/\/+$/, '');
  const slug = pathMatch.toLowerCase();
  const page =
    /^[a-z0-9][a-z0-9-]*$/.test(slug) && slug !== 'home' ? contentPage(context, slug) : null;
  if (!page) throw notFound();
  return data({ page, pathMatch }, shared(context));
}

/** A named page the site links to (e.g. the coupons help); a 404 when content has none. */
export function namedPage(context: AppLoadContext, slug: string) {
  const page = contentPage(context, slug);
  if (!page) throw notFound();
  return data({ page }, shared(context));
}

/** /search?q=: the content search (the header box asks the same loader). */
export function searchPage(request: Request, context: AppLoadContext) {
  const q = normalizeQuery(new URL(request.url).searchParams.get('q') ?? '');
  const results = q
    ? context.services.content
        .search(context.tenant.sitePath, q)
        .map(({ title, path, content }) => ({ title, path, content }))
    : [];
  return data({ q, results }, shared(context));
}
