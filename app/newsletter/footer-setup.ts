import { SIGNUP_ACTIONS } from './messages';
import type { SignupSetup } from './types';

interface StoreSummary {
  storeNumber: string;
  name: string;
}

/**
 * The footer dialog's form from the shell's data (the same choices the action offers,
 * signup.server.ts): Home Store among the home selector's locations, starting on the home store;
 * or, for a brand whose sign-up is the Ace variant, Ace Location among its Ace locations. Null
 * when there is nothing to choose (the signup is left out).
 */
export function footerSignupSetup(input: {
  variant: 'standard' | 'ace';
  /** Locations of the home-store selector (visible, not hidden in it). */
  homeLocations: readonly StoreSummary[];
  /** The brand's visible Ace locations. */
  aceLocations: readonly StoreSummary[];
  homeStoreNumber: string | null;
}): SignupSetup | null {
  const locations = input.variant === 'ace' ? input.aceLocations : input.homeLocations;
  if (locations.length === 0) return null;
  const stores = locations.map((l) => ({ value: l.storeNumber, label: l.name }));
  const home = input.homeStoreNumber;
  return {
    variant: input.variant,
    action: SIGNUP_ACTIONS[input.variant],
    stores,
    selectedStore:
      input.variant === 'standard' && home && stores.some((s) => s.value === home) ? home : null,
    agreement: null,
  };
}
