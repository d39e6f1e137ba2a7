import { Box, Button, Heading, HStack, Input, Text } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { SearchResults } from '~/components/search/search-results';
import { MAX_QUERY, normalizeQuery } from '~/components/shell/search-logic';
import { pageMeta } from '~/lib/meta';

/** Content search (spec §4, §9). The header box asks this loader too, so both agree. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const q = normalizeQuery(new URL(request.url).searchParams.get('q') ?? '');
  const results = q
    ? context.services.content
        .search(context.tenant.sitePath, q)
        .map(({ title, path, content }) => ({ title, path, content }))
    : [];
  return { q, results };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.q ? `Search: ${data.q}` : 'Search');

export default function SearchPage() {
  const { q, results } = useLoaderData<typeof loader>();
  return (
    <Box maxW="3xl" mx="auto" px="4" py="8">
      <Heading as="h1" size="2xl" mb="6">
        Search
      </Heading>
      <Form method="get" action="/search" role="search">
        <HStack mb="8" align="end">
          <Box flex="1">
            <label htmlFor="search-page-q">
              <Text as="span" fontWeight="medium" display="block" mb="1">
                Search this site
              </Text>
            </label>
            <Input
              id="search-page-q"
              name="q"
              type="search"
              defaultValue={q}
              maxLength={MAX_QUERY}
            />
          </Box>
          <Button type="submit" colorPalette="brand">
            Search
          </Button>
        </HStack>
      </Form>
      {q ? (
        <>
          <Text mb="4" color="fg.muted" aria-live="polite">
            {results.length === 0
              ? ''
              : `${results.length} result${results.length === 1 ? '' : 's'} for “${q}”`}
          </Text>
          <SearchResults results={results} />
        </>
      ) : null}
    </Box>
  );
}
