/** Account messages (docs/reference/accounts.md "Messages"), verbatim. */

/** The only answer that tells whether an account exists (reset request for an unknown e-mail). */
export const NO_ACCOUNT_MESSAGE =
  "We couldn't find an account with that email address, click here to register your account.";

/** Reset request success. */
export const RESET_SENT_MESSAGE =
  'An email has been sent to your address with instructions on how to reset your password. It could take up to 10 minutes to receive this email. If you need further assistance, please use our Contact Us page.';

/** Stored after a successful reset and shown on /login. */
export const PASSWORD_RESET_DONE_MESSAGE = 'Your password has been reset.';

/** Shown in the login pane when a guest tries to clip a coupon. */
export const CLIP_LOGIN_MESSAGE = 'You must log in to clip coupons.';

/** Reset page: invalid, used, expired or missing code. */
export const RESET_EXPIRED_MESSAGE =
  'This password reset authorization code has expired. Please resubmit a request to reset your password.';

/** Reset page: the resend succeeded. */
export const RESET_RESENT_MESSAGE =
  'An email has been sent to your address with instructions on how to reset your password.';

/**
 * The hint under the e-mail field, the same on the registration and on the account page's Email
 * row (a hint, not a catalogue message).
 */
export const EMAIL_USERNAME_HINT = 'Your email address is your username.';
