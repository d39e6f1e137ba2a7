import { Box, Button, chakra, Stack, Text } from '@chakra-ui/react';
import { useFetcher } from '@remix-run/react';
import type { HomeStore, StoreChoice } from './types';

/**
 * The drawer's store list (tenant feature drawerStoreSelector): every location that is not
 * hidden from the store selector, each with a POST form to /home-store that works without
 * JavaScript. Locations hidden from the home selector are listed without the choose button
 * (the /home-store action would refuse them).
 */
export function StoreSelector({
  locations,
  homeStore,
  redirectTo,
}: {
  locations: StoreChoice[];
  homeStore: HomeStore | null;
  redirectTo: string;
}) {
  const shown = locations.filter((l) => !l.hiddenInStoreSelector);
  if (shown.length === 0) return null;
  return (
    <Box as="section" aria-labelledby="drawer-stores-heading" data-testid="store-selector">
      <Text as="h3" id="drawer-stores-heading" px="4" pt="4" pb="2" fontWeight="bold">
        Stores
      </Text>
      <Stack as="ul" listStyleType="none" gap="0">
        {shown.map((l) => (
          <StoreRow
            key={l.storeNumber}
            location={l}
            current={homeStore?.storeNumber === l.storeNumber}
            redirectTo={redirectTo}
          />
        ))}
      </Stack>
    </Box>
  );
}

function StoreRow({
  location,
  current,
  redirectTo,
}: {
  location: StoreChoice;
  current: boolean;
  redirectTo: string;
}) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== 'idle';
  return (
    <chakra.li display="flex" alignItems="center" gap="3" px="4" py="2" borderTopWidth="1px">
      <Box flex="1" minW="0">
        <Text fontWeight="medium" truncate>
          {location.name}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {location.city}, {location.state}
        </Text>
      </Box>
      {current ? (
        <Text fontSize="sm" fontWeight="semibold" color="brand.fg">
          My store
        </Text>
      ) : location.hiddenInHomeSelector ? null : (
        <fetcher.Form method="post" action="/home-store">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <input type="hidden" name="storeNumber" value={location.storeNumber} />
          <Button type="submit" size="xs" variant="outline" colorPalette="brand" loading={busy}>
            Shop here
            <chakra.span srOnly> at {location.name}</chakra.span>
          </Button>
        </fetcher.Form>
      )}
    </chakra.li>
  );
}
