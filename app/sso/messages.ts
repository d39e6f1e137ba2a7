/** What the single-sign-on pages say (beyond the login form's and the oauth check's own). */

export const SSO_MESSAGES = {
  /** The brand has no identity provider to ask (no address configured, none running). */
  unavailable: 'Single sign-on is not available right now. Please try again later.',
  /** The provider answered with an address that is neither the partner's nor its own. */
  badRedirect:
    'The sign-in service answered with an address we cannot send you to. Please go back to the site you came from and try again.',
  /** 'Continue as' with a single-sign-on token that has run out and could not be refreshed. */
  signInEnded: 'Your sign-in has ended. Please log in again.',
  signedOut: 'You are signed out.',
} as const;

/** 'Sign in to continue to {client name}' (the login and registration pages of the oauth flow). */
export const continueTo = (clientName: string) => `Sign in to continue to ${clientName}`;

/** The form intents of /sso/login beyond the login panes' own. */
export const SSO_INTENTS = {
  /** 'Continue as {firstName}': the signed-in shopper's single sign-on, one click. */
  continue: 'continue',
  /** 'Not you? Sign out': back to the login form of the same request. */
  signOut: 'sign-out',
} as const;

/** The card number as the summary shows it: its last four digits only. */
export { maskCardNumber } from '~/lib/card/card-number';
