import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { SearchResults } from '~/content/search-results';
import { MAX_QUERY } from '~/content/search-logic';
import { hstackStyle } from '~/lib/ui/styles';
import { pageMeta } from '~/lib/meta';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { searchPage } from '~/content/pages.server';

const styles = {
  page: sx({ maxW: '3xl', mx: 'auto', px: '4', py: '8' }),
  title: sxRecipe('heading', { size: '2xl' }, { mb: '6' }),
  row: sx({ ...hstackStyle, alignItems: 'end', mb: '8' }),
  field: sx({ flex: '1' }),
  label: sx({ fontWeight: 'medium', display: 'block', mb: '1' }),
  input: sxRecipe('input', { size: 'md', variant: 'outline' }),
  submit: sxRecipe('button', { variant: 'solid', size: 'md' }, { colorPalette: 'brand' }),
  count: sx({ mb: '4', color: 'fg.muted' }),
};

/**
 * Content search (docs/reference/content.md "Search"). The header box asks this loader too, so both
 * agree.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return searchPage(request, context);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.q ? `Search: ${data.q}` : 'Search');

export default function SearchPage() {
  const { q, results } = useLoaderData<typeof loader>();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Search</h1>
      <Form method="get" action="/search" role="search">
        <div className={styles.row}>
          <div className={styles.field}>
            <label htmlFor="search-page-q">
              <span className={styles.label}>Search this site</span>
            </label>
            <input
              id="search-page-q"
              name="q"
              type="search"
              defaultValue={q}
              maxLength={MAX_QUERY}
              className={styles.input}
            />
          </div>
          <button type="submit" className={styles.submit}>
            Search
          </button>
        </div>
      </Form>
      {q ? (
        <>
          <p className={styles.count} aria-live="polite">
            {results.length === 0
              ? ''
              : `${results.length} result${results.length === 1 ? '' : 's'} for “${q}”`}
          </p>
          <SearchResults results={results} />
        </>
      ) : null}
    </div>
  );
}
