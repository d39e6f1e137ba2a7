/** Shapes the shell pieces take as props (the root loader's data, as the browser receives it). */

export interface StoreChoice {
  name: string;
  storeNumber: string;
  slug: string;
  city: string;
  state: string;
  hiddenInHomeSelector: boolean;
  hiddenInStoreSelector: boolean;
}

export interface HomeStore {
  storeNumber: string;
  name: string;
  slug: string;
}

/** The signed-in shopper's shell fields; null for a guest. */
export interface ShellUser {
  firstName: string;
  /** The location matching the shopper's saved home store; null when none does. */
  savedStoreNumber?: string | null;
}
