import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { MenuItem } from '~/lib/content/types';
import { sx } from '~/lib/theme/static-css';
import { AccountMenu } from './account-menu';
import { NavList } from './nav-list';
import { StoreSelector } from './store-selector';
import type { HomeStore, ShellUser, StoreChoice } from './types';

const account = sx({ pb: '3', mb: '2', borderBottomWidth: '1px' });

/**
 * Navigation drawer from the left (spec §2 Drawer): account menu, then the drawer's menu items,
 * then (tenant feature) the store list. JavaScript only: it mounts when opened. Without
 * JavaScript the same links are in the page's #site-nav list.
 */
export function NavDrawer({
  open,
  onOpenChange,
  items,
  user,
  stores,
  homeStore,
  redirectTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The 'main' menu's drawer items (barOnly left out). */
  items: MenuItem[];
  user: ShellUser | null;
  /** Locations for the store list; null when the feature is off. */
  stores: StoreChoice[] | null;
  homeStore: HomeStore | null;
  redirectTo: string;
}) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement="start"
      size="xs"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content colorPalette="brand" data-testid="nav-drawer">
            <Drawer.Header borderBottomWidth="1px" py="3">
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body px="0" py="3">
              <nav aria-label="Site menu">
                <div className={account}>
                  <AccountMenu user={user} variant="list" />
                </div>
                <NavList items={items} />
              </nav>
              {stores ? (
                <StoreSelector
                  locations={stores}
                  homeStore={homeStore}
                  redirectTo={redirectTo}
                  user={user}
                />
              ) : null}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
