import { Box, Heading, HStack, Stack } from '@chakra-ui/react';
import { Link, NavLink } from '@remix-run/react';
import { labelFromSegment } from '~/lib/text';

const tabStyle = {
  px: '3',
  py: '2',
  borderBottomWidth: '3px',
  borderColor: 'transparent',
  fontWeight: 'medium',
  _currentPage: { borderColor: 'brand.solid', color: 'brand.fg' },
} as const;

/**
 * Post categories as tabs (first 3 visible, the rest under 'More') or as an aside titled
 * 'Categories' (spec §2). Plain links, so it works without JavaScript; 'More' is a <details>
 * disclosure, which also opens without JavaScript.
 */
export function CategoriesNav({
  categories,
  variant,
}: {
  categories: string[];
  variant: 'tabs' | 'aside';
}) {
  if (categories.length === 0) return null;
  if (variant === 'aside') {
    return (
      <Box as="nav" aria-labelledby="categories-heading">
        <Heading as="h2" size="md" id="categories-heading" mb="3">
          Categories
        </Heading>
        <Stack as="ul" listStyleType="none" gap="2">
          <li>
            <NavLink to="/posts" end>
              All Posts
            </NavLink>
          </li>
          {categories.map((c) => (
            <li key={c}>
              <NavLink to={`/posts/${c}`}>{labelFromSegment(c)}</NavLink>
            </li>
          ))}
        </Stack>
      </Box>
    );
  }
  const visible = categories.slice(0, 3);
  const more = categories.slice(3);
  return (
    <HStack
      as="nav"
      aria-label="Post categories"
      gap="1"
      borderBottomWidth="1px"
      mb="6"
      wrap="wrap"
    >
      <Box asChild {...tabStyle}>
        <NavLink to="/posts" end>
          All Posts
        </NavLink>
      </Box>
      {visible.map((c) => (
        <Box asChild key={c} {...tabStyle}>
          <NavLink to={`/posts/${c}`}>{labelFromSegment(c)}</NavLink>
        </Box>
      ))}
      {more.length ? (
        // <details> opens without JavaScript and is announced as a disclosure.
        <Box as="details" position="relative">
          <Box as="summary" {...tabStyle} cursor="pointer">
            More
          </Box>
          <Stack
            as="ul"
            listStyleType="none"
            position="absolute"
            zIndex="dropdown"
            bg="bg"
            shadow="md"
            borderRadius="md"
            p="2"
            minW="48"
            gap="1"
          >
            {more.map((c) => (
              <li key={c}>
                <Box asChild display="block" px="3" py="2" _hover={{ bg: 'bg.muted' }}>
                  <Link to={`/posts/${c}`}>{labelFromSegment(c)}</Link>
                </Box>
              </li>
            ))}
          </Stack>
        </Box>
      ) : null}
    </HStack>
  );
}
