import type { ReactNode } from 'react';
import type { z } from 'zod';
import type { ChoiceOption, ExtraInputProps, FieldType } from '~/lib/form-kit/field-base';
import { EMAIL_PATTERN, formatDateUS, MIN_BIRTH_DATE } from '~/lib/form-kit/fields';
import { phoneDigits, PHONE_DIGITS } from '~/lib/form-kit/mask';
import { accountStyles as styles, Empty } from './account-row';
import { EMAIL_USERNAME_HINT } from './messages';
import {
  ACCOUNT_INTENTS,
  accountAddressSchema,
  accountBirthdaySchema,
  accountEmailSchema,
  accountFullNameSchema,
  accountOrganizationSchema,
  accountPasswordSchema,
  accountPhoneSchema,
  accountSecondaryPhoneSchema,
  accountStoreSchema,
  type AccountIntent,
} from './schemas';
import type { AccountView } from './types';

/**
 * The rows of 'My Account Information' and the Home Store card as one table: for each row its
 * label, the fields of its edit form, the schema the browser validates them with (the action
 * parses the union of all of them, `accountSchema`), the values the form starts from, when Save
 * may be pressed, and how the saved value reads. `AccountRowForm` renders any of them; the page
 * lists the rows the brand has.
 */

/** The rows (every intent of the page but the reward choice, which is a card of its own). */
export type RowIntent = Exclude<AccountIntent, typeof ACCOUNT_INTENTS.rewardChoice>;

/** What a row is shown and edited with: the shopper's record and the brand's page settings. */
export interface RowContext {
  account: AccountView;
  /** The latest birth date (the loader's today, so server and browser agree). */
  today: string;
  /** The brand's zip (and address) is optional. */
  zipOptional: boolean;
  /** The Home Store card's choices ([] when the brand has a single location). */
  stores: readonly ChoiceOption[];
}

/**
 * What a row's schema may depend on: settings, never the record's values, so the page builds a
 * schema once rather than on every change of the record.
 */
export type SchemaSettings = Pick<RowContext, 'today' | 'zipOptional' | 'stores'> & {
  hasPassword: boolean;
};

/** One input of a row's form. */
export type RowFieldSpec = { name: string; label: string } & (
  | {
      kind: 'input';
      type?: FieldType;
      hint?: string;
      inputProps?: ExtraInputProps | ((context: RowContext) => ExtraInputProps);
    }
  | {
      kind: 'password';
      /** The show/hide button's name: three password fields sit in one form. */
      toggleLabel: string;
      autoComplete: 'current-password' | 'new-password';
    }
  | {
      kind: 'select';
      placeholder: string;
      options: (context: RowContext) => readonly ChoiceOption[];
    }
);

export interface AccountRowSpec {
  /** The row's intent: the form's hidden `intent`, the `?edit=` value, the ids' suffix. */
  row: RowIntent;
  /** The row's name in the list (and, hidden, in its Edit link). */
  label: string;
  fields: readonly RowFieldSpec[];
  schema: (settings: SchemaSettings) => z.ZodTypeAny;
  /** The values the form starts from (none for the password). */
  initial?: (account: AccountView) => Record<string, string>;
  /**
   * With JavaScript, Save is disabled while this says no (the rows' own rules: both names, ten
   * phone digits, a valid e-mail, a confirmed new password, a zip where the brand needs one).
   * Without it Save is always pressable, and the action answers with the messages.
   */
  canSave?: (text: (name: string) => string, context: RowContext) => boolean;
  /** The saved value as the row shows it. */
  value: (context: RowContext) => ReactNode;
}

/** A text the shopper may not have given. */
const orEmpty = (text: string) => text || <Empty />;

/** Address lines, 'City, ST' and zip, one per line. */
function AddressLines({ account }: { account: AccountView }) {
  const place = [account.city, account.state].filter(Boolean).join(', ');
  const lines = [account.address1, account.address2, place, account.zip].filter(Boolean);
  if (lines.length === 0) return <Empty />;
  return (
    <>
      {lines.map((line, i) => (
        <span key={i} className={styles.line}>
          {line}
        </span>
      ))}
    </>
  );
}

/** The password is never shown: dots for the eye, 'Hidden' for a screen reader. */
function MaskedPassword({ hasPassword }: { hasPassword: boolean }) {
  if (!hasPassword) return <Empty>Not set</Empty>;
  return (
    <>
      <span aria-hidden="true">••••••••</span>
      <span className={styles.srOnly}>Hidden</span>
    </>
  );
}

