import { z } from 'zod';
import { parsePhone, type Phone } from './mask';

/**
 * Field schemas, written once (the form pattern of docs/decisions/0010-one-shape.md) with the
 * messages the forms show (docs/reference/accounts.md "Field rules", docs/reference/newsletter.md
 * "Rules", docs/reference/forms.md "Rules"). Forms build on these in their area's schemas.ts.
 *
 * Every field is one transform over `z.unknown()`: it takes the posted string (or nothing),
 * and never aborts the object it sits in. Zod skips an object's refinements once a field
 * aborts (a missing `z.string()` does), so a "Passwords don't match." check would stay silent
 * until every other field was valid; here each form reports all its errors at once.
 * Conform's coercion leaves `z.unknown()` alone and still sees the constraint: a field is
 * `required` unless wrapped in `.optional()` (what getZodConstraint puts on the input).
 * The fields accept '' as well as a missing value, so the schemas work with or without
 * conform's empty-string stripping.
 */

export const MESSAGES = {
  required: 'This field is required.',
  /** The generic failure of every form; also what a post with an unknown `intent` gets. */
  generic: 'Something went wrong with your request. Please try submitting again.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
  zipRequired: 'Zip code is required.',
  /** A malformed zip (the site's own words; an empty one gets `zipRequired`). */
  zipInvalid: 'Please enter a valid zip code.',
  date: 'Please enter a valid date.',
  passwordRequired: 'Password is required.',
  confirmRequired: 'Please confirm your password.',
  /** Registration and reset page (with period); the account page has its own. */
  passwordsDontMatch: "Passwords don't match.",
  terms: 'You must accept the terms of use.',
  store: 'Please choose your store.',
} as const;

export const dateMinMessage = (date: string) => `Date must be later than ${formatDateUS(date)}`;
export const dateMaxMessage = (date: string) => `Date must be earlier than ${formatDateUS(date)}`;
export const tooLongMessage = (max: number) => `Please enter no more than ${max} characters.`;
export const passwordTooShortMessage = (min: number) =>
  `Password must be at least ${min} characters.`;

/** The earliest birth date accepted ('Date must be later than 01/01/1900'). */
export const MIN_BIRTH_DATE = '1900-01-01';
/** The loyalty backend refuses shorter new passwords (docs/loyalty-api.md, code 51). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_EMAIL_LENGTH = 254;
/** Lengths the loyalty backend accepts (docs/loyalty-api.md). */
export const MAX_NAME_LENGTH = 50;
export const MAX_TEXT_LENGTH = 100;

/**
 * `true` for the default required message, a string for a form's own, false/absent for an
 * optional field.
 */
export type RequiredOption = boolean | string | undefined;

type Fail = (message: string) => never;
type Parse<T> = (text: string, fail: Fail) => T;

function requiredMessage(required: RequiredOption, fallback: string = MESSAGES.required) {
  return typeof required === 'string' ? required : fallback;
}

/** The posted text, '' for nothing (or for a file or a repeated name, which no field takes). */
function textOf(raw: unknown): string {
  return typeof raw === 'string' ? raw : '';
}

/** A field that must be filled: `isEmpty` text gets `message`, anything else goes to `parse`. */
function requiredField<T>(message: string, parse: Parse<T>, isEmpty = isBlank) {
  return z.unknown().transform((raw, ctx): T => {
    const fail: Fail = (m) => {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: m });
      return z.NEVER;
    };
    const text = textOf(raw);
    return isEmpty(text) ? fail(message) : parse(text, fail);
  });
}

/** A field that may stay empty (undefined then); what is given goes to `parse`. */
function optionalField<T>(parse: Parse<T>, isEmpty = isBlank) {
  return z
    .unknown()
    .transform((raw, ctx): T | undefined => {
      const fail: Fail = (m) => {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: m });
        return z.NEVER;
      };
      const text = textOf(raw);
      return isEmpty(text) ? undefined : parse(text, fail);
    })
    .optional();
}

function isBlank(text: string) {
  return text.trim() === '';
}

type RequiredSchema<T> = ReturnType<typeof requiredField<T>>;
type OptionalSchema<T> = ReturnType<typeof optionalField<T>>;

function either<T>(required: RequiredOption, fallback: string, parse: Parse<T>, isEmpty = isBlank) {
  return required
    ? requiredField(requiredMessage(required, fallback), parse, isEmpty)
    : optionalField(parse, isEmpty);
}

// --- Text -----------------------------------------------------------------------------------

function trimmed(max: number): Parse<string> {
  return (text, fail) => {
    const value = text.trim();
    return value.length > max ? fail(tooLongMessage(max)) : value;
  };
}

/** Required text, trimmed: 'This field is required.' unless the form has its own message. */
export function requiredText(message: string = MESSAGES.required, { max = MAX_TEXT_LENGTH } = {}) {
  return requiredField(message, trimmed(max));
}

