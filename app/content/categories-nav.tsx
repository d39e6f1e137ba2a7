import { Link, NavLink } from '@remix-run/react';
import { hstackStyle, stackStyle } from '~/lib/ui/styles';
import { labelFromSegment } from './labels';
import { sx, sxRecipe } from '~/lib/theme/static-css';

const tabStyle = {
  px: '3',
  py: '2',
  borderBottomWidth: '3px',
  borderColor: 'transparent',
  fontWeight: 'medium',
  _currentPage: { borderColor: 'brand.solid', color: 'brand.fg' },
} as const;

const styles = {
  heading: sxRecipe('heading', { size: 'md' }, { mb: '3' }),
  list: sx({ ...stackStyle, listStyleType: 'none', gap: '2' }),
  tabs: sx({
    ...hstackStyle,
    flexWrap: 'wrap',
    gap: '1',
    borderBottomWidth: '1px',
    mb: '6',
  }),
  tab: sx(tabStyle),
  more: sx({ position: 'relative' }),
  moreSummary: sx({ ...tabStyle, cursor: 'pointer' }),
  moreList: sx({
    ...stackStyle,
    gap: '1',
    listStyleType: 'none',
    position: 'absolute',
    zIndex: 'dropdown',
    bg: 'bg',
    shadow: 'md',
    borderRadius: 'md',
    p: '2',
    minW: '48',
  }),
  moreLink: sx({ display: 'block', px: '3', py: '2', _hover: { bg: 'bg.muted' } }),
};

/**
 * Post categories as tabs (first 3 visible, the rest under 'More') or as an aside titled
 * 'Categories' (docs/reference/content.md "What the shopper sees"). Plain links, so it works
 * without JavaScript; 'More' is a <details> disclosure, which also opens without JavaScript.
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
      <nav aria-labelledby="categories-heading">
        <h2 id="categories-heading" className={styles.heading}>
          Categories
        </h2>
        <ul className={styles.list}>
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
        </ul>
      </nav>
    );
  }
  const visible = categories.slice(0, 3);
  const more = categories.slice(3);
  return (
    <nav aria-label="Post categories" className={styles.tabs}>
      <NavLink to="/posts" end className={styles.tab}>
        All Posts
      </NavLink>
      {visible.map((c) => (
        <NavLink key={c} to={`/posts/${c}`} className={styles.tab}>
          {labelFromSegment(c)}
        </NavLink>
      ))}
      {more.length ? (
        // <details> opens without JavaScript and is announced as a disclosure.
        <details className={styles.more}>
          <summary className={styles.moreSummary}>More</summary>
          <ul className={styles.moreList}>
            {more.map((c) => (
              <li key={c}>
                <Link to={`/posts/${c}`} className={styles.moreLink}>
                  {labelFromSegment(c)}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </nav>
  );
}
