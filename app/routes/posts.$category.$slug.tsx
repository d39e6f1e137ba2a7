import { Box, Button, Heading, Image, Text } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { PostBody } from '~/components/content/post-body';
import { notFound } from '~/lib/errors.server';
import { pageMeta } from '~/lib/meta';
import { categoryLabel, formatDate } from '~/lib/text';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const post = context.services.content.post(
    context.tenant.sitePath,
    params.category ?? '',
    params.slug ?? '',
  );
  if (!post) throw notFound();
  const { text: _text, ...rest } = post;
  return { post: rest };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.post.title ?? 'Page not found', data?.post.description);

export default function PostPage() {
  const { post } = useLoaderData<typeof loader>();
  return (
    <Box as="article" maxW="3xl">
      <Text fontSize="sm" color="fg.muted" mb="2">
        <Link to={`/posts/${post.category}`}>{categoryLabel(post.path)}</Link>
        {post.date ? ` · ${formatDate(post.date, 'long')}` : ''}
      </Text>
      <Heading as="h1" size="3xl" mb="4">
        {post.title}
      </Heading>
      {post.coverImage ? (
        <Image
          src={post.coverImage}
          alt={post.altText ?? ''}
          aspectRatio={2.13}
          w="full"
          objectFit="cover"
          borderRadius="md"
          mb="6"
        />
      ) : null}
      <PostBody html={post.html} />
      {post.link ? (
        <Button asChild colorPalette="brand" mt="4">
          <Link to={post.link.to}>{post.link.label}</Link>
        </Button>
      ) : null}
    </Box>
  );
}
