import { Box, Button, chakra, HStack, NativeSelect } from '@chakra-ui/react';
import { useFetcher } from '@remix-run/react';
import { useId } from 'react';
import { StoreIcon } from './icons';
import type { HomeStore, StoreChoice } from './types';
import { useHydrated } from './use-hydrated';

/**
 * Home-store chooser (spec §2 Header): a plain POST form to /home-store, so it works without
 * JavaScript (a visible 'Choose' button). With JavaScript the choice is sent as soon as the
 * select changes and the button is dropped. The select shows the current store's name, cut at
 * 150 px. List and choose only: no snackbar here.
 */
export function HomeStoreChooser({
  locations,
  homeStore,
  redirectTo,
}: {
  /** Locations allowed in the home selector (hiddenInHomeSelector already left out). */
  locations: StoreChoice[];
  homeStore: HomeStore | null;
  /** Current path and search: where the form post returns to. */
  redirectTo: string;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const id = `${useId()}-store`;

  return (
    <fetcher.Form method="post" action="/home-store" data-testid="home-store-chooser">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <HStack gap="2" align="end">
        <Box color="brand.fg" flexShrink={0} pb="1">
          <StoreIcon />
        </Box>
        <Box minW="0">
          <chakra.label
            htmlFor={id}
            display="block"
            fontSize="xs"
            color="fg.muted"
            lineHeight="short"
          >
            {homeStore ? 'My store' : 'Choose your store'}
          </chakra.label>
          <NativeSelect.Root size="xs" w="150px">
            <NativeSelect.Field
              // Remount when the chosen store changes so the default follows it.
              key={homeStore?.storeNumber ?? 'none'}
              id={id}
              name="storeNumber"
              defaultValue={homeStore?.storeNumber ?? ''}
              title={homeStore?.name}
              fontWeight="semibold"
              truncate
              data-testid="home-store-select"
              onChange={(e) => {
                if (hydrated && e.currentTarget.value) fetcher.submit(e.currentTarget.form);
              }}
            >
              {homeStore ? null : (
                <option value="" disabled>
                  Select a store
                </option>
              )}
              {locations.map((l) => (
                <option key={l.storeNumber} value={l.storeNumber}>
                  {l.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
        {hydrated ? null : (
          <Button type="submit" size="xs" variant="outline">
            Choose
          </Button>
        )}
      </HStack>
    </fetcher.Form>
  );
}
