import { Box, Flex } from '@chakra-ui/react';
import type { MenuItem } from '~/lib/content/types';
import { AccountMenu } from './account-menu';
import { BarMenu } from './bar-menu';
import { HomeStoreChooser } from './home-store-chooser';
import { Logo, type LogoProps } from './logo';
import { MenuButton } from './menu-button';
import { SearchBox } from './search-box';
import type { HomeStore, ShellUser, StoreChoice } from './types';

export interface AppBarProps extends LogoProps {
  /** 'main' menu items for the bar (drawerOnly left out). */
  mainItems: MenuItem[];
  /** 'main-top' menu items for the extension row. */
  mainTopItems: MenuItem[];
  showSearch: boolean;
  /** Home-store chooser data; null when it is not shown. */
  chooser: { locations: StoreChoice[]; homeStore: HomeStore | null; redirectTo: string } | null;
  user: ShellUser | null;
  hydrated: boolean;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
}

/**
 * The app bar (spec §2 Header): menu button (small screens), logo, search, home-store chooser and
 * account menu; the 'main' menu on wide screens, and the 'main-top' menu in a row under it.
 */
export function AppBar(props: AppBarProps) {
  const { mainItems, mainTopItems, showSearch, chooser, user } = props;
  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" data-testid="app-bar">
      <Flex
        maxW="7xl"
        mx="auto"
        px={{ base: '2', md: '4' }}
        py="2"
        gap={{ base: '2', md: '4' }}
        align="center"
        wrap={{ base: 'wrap', md: 'nowrap' }}
      >
        <Box display={{ base: 'block', md: 'none' }}>
          <MenuButton
            hydrated={props.hydrated}
            open={props.drawerOpen}
            onOpen={props.onOpenDrawer}
          />
        </Box>
        <Logo retailerName={props.retailerName} logo={props.logo} />
        {showSearch ? (
          <Box
            order={{ base: 2, md: 0 }}
            flexBasis={{ base: chooser ? '0' : '100%', md: 'auto' }}
            flexGrow={1}
            minW={{ base: '10rem', md: '12rem' }}
            maxW={{ md: 'md' }}
            ms={{ md: 'auto' }}
          >
            <SearchBox />
          </Box>
        ) : null}
        {chooser ? (
          <Box order={{ base: 3, md: 0 }} flexShrink={0}>
            <HomeStoreChooser {...chooser} />
          </Box>
        ) : null}
        <Box ms={showSearch ? { base: 'auto', md: '0' } : 'auto'} flexShrink={0}>
          <AccountMenu user={user} />
        </Box>
      </Flex>
      {mainItems.length > 0 ? (
        <Box bg="brand.solid" color="brand.contrast" display={{ base: 'none', md: 'block' }}>
          <Box maxW="7xl" mx="auto" px="2">
            <BarMenu items={mainItems} label="Main" tone="solid" />
          </Box>
        </Box>
      ) : null}
      {mainTopItems.length > 0 ? (
        <Box bg="brand.subtle" data-testid="main-top">
          <Box maxW="7xl" mx="auto" px="2">
            <BarMenu items={mainTopItems} label="Featured" tone="subtle" fontSize="sm" />
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}