/** Optional text, trimmed; undefined when empty. */
export function optionalText({ max = MAX_TEXT_LENGTH } = {}) {
  return optionalField(trimmed(max));
}

// --- E-mail ---------------------------------------------------------------------------------

/** Every form's e-mail rule: a simple local part, '@', a dotted domain. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

const parseEmail: Parse<string> = (text, fail) => {
  const value = text.trim();
  return value.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(value)
    ? value
    : fail(MESSAGES.email);
};

/**
 * E-mail: 'Please enter a valid email address.'; empty allowed unless required ('This field is
 * required.' or the form's message).
 */
export function emailField(options: { required: true | string }): RequiredSchema<string>;
export function emailField(options?: { required?: false }): OptionalSchema<string>;
export function emailField({ required }: { required?: RequiredOption } = {}) {
  return either(required, MESSAGES.required, parseEmail);
}

// --- Phone ----------------------------------------------------------------------------------

const parsePhoneField: Parse<Phone> = (text, fail) => parsePhone(text) ?? fail(MESSAGES.phone);

/**
 * Phone, mask (###) ###-####: digits or masked input (or common separators), normalised to the
 * 14-character mask with its 10 digits exposed; 'Please enter a valid phone number.'. Under the
 * mask, registration's "exactly 14 masked characters" and the account page's "at least 10
 * digits" are the same rule: the mask holds exactly ten.
 */
export function phoneField(options: { required: true | string }): RequiredSchema<Phone>;
export function phoneField(options?: { required?: false }): OptionalSchema<Phone>;
export function phoneField({ required }: { required?: RequiredOption } = {}) {
  return either(required, MESSAGES.required, parsePhoneField);
}

// --- Zip ------------------------------------------------------------------------------------

const ZIP = /^(\d{5})(?:-?(\d{4}))?$/;

const parseZip: Parse<string> = (text, fail) => {
  const match = ZIP.exec(text.trim());
  if (!match) return fail(MESSAGES.zipInvalid);
  return match[2] ? `${match[1]}-${match[2]}` : match[1];
};

/** Zip, 5 digits or ZIP+4 ('84101-1234'); 'Zip code is required.' unless optional. */
export function zipField(options?: { optional?: false }): RequiredSchema<string>;
export function zipField(options: { optional: true }): OptionalSchema<string>;
export function zipField(options: {
  optional: boolean;
}): RequiredSchema<string> | OptionalSchema<string>;
export function zipField({ optional = false }: { optional?: boolean } = {}) {
  return either(!optional && MESSAGES.zipRequired, MESSAGES.zipRequired, parseZip);
}

// --- Dates ----------------------------------------------------------------------------------

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * A calendar date from the mask mm/dd/yyyy (one-digit month or day tolerated) or from
 * YYYY-MM-DD (what `<input type="date">` posts), as YYYY-MM-DD; null when it is no real date
 * (month 1-12, day within the month, leap years).
 */
