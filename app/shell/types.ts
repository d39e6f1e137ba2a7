/** Shapes the shell pieces take as props (the root loader's data, as the browser receives it). */

export type { HomeStore, StoreChoice } from '~/stores/home-store/home-store';

/** The signed-in shopper's shell fields; null for a guest. */
export interface ShellUser {
  firstName: string;
  /** The location matching the shopper's saved home store; null when none does. */
  savedStoreNumber?: string | null;
}
