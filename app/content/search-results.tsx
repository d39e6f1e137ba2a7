import { Link } from '@remix-run/react';
import { stackStyle } from '~/lib/ui/styles';
import type { SearchResult } from '~/content/source/types';
import { sx } from '~/lib/theme/static-css';

const snippet = { fontSize: 'sm', color: 'fg.muted' } as const;

const styles = {
  none: sx({ py: '3', px: '0' }),
  noneCompact: sx({ py: '3', px: '3' }),
  list: sx({ ...stackStyle, listStyleType: 'none', gap: '6' }),
  listCompact: sx({ ...stackStyle, listStyleType: 'none', gap: '0' }),
  item: sx({ px: '0', py: '0' }),
  itemCompact: sx({ px: '3', py: '2' }),
  title: sx({ fontWeight: 'semibold', color: 'brand.fg', textDecoration: 'underline' }),
  snippet: sx(snippet),
  snippetCompact: sx({ ...snippet, lineClamp: 2 }),
};

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
      <p className={compact ? styles.noneCompact : styles.none} role="status">
        No results
      </p>
    );
  }
  return (
    <ul className={compact ? styles.listCompact : styles.list} data-testid="search-results">
      {results.map((r) => (
        <li key={r.path} className={compact ? styles.itemCompact : styles.item}>
          <Link to={r.path} onClick={onSelect} className={styles.title}>
            {r.title}
          </Link>
          <p
            className={compact ? styles.snippetCompact : styles.snippet}
            dangerouslySetInnerHTML={{ __html: r.content }}
          />
        </li>
      ))}
    </ul>
  );
}
