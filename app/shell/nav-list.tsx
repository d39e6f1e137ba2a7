import type { MenuItem } from '~/content/source/types';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { itemKey } from '~/content/menu-items';
import { SiteLink } from './site-link';
import { stackStyle } from '~/lib/ui/styles';

const list = { ...stackStyle, listStyleType: 'none', gap: '0' } as const;
const link = {
  display: 'flex',
  px: '4',
  py: '2.5',
  w: 'full',
  color: 'fg',
  borderRadius: '0',
  focusVisibleRing: 'inside',
  _hover: { bg: 'bg.muted', textDecoration: 'none' },
} as const;

const styles = {
  list: sx({ ...list, ps: '0' }),
  nestedList: sx({ ...list, ps: '4' }),
  link: sxRecipe('link', { variant: 'plain' }, { ...link, fontWeight: 'semibold' }),
  nestedLink: sxRecipe('link', { variant: 'plain' }, { ...link, fontWeight: 'normal' }),
  group: sx({
    px: '4',
    pt: '3',
    pb: '1',
    fontSize: 'sm',
    fontWeight: 'bold',
    color: 'fg.muted',
    textTransform: 'uppercase',
    letterSpacing: 'wide',
  }),
};

/** A vertical menu with groups as nested lists (drawer and small-screen fallback nav). */
export function NavList({ items, depth = 0 }: { items: MenuItem[]; depth?: number }) {
  if (items.length === 0) return null;
  return (
    <ul className={depth > 0 ? styles.nestedList : styles.list}>
      {items.map((item, i) => (
        <li key={itemKey(item, i)}>
          {item.to ? (
            <SiteLink to={item.to} className={depth === 0 ? styles.link : styles.nestedLink}>
              {item.label}
            </SiteLink>
          ) : (
            <div className={styles.group}>{item.label}</div>
          )}
          {item.children.length > 0 ? <NavList items={item.children} depth={depth + 1} /> : null}
        </li>
      ))}
    </ul>
  );
}
