import type { SubmissionResult } from '@conform-to/react';
import type { SignupVariant } from './messages';
import type { StoreOption } from './options';

/** What a sign-up form needs to render: its brand's choices, computed on the server. */
export interface SignupSetup {
  variant: SignupVariant;
  /** Where the form posts (SIGNUP_ACTIONS). */
  action: string;
  /** Home Store, Ace Location or the pharmacy's store options. */
  stores: StoreOption[];
  /** The option the select starts on (home store, or the `store` parameter); null: none. */
  selectedStore: string | null;
  /** Pharmacy only: the agreement checkbox's label. */
  agreement: string | null;
}

/** The sign-up actions' answers (one shape, whatever the variant). */
export type SignupActionData =
  /** The footer's first step without JavaScript: the address to fill in. */
  | { intent: 'start'; email: string }
  /**
   * A subscribe post: conform's result; `done` once subscribed, or once held for confirmation
   * (`pending`: the brand asks the shopper to confirm from an e-mail first).
   */
  | { intent: 'subscribe'; result: SubmissionResult<string[]>; done: boolean; pending?: boolean };

/** The sign-up answer in an action's data, whatever else the route's types say. */
export function signupReply(value: unknown): SignupActionData | null {
  if (!value || typeof value !== 'object') return null;
  const intent = (value as { intent?: unknown }).intent;
  return intent === 'start' || intent === 'subscribe' ? (value as SignupActionData) : null;
}
