import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { ChakraScope } from '~/lib/theme/chakra-scope';
import { AccountMenu } from './account-menu';
import { NavList } from './nav-list';
import { StoreSelector } from '~/stores/home-store/store-selector';
import type { NavDrawerProps } from './nav-drawer';

/** The drawer's Chakra part, loaded on demand by ./nav-drawer (which declares its classes). */
export function NavDrawerView({
  accountClass,
  open,
  onOpenChange,
  items,
  user,
  stores,
  homeStore,
  redirectTo,
}: NavDrawerProps & { accountClass: string }) {
  return (
    <ChakraScope>
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
                  <div className={accountClass}>
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
    </ChakraScope>
  );
}
