import { Box, Heading } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PostBody } from '~/components/content/post-body';
import { notFound } from '~/lib/errors.server';
import { pageMeta } from '~/lib/meta';

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
    <Box as="article" maxW="3xl" mx="auto" px="4" py="8">
      <Heading as="h1" size="3xl" mb="6">
        {page.title}
      </Heading>
      <PostBody html={page.html} />
    </Box>
  );
}
