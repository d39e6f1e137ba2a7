import { denverDayOf } from '@common/denver-day';
import { z } from 'zod';
import { LOGIN_INTENTS } from './intents';
import {
  checkboxField,
  confirmPasswordField,
  dateField,
  emailField,
  MAX_NAME_LENGTH,
  MESSAGES,
  MIN_BIRTH_DATE,
  MIN_PASSWORD_LENGTH,
  mustBeChecked,
  optionalPasswordField,
  optionalText,
  passwordField,
  passwordsMatch,
  phoneField,
  requiredText,
  rewardChoiceField,
  storeField,
  zipField,
} from '~/lib/form-kit/fields';

/**
 * The shopper-account forms (docs/reference/accounts.md "Field rules"), each built from ./fields.
 * Field names follow the loyalty payloads (docs/loyalty-api.md "Entities") where the form has the
 * field. Per-brand parts are functions of the brand's flags, so the server action and the browser
 * build the same schema from the same flags.
 */

export const LOGIN_MESSAGES = {
  email: 'Please enter your email address.',
  password: 'Please enter your password.',
} as const;

export const RESET_PASSWORD_MESSAGES = {
  required: 'Required.',
  /** Same text as registration's, period included. */
  mismatch: MESSAGES.passwordsDontMatch,
} as const;

export const ACCOUNT_MESSAGES = {
  firstName: 'First name is required.',
  lastName: 'Last name is required.',
  /** The account page's rule has no period, unlike registration's (on purpose). */
  mismatch: "Passwords don't match",
} as const;

export const REGISTER_MESSAGES = {
  firstName: ACCOUNT_MESSAGES.firstName,
  lastName: ACCOUNT_MESSAGES.lastName,
  address: 'Address is required.',
} as const;

export { SECRET_FIELDS } from '~/lib/form-kit/secret-fields';

/** A post whose `intent` names no form of the page (stale page, hand-made post). */
const unknownIntent = { errorMap: () => ({ message: MESSAGES.generic }) };

const firstName = () => requiredText(ACCOUNT_MESSAGES.firstName, { max: MAX_NAME_LENGTH });
const lastName = () => requiredText(ACCOUNT_MESSAGES.lastName, { max: MAX_NAME_LENGTH });

// --- Login dialog / page ----------------------------------------------------------------------

/**
 * Login pane. The field is an e-mail, but the backend logs in by e-mail or phone
 * (emailOrPhone), so only presence is checked, not the e-mail pattern.
 */
export const loginSchema = z.object({
  email: requiredText(LOGIN_MESSAGES.email, { max: 254 }),
  password: passwordField(LOGIN_MESSAGES.password),
  /** Where to go afterwards (checked with safe-redirect by the action). */
  redirectTo: optionalText({ max: 2000 }),
});

/** Reset-request pane: the e-mail must be given and look like one (a reset is mailed to it). */
export const resetRequestSchema = z.object({
  email: emailField({ required: LOGIN_MESSAGES.email }),
});

export { LOGIN_INTENTS };

/** The /login action: both panes post there, told apart by `intent`. */
export const loginFormsSchema = z.discriminatedUnion(
  'intent',
  [
    loginSchema.extend({ intent: z.literal(LOGIN_INTENTS.login) }),
    resetRequestSchema.extend({ intent: z.literal(LOGIN_INTENTS.resetRequest) }),
  ],
  unknownIntent,
);

// --- Reset password page ----------------------------------------------------------------------

const resetPasswordObject = z.object({
  password: passwordField(RESET_PASSWORD_MESSAGES.required, { minLength: MIN_PASSWORD_LENGTH }),
  confirmPassword: confirmPasswordField(RESET_PASSWORD_MESSAGES.required),
});

/** New password and confirmation: both 'Required.'; "Passwords don't match.". */
export const resetPasswordSchema = resetPasswordObject.superRefine(
  passwordsMatch('password', 'confirmPassword', RESET_PASSWORD_MESSAGES.mismatch),
);

export const RESET_PASSWORD_INTENTS = { reset: 'reset', resend: 'resend' } as const;

/**
 * The /reset-password action: the new password, or (expired token) a resend of the e-mail. The
 * token and address stay in the page's query string, which a Remix form posts back.
 */
