import { SiteLink } from './site-link';
import type { MenuItem } from '~/content/source/types';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { AccountMenu } from './account-menu';
import { BarMenu } from './bar-menu';
import { HomeStoreChooser } from '~/stores/home-store/chooser';
import { Logo, type LogoProps } from './logo';
import { MenuButton } from './menu-button';
import { SearchBox } from './search-box';
import type { HomeStore, ShellUser, StoreChoice } from './types';

const search = {
  order: { base: 2, md: 0 },
  flexGrow: 1,
  minW: { base: '10rem', md: '12rem' },
  maxW: { md: 'md' },
  ms: { md: 'auto' },
} as const;

const styles = {
  header: sx({ bg: 'bg', borderBottomWidth: '1px' }),
  row: sx({
    display: 'flex',
    alignItems: 'center',
    flexWrap: { base: 'wrap', md: 'nowrap' },
    maxW: '7xl',
    mx: 'auto',
    px: { base: '2', md: '4' },
    py: '2',
    gap: { base: '2', md: '4' },
  }),
  menuButton: sx({ display: { base: 'block', md: 'none' } }),
  // Next to the chooser the box shares the second row; alone it takes the whole row.
  searchBesideChooser: sx({ ...search, flexBasis: { base: '0', md: 'auto' } }),
  searchAlone: sx({ ...search, flexBasis: { base: '100%', md: 'auto' } }),
  // Never wider than the row: on a phone without JavaScript its Choose button and checkbox wrap.
  chooser: sx({ order: { base: 3, md: 0 }, flexShrink: 0, maxW: '100%' }),
  accountAfterSearch: sx({
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    ms: { base: 'auto', md: '0' },
    flexShrink: 0,
  }),
  account: sx({ display: 'flex', alignItems: 'center', gap: '2', ms: 'auto', flexShrink: 0 }),
  myRewards: sxRecipe(
    'button',
    { size: 'sm', variant: 'outline' },
    { colorPalette: 'brand', color: 'brand.fg', whiteSpace: 'nowrap' },
  ),
  mainRow: sx({
    bg: 'brand.solid',
    color: 'brand.contrast',
    display: { base: 'none', md: 'block' },
  }),
  topRow: sx({ bg: 'brand.subtle' }),
  inner: sx({ maxW: '7xl', mx: 'auto', px: '2' }),
};

export interface AppBarProps extends LogoProps {
  /** 'main' menu items for the bar (drawerOnly left out). */
  mainItems: MenuItem[];
  /** 'main-top' menu items for the extension row. */
  mainTopItems: MenuItem[];
  showSearch: boolean;
  /** Home-store chooser data; null when it is not shown. */
  chooser: {
    locations: StoreChoice[];
    homeStore: HomeStore | null;
    redirectTo: string;
    signedIn: boolean;
  } | null;
  user: ShellUser | null;
  /** The My Rewards button's label ('My Rewards', 'My Perks'); null when it is not shown. */
  myRewards: string | null;
  hydrated: boolean;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
}

/**
 * The app bar (docs/reference/shell.md "What the shopper sees"): menu button (small screens), logo,
 * search, home-store chooser, the My Rewards button (signed-in shoppers, unless the brand hides it)
 * and the account menu; the 'main' menu on wide screens, and the 'main-top' menu in a row under it.
 */
export function AppBar(props: AppBarProps) {
  const { mainItems, mainTopItems, showSearch, chooser, user } = props;
  return (
    <header className={styles.header} data-testid="app-bar">
      <div className={styles.row}>
        <div className={styles.menuButton}>
          <MenuButton
            hydrated={props.hydrated}
            open={props.drawerOpen}
            onOpen={props.onOpenDrawer}
          />
        </div>
        <Logo retailerName={props.retailerName} logo={props.logo} />
        {showSearch ? (
          <div className={chooser ? styles.searchBesideChooser : styles.searchAlone}>
            <SearchBox />
          </div>
        ) : null}
        {chooser ? (
          <div className={styles.chooser}>
            <HomeStoreChooser {...chooser} />
          </div>
        ) : null}
        <div className={showSearch ? styles.accountAfterSearch : styles.account}>
          {user && props.myRewards ? (
            <SiteLink to="/rewards" className={styles.myRewards} testId="my-rewards-button">
              {props.myRewards}
            </SiteLink>
          ) : null}
          <AccountMenu user={user} />
        </div>
      </div>
      {mainItems.length > 0 ? (
        <div className={styles.mainRow}>
          <div className={styles.inner}>
            <BarMenu items={mainItems} label="Main" tone="solid" />
          </div>
        </div>
      ) : null}
      {mainTopItems.length > 0 ? (
        <div className={styles.topRow} data-testid="main-top">
          <div className={styles.inner}>
            <BarMenu items={mainTopItems} label="Featured" tone="subtle" fontSize="sm" />
          </div>
        </div>
      ) : null}
    </header>
  );
}
