import { chakra, HStack } from '@chakra-ui/react';
import { socialIcons } from './icons';

export const socialNetworks = [
  ['facebook', 'Facebook'],
  ['twitter', 'Twitter'],
  ['instagram', 'Instagram'],
  ['pinterest', 'Pinterest'],
  ['youtube', 'YouTube'],
  ['snapchat', 'Snapchat'],
] as const;

export type SocialPages = Partial<Record<(typeof socialNetworks)[number][0], string>>;

/** The brand's social pages as icon links; each opens in a new tab and says so. */
export function SocialLinks({ social }: { social: SocialPages }) {
  const links = socialNetworks.filter(([key]) => social[key]);
  if (links.length === 0) return null;
  return (
    <HStack as="ul" listStyleType="none" gap="2" wrap="wrap" data-testid="social-links">
      {links.map(([key, name]) => {
        const Icon = socialIcons[key];
        return (
          <li key={key}>
            <chakra.a
              href={social[key]}
              target="_blank"
              rel="noopener noreferrer"
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              boxSize="10"
              borderRadius="full"
              bg="whiteAlpha.200"
              color="inherit"
              _hover={{ bg: 'whiteAlpha.300' }}
              focusVisibleRing="outside"
              focusRingColor="currentColor"
            >
              <Icon size="1.25em" />
              <chakra.span srOnly>{name} (opens in a new tab)</chakra.span>
            </chakra.a>
          </li>
        );
      })}
    </HStack>
  );
}
