/**
 * Errors of the loyalty client and the error catalogue (docs/reference/loyalty.md "Error
 * catalogue") for the
 * situations the client decides. Safe to import from the browser bundle (no secrets, no I/O), so
 * components can compare against the same constants.
 */

/** Login, error code 10 (unknown e-mail/phone) or 11 (wrong password). */
export const INVALID_LOGIN_MESSAGE = 'Invalid email address or password.';
/** Account save, registration, reset page, terms submit, data preferences: no usable message. */
export const GENERIC_FAILURE_MESSAGE =
  'Something went wrong with your request. Please try submitting again.';
/** Password update failure or false result. */
export const PASSWORD_UPDATE_FAILED_MESSAGE = 'There was a problem updating your password.';
/** Reset request for an e-mail without account. */
export const NO_ACCOUNT_FOR_EMAIL_MESSAGE =
  "We couldn't find an account with that email address, click here to register your account.";
/** Shown by a page part that degrades because the loyalty service cannot be reached. */
export const UNAVAILABLE_MESSAGE =
  'This information is not available right now. Please try again in a few minutes.';

/** The API's error codes (docs/loyalty-api.md, "Errors"). */
export const LoyaltyErrorCode = {
  UnknownLogin: 10,
  WrongPassword: 11,
  Validation: 20,
  EmailTaken: 21,
  PhoneTaken: 22,
  UnknownShopper: 30,
  UnknownOffer: 31,
  OfferExpired: 32,
  OfferNotActive: 33,
  UnknownCharity: 40,
  WrongOldPassword: 50,
  WeakPassword: 51,
  Unauthorized: 401,
  UnknownRoute: 404,
} as const;

/**
 * An answer of the loyalty API that is not a success: HTTP status, the body's Code and Reason.
 * The message is the Reason when there is one (any other reason in the error data is the
 * message a shopper reads), else the same sentence an HTTP library would use, which the terms page
 * recognises ('Request failed with status code 400').
 */
export class LoyaltyError extends Error {
  override name = 'LoyaltyError';
  readonly status: number;
  readonly code: number | null;
  readonly reason: string | null;

  constructor(
    status: number,
    code: number | null,
    reason: string | null,
    options?: { message?: string; cause?: unknown },
  ) {
    super(
      options?.message ?? (reason || `Request failed with status code ${status}`),
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
    this.status = status;
    this.code = code;
    this.reason = reason;
  }
}

/**
 * The loyalty service could not be reached or did not answer in time (network failure, deadline,
 * 502/503/504 after retries). Pages catch this to degrade the part that needs the data ("failing
 * outside service degrades the part of the page that needs it") instead of failing the page.
 */
export class LoyaltyUnavailableError extends LoyaltyError {
  override name = 'LoyaltyUnavailableError';
  constructor(status: number, detail: string, options?: { cause?: unknown }) {
    super(status, null, null, {
      message: `The loyalty service is unavailable (${detail}).`,
      cause: options?.cause,
    });
  }
}

/**
 * The site is not configured to reach the loyalty API (missing URL or credential variable).
 * Names the variable, never its value.
 */
export class LoyaltyConfigError extends Error {
  override name = 'LoyaltyConfigError';
}

/** Body of an error answer: `{"Code": 11, "Reason": "..."}` (camelCased on arrival). */
export function errorFromResponse(status: number, body: unknown): LoyaltyError {
  let code: number | null = null;
  let reason: string | null = null;
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const b = body as Record<string, unknown>;
    const rawCode = b.code ?? b.errorCode;
    if (typeof rawCode === 'number' && Number.isFinite(rawCode)) code = rawCode;
    else if (typeof rawCode === 'string' && /^\d+$/.test(rawCode)) code = Number(rawCode);
    const rawReason = b.reason ?? b.message ?? b.error;
    if (typeof rawReason === 'string' && rawReason.trim()) reason = rawReason.trim();
  }
  return new LoyaltyError(status, code, reason);
}

/**
 * Login: codes 10 and 11 become 'Invalid email address or password.'; any other reason is
 * thrown as the message (a LoyaltyError's message already is its reason); otherwise the original
 * error is rethrown unchanged.
 */
export function mapLoginError(error: unknown): unknown {
  if (
    error instanceof LoyaltyError &&
    (error.code === LoyaltyErrorCode.UnknownLogin || error.code === LoyaltyErrorCode.WrongPassword)
  ) {
    return new LoyaltyError(error.status, error.code, error.reason ?? INVALID_LOGIN_MESSAGE, {
      message: INVALID_LOGIN_MESSAGE,
      cause: error,
    });
  }
  return error;
}

/**
 * The message a form shows for a failure: the failure's message, else 'Something went wrong…'. An unreachable service and answers without a reason get the generic sentence, so no
 * transport detail reaches a shopper.
 */
export function failureMessage(error: unknown, fallback = GENERIC_FAILURE_MESSAGE): string {
  if (error instanceof LoyaltyUnavailableError) return fallback;
  if (error instanceof LoyaltyError && error.reason) return error.message;
  return fallback;
}

/** The loyalty service did not answer (down, deadline, breaker open, a 5xx), as opposed to no. */
export function isLoyaltyOutage(error: unknown): boolean {
  return (
    error instanceof LoyaltyUnavailableError ||
    (error instanceof LoyaltyError && error.status >= 500)
  );
}

/** True for an abort caused by the caller's signal (not by our deadline). */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    (error as { name?: unknown }).name === 'AbortError'
  );
}