export const resetPasswordFormsSchema = z
  .discriminatedUnion(
    'intent',
    [
      resetPasswordObject.extend({ intent: z.literal(RESET_PASSWORD_INTENTS.reset) }),
      z.object({ intent: z.literal(RESET_PASSWORD_INTENTS.resend) }),
    ],
    unknownIntent,
  )
  .superRefine((value, ctx) => {
    if (value.intent === RESET_PASSWORD_INTENTS.reset) {
      passwordsMatch('password', 'confirmPassword', RESET_PASSWORD_MESSAGES.mismatch)(value, ctx);
    }
  });

// --- Registration -----------------------------------------------------------------------------

export interface RegisterFlags {
  /** The brand hides the address block (address, apartment, zip). */
  addressHidden: boolean;
  /** The brand makes address and zip optional (`registration.zipOptional`). */
  zipOptional: boolean;
  /** 'How did you hear about our rewards program?' is asked (optional answer). */
  organizationQuestion: boolean;
  /** The reward-choice radio group is shown (brand flag and options to choose from). */
  rewardChoice: boolean;
  /** The store selector is shown (more than one location): a store must be chosen. */
  storeRequired: boolean;
  /** Earliest birth date, default 1900-01-01. */
  minBirthDate?: string;
  /** Latest birth date, default today (through its end). */
  maxBirthDate?: string | Date;
  /** Store numbers the selector offers; others are refused ('Please choose your store.'). */
  storeNumbers?: readonly string[];
  /** Reward subscription ids the radio group offers. */
  rewardIds?: readonly (string | number)[];
}

/** The address block of registration and of the account page's Address row. */
function addressShape(optional: boolean) {
  return {
    address1: optional ? optionalText() : requiredText(REGISTER_MESSAGES.address, { max: 100 }),
    address2: optionalText(),
    zip: zipField({ optional }),
  };
}

function birthday(min?: string, max?: string | Date) {
  return dateField({ min: min ?? MIN_BIRTH_DATE, max: max ?? denverDayOf() });
}

/**
 * Registration (docs/reference/accounts.md "Registration"): every field of the page; the brand's
 * flags decide the address block, the organization question, the reward choice and the store.
 * Hidden parts are not in the schema, so whatever is posted for them is dropped.
 */
export function registerSchema(flags: RegisterFlags) {
  return z
    .object({
      firstName: firstName(),
      lastName: lastName(),
      birthday: birthday(flags.minBirthDate, flags.maxBirthDate),
      email: emailField({ required: true }),
      phone: phoneField({ required: MESSAGES.phone }),
      secondaryPhone: phoneField(),
      ...(flags.addressHidden ? {} : addressShape(flags.zipOptional)),
      ...(flags.organizationQuestion ? { organization: optionalText() } : {}),
      ...(flags.storeRequired ? { storeNumber: storeField(flags) } : {}),
      ...(flags.rewardChoice
        ? { rewardSubscriptionId: rewardChoiceField({ ids: flags.rewardIds }) }
        : {}),
      password: passwordField(MESSAGES.passwordRequired, { minLength: MIN_PASSWORD_LENGTH }),
      confirmPassword: confirmPasswordField(),
      /** The promotional-email opt-in. */
      promoEmails: checkboxField(),
      acceptTerms: mustBeChecked(),
    })
    .superRefine(passwordsMatch('password', 'confirmPassword'));
}

export type RegisterValues = z.output<ReturnType<typeof registerSchema>>;

// --- Account page -----------------------------------------------------------------------------

/** The rows of the account page, one edited at a time, each its own intent. */
export const ACCOUNT_INTENTS = {
  fullName: 'fullName',
  phone: 'phone',
  secondaryPhone: 'secondaryPhone',
  email: 'email',
  password: 'password',
  birthday: 'birthday',
  fullAddress: 'fullAddress',
  organization: 'organization',
  storeNumber: 'storeNumber',
  rewardChoice: 'rewardChoice',
} as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[keyof typeof ACCOUNT_INTENTS];

export interface AccountFlags {
  /** The brand's zip (and so the address) is optional. */
  zipOptional: boolean;
  /**
   * The shopper has a password (false for an upgraded record that never set one): the current
   * password is then required to change it. Default true.
   */
  hasPassword?: boolean;
  minBirthDate?: string;
  maxBirthDate?: string | Date;
  storeNumbers?: readonly string[];
  rewardIds?: readonly (string | number)[];
}

const intent = <T extends AccountIntent>(value: T) => z.literal(value);

export const accountFullNameSchema = z.object({
  intent: intent(ACCOUNT_INTENTS.fullName),
  firstName: firstName(),
  lastName: lastName(),
});

