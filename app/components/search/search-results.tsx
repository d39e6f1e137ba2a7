import { Box, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import type { SearchResult } from '~/lib/content/types';

/** Result list shared by the /search page and the header box; snippets are pre-escaped HTML. */
export function SearchResults({
  results,
  onSelect,
  compact = false,
}: {
  results: Pick<SearchResult, 'title' | 'path' | 'content'>[];
  onSelect?: () => void;
  compact?: boolean;
}) {
  if (results.length === 0) {
    return (
      <Text py="3" px={compact ? '3' : '0'} role="status">
        No results
      </Text>
    );
  }
  return (
    <Stack as="ul" listStyleType="none" gap={compact ? '0' : '6'} data-testid="search-results">
      {results.map((r) => (
        <Box as="li" key={r.path} px={compact ? '3' : '0'} py={compact ? '2' : '0'}>
          <Box asChild fontWeight="semibold" color="brand.fg" textDecoration="underline">
            <Link to={r.path} onClick={onSelect}>
              {r.title}
            </Link>
          </Box>
          <Text
            fontSize="sm"
            color="fg.muted"
            lineClamp={compact ? 2 : undefined}
            dangerouslySetInnerHTML={{ __html: r.content }}
          />
        </Box>
      ))}
    </Stack>
  );
}