export function parseDateInput(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const us = iso ? null : /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (!iso && !us) return null;
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : [Number(us![3]), Number(us![1]), Number(us![2])];
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return null;
  }
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** YYYY-MM-DD as the mask shows it: MM/DD/YYYY. */
export function formatDateUS(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${month}/${day}/${year}`;
}

/** The local calendar date of `date` as YYYY-MM-DD. */
export function isoDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A bound given as a date string (either format) or a Date (its calendar day). */
function bound(value: string | Date): string {
  if (value instanceof Date) return isoDate(value);
  const parsed = parseDateInput(value.slice(0, 10).length === 10 ? value.slice(0, 10) : value);
  if (!parsed) throw new Error(`Invalid date bound: ${value}`);
  return parsed;
}

export interface DateFieldOptions {
  required?: RequiredOption;
  /** Earliest allowed day, inclusive: 'Date must be later than {date}'. */
  min?: string | Date;
  /** Latest allowed day, counted through the end of that day: 'Date must be earlier than {date}'. */
  max?: string | Date;
}

/**
 * Date, mask mm/dd/yyyy (YYYY-MM-DD accepted too), normalised to YYYY-MM-DD: 'This field is
 * required.', 'Please enter a valid date.', min and max messages. Clearable unless required.
 */
export function dateField(
  options: DateFieldOptions & { required: true | string },
): RequiredSchema<string>;
export function dateField(
  options?: DateFieldOptions & { required?: false },
): OptionalSchema<string>;
export function dateField({ required, min, max }: DateFieldOptions = {}) {
  const lo = min === undefined ? null : bound(min);
  const hi = max === undefined ? null : bound(max);
  const parse: Parse<string> = (text, fail) => {
    const date = parseDateInput(text);
    if (!date) return fail(MESSAGES.date);
    // Same-format strings compare as dates; the max day itself is allowed up to its end.
    if (lo && date < lo) return fail(dateMinMessage(lo));
    if (hi && date > hi) return fail(dateMaxMessage(hi));
    return date;
  };
  return either(required, MESSAGES.required, parse);
}

// --- Passwords ------------------------------------------------------------------------------

/**
 * A password, never trimmed: `message` when empty ('Password is required.' by default), and
 * optionally a minimum length (new passwords; not for logging in with an existing one).
 */
export function passwordField(
  message: string = MESSAGES.passwordRequired,
  { minLength = 0 }: { minLength?: number } = {},
) {
  return requiredField(
    message,
    (text, fail) => {
      if (text.length < minLength) return fail(passwordTooShortMessage(minLength));
      if (text.length > MAX_PASSWORD_LENGTH) return fail(tooLongMessage(MAX_PASSWORD_LENGTH));
      return text;
    },
    (text) => text === '',
  );
}

/** A password that may be left empty (undefined then). */
export function optionalPasswordField() {
  return optionalField(
    (text, fail) =>
      text.length > MAX_PASSWORD_LENGTH ? fail(tooLongMessage(MAX_PASSWORD_LENGTH)) : text,
    (text) => text === '',
  );
}

/** The confirmation box: 'Please confirm your password.' when empty. */
export function confirmPasswordField(message: string = MESSAGES.confirmRequired) {
  return passwordField(message);
}

/**
 * An object refinement: `message` on `confirm` when both passwords are given and differ.
 * "Passwords don't match." at registration and reset, "Passwords don't match" (no period) on
 * the account page.
 */
export function passwordsMatch<K extends string, C extends string>(
  password: K,
  confirm: C,
  message: string = MESSAGES.passwordsDontMatch,
) {
  return (value: { [P in K | C]?: unknown }, ctx: z.RefinementCtx) => {
    const a = value[password];
    const b = value[confirm];
    if (typeof a === 'string' && typeof b === 'string' && a !== b) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [confirm], message });
    }
  };
}

// --- Checkboxes and choices -----------------------------------------------------------------

/** A posted checkbox value means checked ('on' by default; 'true' from hand-written forms). */
function isChecked(raw: unknown): boolean {
  return raw === true || (typeof raw === 'string' && raw !== '' && raw !== 'false');
}

/**
 * An optional checkbox: true when posted, false when not (an unchecked box sends nothing).
 * The default keeps conform's constraint from marking the box `required`.
 */
export function checkboxField() {
  return z.unknown().transform(isChecked).default(false);
}

/** A checkbox that must be checked: 'You must accept the terms of use.' by default. */
export function mustBeChecked(message: string = MESSAGES.terms) {
  return z.unknown().transform((raw, ctx): true => {
    if (isChecked(raw)) return true;
    ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    return z.NEVER;
  });
}

/**
 * One value of a radio group or select: 'This field is required.' (or the form's message) when
 * none is chosen; when `options` are given, any other value gets the same message.
 */
export function choiceField<T extends string>(
  options?: readonly T[],
  message: string = MESSAGES.required,
) {
  return requiredField<T>(message, (text, fail) => {
    const value = text.trim();
    return !options || options.includes(value as T) ? (value as T) : fail(message);
  });
}

/** Several values (checkbox group): at least one, each among `options` when given. */
export function multiChoiceField<T extends string>(
  options?: readonly T[],
  message: string = MESSAGES.required,
) {
  return z.unknown().transform((raw, ctx): T[] => {
    const values = (Array.isArray(raw) ? raw : [raw])
      .filter((v): v is string => typeof v === 'string')
      .map((v) => v.trim())
      .filter((v) => v !== '');
    if (values.length === 0 || (options && values.some((v) => !options.includes(v as T)))) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }
    return [...new Set(values)] as T[];
  });
}

/** Store numbers are 4-digit strings ('0201'); '0' and '' mean none. */
function parseStore(storeNumbers?: readonly string[]): Parse<string> {
  return (text, fail) => {
    const value = text.trim();
    if (!/^\d{1,4}$/.test(value) || /^0+$/.test(value)) return fail(MESSAGES.store);
    const store = value.padStart(4, '0');
    return !storeNumbers || storeNumbers.includes(store) ? store : fail(MESSAGES.store);
  };
}

/**
 * A store choice: 'Please choose your store.' when none (or '0', the backend's none) is chosen,
 * or one not in `storeNumbers` when given; normalised to 4 digits.
 */
export function storeField({ storeNumbers }: { storeNumbers?: readonly string[] } = {}) {
  return requiredField(MESSAGES.store, parseStore(storeNumbers));
}

/**
 * A reward subscription id from the reward-choice radio group (mandatory where shown): 'This
 * field is required.' when none is chosen or it is not one of `ids` when given.
 */
export function rewardChoiceField({ ids }: { ids?: readonly (string | number)[] } = {}) {
  return requiredField<number>(MESSAGES.required, (text, fail) => {
    const value = text.trim();
    if (!/^\d{1,9}$/.test(value)) return fail(MESSAGES.required);
    const id = Number(value);
    return !ids || ids.map(Number).includes(id) ? id : fail(MESSAGES.required);
  });
}
