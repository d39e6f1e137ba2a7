import { Box, Heading } from '@chakra-ui/react';
import type { MenuItem } from '~/lib/content/types';
import { AccountMenu } from './account-menu';
import { NavList } from './nav-list';
import type { ShellUser } from './types';

/**
 * The menu as a plain list near the bottom of the page, on small screens only: where the menu
 * button points before JavaScript runs (id 'site-nav'), so every menu link works without it.
 */
export function SiteNavFallback({ items, user }: { items: MenuItem[]; user: ShellUser | null }) {
  return (
    <Box
      as="nav"
      id="site-nav"
      aria-labelledby="site-nav-heading"
      display={{ base: 'block', md: 'none' }}
      borderTopWidth="1px"
      py="4"
      tabIndex={-1}
      data-testid="site-nav"
    >
      <Heading as="h2" id="site-nav-heading" size="md" px="4" mb="2">
        Menu
      </Heading>
      <Box pb="3" mb="2">
        <AccountMenu user={user} variant="list" />
      </Box>
      <NavList items={items} />
    </Box>
  );
}
