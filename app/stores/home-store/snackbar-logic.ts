/**
 * The home-store snackbar's save rule, apart from React so it can be tested on its own. (Its
 * timer is the shared one: ~/lib/ui/snackbar-logic.)
 */

/**
 * Turning the switch on saves the store at once, skipped when the store is empty or already the
 * saved one (docs/reference/stores.md "Home store"). Closing the snackbar never saves.
 */
export function shouldSaveOnSwitch(
  switchOn: boolean,
  storeNumber: string | null | undefined,
  savedStoreNumber: string | null | undefined,
): boolean {
  if (!switchOn || !storeNumber) return false;
  return storeNumber !== savedStoreNumber;
}
