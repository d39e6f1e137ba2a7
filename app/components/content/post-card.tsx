import { Box, Heading, Image, LinkBox, LinkOverlay, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { formatDate } from '~/lib/text';

export interface PostSummary {
  slug: string;
  path: string;
  title: string;
  description: string | null;
  date: string | null;
  coverImage: string | null;
  altText: string | null;
}

export function PostCard({
  post,
  headingLevel = 'h2',
}: {
  post: PostSummary;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <LinkBox
      as="article"
      borderWidth="1px"
      borderRadius="md"
      overflow="hidden"
      bg="bg"
      _hover={{ shadow: 'md' }}
      _focusWithin={{ shadow: 'outline' }}
    >
      {post.coverImage ? (
        <Image
          src={post.coverImage}
          alt={post.altText ?? ''}
          aspectRatio={2.13}
          objectFit="cover"
          w="full"
          loading="lazy"
        />
      ) : null}
      <Box p="4">
        {post.date ? (
          <Text fontSize="sm" color="fg.muted">
            {formatDate(post.date)}
          </Text>
        ) : null}
        <Heading as={headingLevel} size="md" mt="1">
          <LinkOverlay asChild>
            <Link to={post.path} prefetch="intent">
              {post.title}
            </Link>
          </LinkOverlay>
        </Heading>
        {post.description ? (
          <Text mt="2" color="fg.muted" lineClamp={3}>
            {post.description}
          </Text>
        ) : null}
      </Box>
    </LinkBox>
  );
}