export const ACCOUNT_ROW_SPECS: { readonly [R in RowIntent]: AccountRowSpec & { row: R } } = {
  fullName: {
    row: ACCOUNT_INTENTS.fullName,
    label: 'Name',
    fields: [
      {
        kind: 'input',
        name: 'firstName',
        label: 'First Name',
        inputProps: { autoComplete: 'given-name' },
      },
      {
        kind: 'input',
        name: 'lastName',
        label: 'Last Name',
        inputProps: { autoComplete: 'family-name' },
      },
    ],
    schema: () => accountFullNameSchema,
    initial: (account) => ({ firstName: account.firstName, lastName: account.lastName }),
    canSave: (text) => text('firstName').trim() !== '' && text('lastName').trim() !== '',
    value: ({ account }) => orEmpty(`${account.firstName} ${account.lastName}`.trim()),
  },
  phone: {
    row: ACCOUNT_INTENTS.phone,
    label: 'Phone',
    fields: [{ kind: 'input', name: 'phone', label: 'Phone', type: 'tel' }],
    schema: () => accountPhoneSchema,
    initial: (account) => ({ phone: account.phone }),
    canSave: (text) => phoneDigits(text('phone')).length >= PHONE_DIGITS,
    value: ({ account }) => orEmpty(account.phone),
  },
  secondaryPhone: {
    row: ACCOUNT_INTENTS.secondaryPhone,
    label: 'Phone 2',
    fields: [
      {
        kind: 'input',
        name: 'secondaryPhone',
        label: 'Phone 2',
        type: 'tel',
        hint: 'Leave empty to remove it.',
      },
    ],
    schema: () => accountSecondaryPhoneSchema,
    initial: (account) => ({ secondaryPhone: account.secondaryPhone }),
    value: ({ account }) => orEmpty(account.secondaryPhone),
  },
  email: {
    row: ACCOUNT_INTENTS.email,
    label: 'Email',
    fields: [
      {
        kind: 'input',
        name: 'email',
        label: 'Email',
        type: 'email',
        hint: EMAIL_USERNAME_HINT,
        inputProps: { autoComplete: 'email' },
      },
    ],
    schema: () => accountEmailSchema,
    initial: (account) => ({ email: account.email }),
    canSave: (text) => EMAIL_PATTERN.test(text('email').trim()),
    value: ({ account }) => orEmpty(account.email),
  },
  password: {
    row: ACCOUNT_INTENTS.password,
    label: 'Password',
    fields: [
      {
        kind: 'password',
        name: 'currentPassword',
        label: 'Current Password',
        toggleLabel: 'Show current password',
        autoComplete: 'current-password',
      },
      {
        kind: 'password',
        name: 'newPassword',
        label: 'New Password',
        toggleLabel: 'Show new password',
        autoComplete: 'new-password',
      },
      {
        kind: 'password',
        name: 'confirmPassword',
        label: 'Confirm Password',
        toggleLabel: 'Show password confirmation',
        autoComplete: 'new-password',
      },
    ],
    // A record that never had a password (an upgraded one) is not asked for the current one.
    schema: ({ hasPassword }) => accountPasswordSchema({ hasPassword }),
    canSave: (text) =>
      text('newPassword') !== '' && text('newPassword') === text('confirmPassword'),
    value: ({ account }) => <MaskedPassword hasPassword={account.hasPassword} />,
  },
  birthday: {
    row: ACCOUNT_INTENTS.birthday,
    label: 'Birthdate',
    fields: [
      {
        kind: 'input',
        name: 'birthday',
        label: 'Birthdate',
        type: 'date',
        inputProps: ({ today }) => ({ min: MIN_BIRTH_DATE, max: today, autoComplete: 'bday' }),
      },
    ],
    schema: ({ today }) => accountBirthdaySchema({ maxBirthDate: today }),
    initial: (account) => ({ birthday: account.birthday }),
    value: ({ account }) => (account.birthday ? formatDateUS(account.birthday) : <Empty />),
  },
  fullAddress: {
    row: ACCOUNT_INTENTS.fullAddress,
    label: 'Address',
    fields: [
      {
        kind: 'input',
        name: 'address1',
        label: 'Address',
        inputProps: { autoComplete: 'address-line1' },
      },
      {
        kind: 'input',
        name: 'address2',
        label: 'Apartment/Building',
        inputProps: { autoComplete: 'address-line2' },
      },
      {
        kind: 'input',
        name: 'zip',
        label: 'Zip Code',
        hint: 'City and state follow from the zip code.',
        inputProps: { autoComplete: 'postal-code', inputMode: 'numeric' },
      },
    ],
    schema: ({ zipOptional }) => accountAddressSchema({ zipOptional }),
    initial: (account) => ({
      address1: account.address1,
      address2: account.address2,
      zip: account.zip,
    }),
    canSave: (text, { zipOptional }) => zipOptional || text('zip').trim() !== '',
    value: ({ account }) => <AddressLines account={account} />,
  },
  organization: {
    row: ACCOUNT_INTENTS.organization,
    label: 'How did you hear about us?',
    fields: [{ kind: 'input', name: 'organization', label: 'How did you hear about us?' }],
    schema: () => accountOrganizationSchema,
    initial: (account) => ({ organization: account.organization }),
    value: ({ account }) => orEmpty(account.organization),
  },
  storeNumber: {
    row: ACCOUNT_INTENTS.storeNumber,
    label: 'My Store',
    fields: [
      {
        kind: 'select',
        name: 'storeNumber',
        label: 'My Store',
        placeholder: 'Select a store',
        options: ({ stores }) => stores,
      },
    ],
    schema: ({ stores }) => accountStoreSchema({ storeNumbers: stores.map((s) => s.value) }),
    initial: (account) => ({ storeNumber: account.myStore }),
    value: ({ account, stores }) =>
      stores.find((s) => s.value === account.myStore)?.label ?? <Empty />,
  },
};

/** The rows of the main card, in the page's order, from the rows the brand's page has. */
export function mainCardRows(rows: readonly AccountIntent[]): AccountRowSpec[] {
  return rows
    .filter(
      (row): row is Exclude<RowIntent, 'storeNumber'> =>
        row in ACCOUNT_ROW_SPECS && row !== 'storeNumber',
    )
    .map((row) => ACCOUNT_ROW_SPECS[row]);
}
