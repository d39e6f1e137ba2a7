import { Box, Button, chakra, HStack, Stack } from '@chakra-ui/react';
import { Form, Link } from '@remix-run/react';
import { Disclosure } from './disclosure';
import { SiteLink } from './site-link';
import type { ShellUser } from './types';

/**
 * Account menu (spec §2 Header). A guest gets 'Log In' and 'Register'; a signed-in shopper gets
 * 'Hey {first name}!' with 'My Account' and a 'Log Out' form post. In the app bar the signed-in
 * menu is a disclosure; in the drawer ('list') everything is shown as a list.
 */
export function AccountMenu({
  user,
  variant = 'bar',
}: {
  user: ShellUser | null;
  variant?: 'bar' | 'list';
}) {
  if (!user) {
    return (
      <HStack
        gap={variant === 'bar' ? '1' : '3'}
        px={variant === 'bar' ? '0' : '4'}
        data-testid="account-menu"
      >
        <Button asChild size="sm" variant="ghost" colorPalette="brand" color="brand.fg">
          <Link to="/login">Log In</Link>
        </Button>
        <Button
          asChild
          size="sm"
          variant={variant === 'bar' ? 'solid' : 'outline'}
          colorPalette="brand"
        >
          <Link to="/register">Register</Link>
        </Button>
      </HStack>
    );
  }
  const greeting = `Hey ${user.firstName}!`;
  const items = (
    <>
      <chakra.li>
        <SiteLink
          to="/account"
          display="flex"
          px="4"
          py="2"
          color="fg"
          w="full"
          focusVisibleRing="inside"
        >
          My Account
        </SiteLink>
      </chakra.li>
      <chakra.li>
        <Form method="post" action="/logout">
          <chakra.button
            type="submit"
            display="flex"
            w="full"
            px="4"
            py="2"
            textAlign="start"
            cursor="pointer"
            focusVisibleRing="inside"
            _hover={{ bg: 'bg.muted' }}
          >
            Log Out
          </chakra.button>
        </Form>
      </chakra.li>
    </>
  );
  if (variant === 'list') {
    return (
      <Box data-testid="account-menu">
        <Box fontWeight="semibold" px="4" pb="1">
          {greeting}
        </Box>
        <Stack as="ul" listStyleType="none" gap="0">
          {items}
        </Stack>
      </Box>
    );
  }
  return (
    <Box data-testid="account-menu">
      <Disclosure
        label={
          <chakra.span maxW="150px" truncate>
            {greeting}
          </chakra.span>
        }
        summaryProps={{ px: '3', py: '2', fontWeight: 'semibold', color: 'brand.fg' }}
        panelProps={{ insetStart: 'auto', insetEnd: '0' }}
      >
        <Box as="ul" listStyleType="none">
          {items}
        </Box>
      </Disclosure>
    </Box>
  );
}
