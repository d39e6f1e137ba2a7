/**
 * The words of the pages a sign-up's e-mails link to (./link-page.tsx). A module of their own:
 * the sign-up messages (./messages.ts) are in every page's first load, these only on those pages.
 */
/** The pages the e-mails link to: confirming a held sign-up, and leaving a list. */
export const LINK_PAGE_MESSAGES = {
  confirmTitle: 'Confirm Your Subscription',
  confirmPrompt: 'Press the button to confirm your subscription to our emails.',
  confirmButton: 'Confirm Subscription',
  /** Unknown, used or expired confirmation link. */
  confirmExpired: 'This confirmation link has expired or was already used. Please sign up again.',
  manageTitle: 'Manage Your Subscription',
  managePrompt: 'You are subscribed to our emails at {email}.',
  unsubscribeButton: 'Unsubscribe',
  unsubscribed: 'You have been unsubscribed.',
  notSubscribed: 'This address is not subscribed to our mailing list.',
  unsubscribeFailed: 'There was a problem unsubscribing. Please try again later.',
  manageInvalid: 'This link is not valid. Please use the link in your latest email from us.',
  /** The brand's provider has no unsubscribe call the site can make. */
  manageElsewhere: 'To unsubscribe, use the link at the bottom of any of our emails.',
} as const;
