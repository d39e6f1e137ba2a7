import { Box, Heading, Link, Text } from '@chakra-ui/react';
import type { NormalizedError } from '~/lib/errors';

/** The error page of spec §2: 'Page not found' for 404, else 'An error occurred' and the message. */
export function ErrorView({ statusCode, message }: NormalizedError) {
  const notFound = statusCode === 404;
  return (
    <Box as="section" maxW="3xl" mx="auto" px="4" py="16" textAlign="center">
      <Heading as="h1" size="2xl" mb="4">
        {notFound ? 'Page not found' : 'An error occurred'}
      </Heading>
      <Text mb="6" data-testid="error-message">
        {notFound ? message || 'This page could not be found' : message}
      </Text>
      {notFound ? (
        <Text mb="6">
          The page you were looking for may have moved, or the address may be mistyped. Try the
          search box above, or start again from the home page.
        </Text>
      ) : null}
      <Link href="/" color="brand.fg" fontWeight="semibold">
        Go to the home page
      </Link>
    </Box>
  );
}