/** Phone: 'Please enter a valid phone number.' (empty too: the row needs a number). */
export const accountPhoneSchema = z.object({
  intent: intent(ACCOUNT_INTENTS.phone),
  phone: phoneField({ required: MESSAGES.phone }),
});

/** Phone 2: same message; may be cleared (undefined = remove it). */
export const accountSecondaryPhoneSchema = z.object({
  intent: intent(ACCOUNT_INTENTS.secondaryPhone),
  secondaryPhone: phoneField(),
});

/** E-mail: 'Please enter a valid email address.', empty included. */
export const accountEmailSchema = z.object({
  intent: intent(ACCOUNT_INTENTS.email),
  email: emailField({ required: MESSAGES.email }),
});

function accountPasswordObject(hasPassword = true) {
  return z.object({
    intent: intent(ACCOUNT_INTENTS.password),
    currentPassword: hasPassword ? passwordField() : optionalPasswordField(),
    newPassword: passwordField(MESSAGES.passwordRequired, { minLength: MIN_PASSWORD_LENGTH }),
    confirmPassword: confirmPasswordField(),
  });
}

const accountPasswordsMatch = passwordsMatch(
  'newPassword',
  'confirmPassword',
  ACCOUNT_MESSAGES.mismatch,
);

/** Password change: current, new and confirm; "Passwords don't match" (no period). */
export function accountPasswordSchema(flags: Pick<AccountFlags, 'hasPassword'> = {}) {
  return accountPasswordObject(flags.hasPassword).superRefine(accountPasswordsMatch);
}

/** Birthday, minimum 1900-01-01, at most today; clearable. */
export function accountBirthdaySchema(
  flags: Pick<AccountFlags, 'minBirthDate' | 'maxBirthDate'> = {},
) {
  return z.object({
    intent: intent(ACCOUNT_INTENTS.birthday),
    birthday: birthday(flags.minBirthDate, flags.maxBirthDate),
  });
}

/**
 * Address: 'Zip code is required.' unless the brand's zip is optional. The account rules name
 * no address message, so the address lines themselves are optional here.
 */
export function accountAddressSchema(flags: Pick<AccountFlags, 'zipOptional'>) {
  return z.object({
    intent: intent(ACCOUNT_INTENTS.fullAddress),
    address1: optionalText(),
    address2: optionalText(),
    zip: zipField({ optional: flags.zipOptional }),
  });
}

/** 'How did you hear about us?' (one brand), free text, may be cleared. */
export const accountOrganizationSchema = z.object({
  intent: intent(ACCOUNT_INTENTS.organization),
  organization: optionalText(),
});

/** Home store card: 'Please choose your store.'. */
export function accountStoreSchema(flags: Pick<AccountFlags, 'storeNumbers'> = {}) {
  return z.object({
    intent: intent(ACCOUNT_INTENTS.storeNumber),
    storeNumber: storeField(flags),
  });
}

/** Reward-choice card (saves on change). */
export function accountRewardChoiceSchema(flags: Pick<AccountFlags, 'rewardIds'> = {}) {
  return z.object({
    intent: intent(ACCOUNT_INTENTS.rewardChoice),
    rewardSubscriptionId: rewardChoiceField({ ids: flags.rewardIds }),
  });
}

/**
 * The one /account action: every row's form posts its `intent` and only that row's fields.
 * For a row's own `constraint` use that row's schema (in a union, fields of other rows read as
 * optional).
 */
export function accountSchema(flags: AccountFlags) {
  return z
    .discriminatedUnion(
      'intent',
      [
        accountFullNameSchema,
        accountPhoneSchema,
        accountSecondaryPhoneSchema,
        accountEmailSchema,
        accountPasswordObject(flags.hasPassword),
        accountBirthdaySchema(flags),
        accountAddressSchema(flags),
        accountOrganizationSchema,
        accountStoreSchema(flags),
        accountRewardChoiceSchema(flags),
      ],
      unknownIntent,
    )
    .superRefine((value, ctx) => {
      if (value.intent === ACCOUNT_INTENTS.password) accountPasswordsMatch(value, ctx);
    });
}

export type AccountValues = z.output<ReturnType<typeof accountSchema>>;

// --- Terms and data preferences ---------------------------------------------------------------

/** Terms acceptance page: 'You must accept the terms of use.'. */
export const termsSchema = z.object({
  acceptTerms: mustBeChecked(),
});

/**
 * Data preferences: one checkbox, opting out of data sharing when checked; validated before submit
 * like every form, with no rule to show and nothing else to check.
 */
export const dataPreferencesSchema = z.object({
  optOutDataSharing: checkboxField(),
});
