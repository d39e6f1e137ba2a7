import { Box, chakra, HStack, type StackProps } from '@chakra-ui/react';
import type { MenuItem } from '~/lib/content/types';
import { Disclosure } from './disclosure';
import { itemKey } from './menu-items';
import { SiteLink } from './site-link';

/**
 * A horizontal menu for the app bar ('main') or its extension row ('main-top'). A group with
 * children is a disclosure listing its links (and its own link first, when it has one).
 */
export function BarMenu({
  items,
  label,
  tone = 'solid',
  ...rest
}: {
  items: MenuItem[];
  /** Accessible name of the <nav> landmark. */
  label: string;
  /** 'solid': on the brand colour; 'subtle': on the pale brand tint. */
  tone?: 'solid' | 'subtle';
} & StackProps) {
  if (items.length === 0) return null;
  const onSolid = tone === 'solid';
  const linkStyle = {
    display: 'inline-flex',
    px: '3',
    py: '2',
    fontWeight: 'semibold',
    color: onSolid ? 'brand.contrast' : 'fg',
    focusRingColor: onSolid ? 'brand.contrast' : 'brand.solid',
    _hover: { textDecoration: 'underline' },
  } as const;
  return (
    <nav aria-label={label}>
      <HStack as="ul" listStyleType="none" gap="0" wrap="wrap" {...rest}>
        {items.map((item, i) => (
          <chakra.li key={itemKey(item, i)}>
            {item.children.length > 0 ? (
              <Disclosure label={item.label} summaryProps={linkStyle}>
                <Box as="ul" listStyleType="none">
                  {item.to ? (
                    <li>
                      <DropLink to={item.to}>{item.label}</DropLink>
                    </li>
                  ) : null}
                  {item.children.map((child, j) =>
                    child.to ? (
                      <li key={itemKey(child, j)}>
                        <DropLink to={child.to}>{child.label}</DropLink>
                      </li>
                    ) : null,
                  )}
                </Box>
              </Disclosure>
            ) : item.to ? (
              <SiteLink to={item.to} {...linkStyle}>
                {item.label}
              </SiteLink>
            ) : null}
          </chakra.li>
        ))}
      </HStack>
    </nav>
  );
}

function DropLink({ to, children }: { to: string; children: string }) {
  return (
    <SiteLink
      to={to}
      display="flex"
      px="4"
      py="2"
      color="fg"
      borderRadius="0"
      focusVisibleRing="inside"
      _hover={{ bg: 'bg.muted', textDecoration: 'none' }}
    >
      {children}
    </SiteLink>
  );
}
