import type { ReactNode } from 'react';
import type { MenuItem } from '~/content/source/types';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { AccountMenu } from './account-menu';
import { hiddenWithJs } from '~/lib/browser/js-mark';
import { NavList } from './nav-list';
import type { ShellUser } from './types';

const styles = {
  // Where scripts run the drawer is the menu: hidden from the first paint, not at hydration
  // (which would move the footer up under the shopper's eyes).
  nav: sx({
    display: { base: 'block', md: 'none' },
    borderTopWidth: '1px',
    py: '4',
    ...hiddenWithJs,
  }),
  heading: sxRecipe('heading', { size: 'md' }, { px: '4', mb: '2' }),
  account: sx({ pb: '3', mb: '2' }),
};

/**
 * The menu as a plain list near the bottom of the page, on small screens only: where the menu
 * button points before JavaScript runs (id 'site-nav'), so every menu link works without it.
 * `children`: what the drawer holds after the menu (the store list).
 */
export function SiteNavFallback({
  items,
  user,
  children,
}: {
  items: MenuItem[];
  user: ShellUser | null;
  children?: ReactNode;
}) {
  return (
    <nav
      id="site-nav"
      aria-labelledby="site-nav-heading"
      className={styles.nav}
      tabIndex={-1}
      data-testid="site-nav"
    >
      <h2 id="site-nav-heading" className={styles.heading}>
        Menu
      </h2>
      <div className={styles.account}>
        <AccountMenu user={user} variant="list" />
      </div>
      <NavList items={items} />
      {children}
    </nav>
  );
}
