import { Box, chakra, Stack } from '@chakra-ui/react';
import type { MenuItem } from '~/lib/content/types';
import { itemKey } from './menu-items';
import { SiteLink } from './site-link';

/** A vertical menu with groups as nested lists (drawer and small-screen fallback nav). */
export function NavList({ items, depth = 0 }: { items: MenuItem[]; depth?: number }) {
  if (items.length === 0) return null;
  return (
    <Stack as="ul" listStyleType="none" gap="0" ps={depth > 0 ? '4' : '0'}>
      {items.map((item, i) => (
        <chakra.li key={itemKey(item, i)}>
          {item.to ? (
            <SiteLink
              to={item.to}
              display="flex"
              px="4"
              py="2.5"
              w="full"
              color="fg"
              fontWeight={depth === 0 ? 'semibold' : 'normal'}
              borderRadius="0"
              focusVisibleRing="inside"
              _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
            >
              {item.label}
            </SiteLink>
          ) : (
            <Box
              px="4"
              pt="3"
              pb="1"
              fontSize="sm"
              fontWeight="bold"
              color="fg.muted"
              textTransform="uppercase"
              letterSpacing="wide"
            >
              {item.label}
            </Box>
          )}
          {item.children.length > 0 ? <NavList items={item.children} depth={depth + 1} /> : null}
        </chakra.li>
      ))}
    </Stack>
  );
}
