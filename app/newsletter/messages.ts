/**
 * The e-mail sign-ups' words and constants (docs/reference/newsletter.md "Messages" and
 * "Constants"), safe for the browser bundle.
 */

/** Which list a form subscribes to: the footer's (home store or Ace location) or the pharmacy's. */
export type SignupVariant = 'standard' | 'ace' | 'pharmacy';

/** The provider's own `msg` is never shown: it may hold HTML or the address. */
export const NEWSLETTER_MESSAGES = {
  subscribed: 'Thank you for subscribing!',
  already: "You're already subscribed to our mailing list.",
  failed: 'There was a problem signing up. Please try again later.',
  /** A brand that asks for confirmation: the sign-up is held until the e-mailed link is used. */
  confirmSent: 'Thank you! Please check your email and confirm your subscription.',
} as const;

/** The button of a form whose sign-up waits for confirmation (disabled). */
export const CONFIRM_SENT_LABEL = 'Check Your Email';

/** The button of a subscribed form (disabled). */
export const SUBSCRIBED_LABEL = 'Subscribed!';

/** Dialog widths (px). */
export const SIGNUP_DIALOG_WIDTH = 500;
export const PHARMACY_DIALOG_WIDTH = 450;

/** The pharmacy dialog's age ranges, after its placeholder 'SELECT'. */
export const AGE_RANGES = [
  'Over 75',
  '70-75',
  '65-70',
  '60-65',
  '55-60',
  '50-55',
  'Under 50',
] as const;
export const AGE_PLACEHOLDER = 'SELECT';
/** The pharmacy dialog's store placeholder. */
export const PHARMACY_STORE_PLACEHOLDER = 'SELECT STORE';

/** The agreement checkbox's label when the brand's tenant file has none of its own. */
export const DEFAULT_PHARMACY_AGREEMENT =
  'Yes, send me pharmacy news, health tips and refill reminders by e-mail. I can unsubscribe at any time.';

/**
 * The honeypot: a text input hidden from people and assistive technology that a bot fills in.
 * A post with it filled is answered as if subscribed and goes nowhere.
 */
export const TRAP_FIELD = 'website';

/** The footer's first step without JavaScript: the address typed in the footer, to the form. */
export const START_INTENT = 'start';
export const SUBSCRIBE_INTENT = 'subscribe';

/** Where each variant's form posts. */
export const SIGNUP_ACTIONS: Record<SignupVariant, string> = {
  standard: '/newsletter',
  ace: '/newsletter/ace',
  pharmacy: '/newsletter/pharmacy',
};

/** Headings of the dialogs and of the pages that hold the same forms. */
export const SIGNUP_TITLES: Record<SignupVariant, string> = {
  standard: 'Sign Up for Email Offers',
  ace: 'Sign Up for Email Offers',
  pharmacy: 'Sign Up for Pharmacy Updates',
};
