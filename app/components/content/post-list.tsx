import { Box, Button, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { PostCard, type PostSummary } from './post-card';

/** A grid of posts with a 'Show more' link that works without JavaScript (?page=N+1). */
export function PostList({
  title,
  posts,
  page,
  pages,
  basePath,
}: {
  title: string;
  posts: PostSummary[];
  page: number;
  pages: number;
  basePath: string;
}) {
  return (
    <Box>
      <Heading as="h1" size="2xl" mb="6">
        {title}
      </Heading>
      {posts.length === 0 ? (
        <Text>There are no posts here yet. Please check back soon.</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="6" as="ul" listStyleType="none">
          {posts.map((p) => (
            <Box as="li" key={p.path}>
              <PostCard post={p} />
            </Box>
          ))}
        </SimpleGrid>
      )}
      {page < pages ? (
        <Box textAlign="center" mt="8">
          <Button asChild variant="outline" colorPalette="brand">
            <Link to={`${basePath}?page=${page + 1}`} preventScrollReset>
              Show More
            </Link>
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
