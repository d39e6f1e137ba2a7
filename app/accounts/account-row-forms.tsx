import type { AccountView } from './types';
import type { FormMetadata, SubmissionResult } from '@conform-to/react';
import { useMemo } from 'react';
import type { z } from 'zod';
import { Field } from '~/lib/form-kit/field';
import type { ChoiceOption } from '~/lib/form-kit/field-base';
import { PasswordField } from '~/lib/form-kit/password-field';
import { SelectField } from '~/lib/form-kit/select-field';
import { useSchemaForm } from '~/lib/form-kit/use-schema-form';
import { EMAIL_PATTERN, MIN_BIRTH_DATE } from '~/lib/form-kit/fields';
import { phoneDigits, PHONE_DIGITS } from '~/lib/form-kit/mask';
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
import { RowForm, rowFormId } from './account-row';

/**
 * The edit forms of the account rows (spec accounts-loyalty §5 "Account page"): each built
 * from its row schema, validated on blur and again on input with JavaScript, and by the action
 * either way. Save is disabled (with JavaScript only) by the spec's rules.
 */

/** The record's values a form starts from. */
export type AccountValuesView = Pick<
  AccountView,
  | 'firstName'
  | 'lastName'
  | 'phone'
  | 'secondaryPhone'
  | 'email'
  | 'birthday'
  | 'address1'
  | 'address2'
  | 'zip'
  | 'organization'
  | 'myStore'
  | 'hasPassword'
>;

export interface RowEditProps {
  account: AccountValuesView;
  /** The action's answer for this row (a failed save), else undefined. */
  lastResult?: SubmissionResult<string[]>;
  pending: boolean;
  hydrated: boolean;
}

type Form = FormMetadata<Record<string, unknown>, string[]>;

function useRowForm<S extends z.ZodTypeAny>(
  row: AccountIntent,
  schema: S,
  defaultValue: Record<string, string>,
  lastResult: SubmissionResult<string[]> | undefined,
) {
  const [form, fields] = useSchemaForm(schema, {
    id: rowFormId(row),
    lastResult,
    defaultValue: { intent: row, ...defaultValue } as never,
  });
  /** The current text of a field (conform follows every input). */
  const text = (name: string) => {
    const value = (form.value as Record<string, unknown> | undefined)?.[name];
    return typeof value === 'string' ? value : '';
  };
  return { form: form as unknown as Form, fields, text };
}

export function FullNameForm({ account, lastResult, pending, hydrated }: RowEditProps) {
  const row = ACCOUNT_INTENTS.fullName;
  const { form, fields, text } = useRowForm(
    row,
    accountFullNameSchema,
    { firstName: account.firstName, lastName: account.lastName },
    lastResult,
  );
  const canSave = text('firstName').trim() !== '' && text('lastName').trim() !== '';
  return (
    <RowForm row={row} form={form} canSave={canSave} pending={pending} hydrated={hydrated}>
      <Field
        meta={fields.firstName}
        label="First Name"
        inputProps={{ autoComplete: 'given-name' }}
      />
      <Field
        meta={fields.lastName}
        label="Last Name"
        inputProps={{ autoComplete: 'family-name' }}
      />
    </RowForm>
  );
}

export function PhoneForm({ account, lastResult, pending, hydrated }: RowEditProps) {
  const row = ACCOUNT_INTENTS.phone;
  const { form, fields, text } = useRowForm(
    row,
    accountPhoneSchema,
    { phone: account.phone },
    lastResult,
  );
  const canSave = phoneDigits(text('phone')).length >= PHONE_DIGITS;
  return (
    <RowForm row={row} form={form} canSave={canSave} pending={pending} hydrated={hydrated}>
      <Field meta={fields.phone} label="Phone" type="tel" />
    </RowForm>
  );
}

export function SecondaryPhoneForm({ account, lastResult, pending, hydrated }: RowEditProps) {
  const row = ACCOUNT_INTENTS.secondaryPhone;
  const { form, fields } = useRowForm(
    row,
    accountSecondaryPhoneSchema,
    { secondaryPhone: account.secondaryPhone },
    lastResult,
  );
  return (
    <RowForm row={row} form={form} canSave pending={pending} hydrated={hydrated}>
      <Field
        meta={fields.secondaryPhone}
        label="Phone 2"
        type="tel"
        hint="Leave empty to remove it."
      />
    </RowForm>
  );
}

export function EmailForm({ account, lastResult, pending, hydrated }: RowEditProps) {
  const row = ACCOUNT_INTENTS.email;
  const { form, fields, text } = useRowForm(
    row,
    accountEmailSchema,
    { email: account.email },
    lastResult,
  );
  const canSave = EMAIL_PATTERN.test(text('email').trim());
  return (
    <RowForm row={row} form={form} canSave={canSave} pending={pending} hydrated={hydrated}>
      <Field
        meta={fields.email}
        label="Email"
        type="email"
        hint="Your email address is your username."
        inputProps={{ autoComplete: 'email' }}
      />
    </RowForm>
  );
}

export function PasswordForm({ account, lastResult, pending, hydrated }: RowEditProps) {
  const row = ACCOUNT_INTENTS.password;
  const schema = useMemo(
    () => accountPasswordSchema({ hasPassword: account.hasPassword }),
    [account.hasPassword],
  );
  const { form, fields, text } = useRowForm(row, schema, {}, lastResult);
  const next = text('newPassword');
  const canSave = next !== '' && next === text('confirmPassword');
  return (
    <RowForm row={row} form={form} canSave={canSave} pending={pending} hydrated={hydrated}>
      <PasswordField
        meta={fields.currentPassword}
        label="Current Password"
        toggleLabel="Show current password"
        inputProps={{ autoComplete: 'current-password' }}
      />
      <PasswordField
        meta={fields.newPassword}
        label="New Password"
        toggleLabel="Show new password"
        inputProps={{ autoComplete: 'new-password' }}
      />
      <PasswordField
        meta={fields.confirmPassword}
        label="Confirm Password"
        toggleLabel="Show password confirmation"
        inputProps={{ autoComplete: 'new-password' }}
      />
    </RowForm>
  );
}

export function BirthdayForm({
  account,
  lastResult,
  pending,
  hydrated,
  today,
}: RowEditProps & { today: string }) {
  const row = ACCOUNT_INTENTS.birthday;
  const schema = useMemo(() => accountBirthdaySchema({ maxBirthDate: today }), [today]);
  const { form, fields } = useRowForm(row, schema, { birthday: account.birthday }, lastResult);
  return (
    <RowForm row={row} form={form} canSave pending={pending} hydrated={hydrated}>
      <Field
        meta={fields.birthday}
        label="Birthdate"
        type="date"
        inputProps={{ min: MIN_BIRTH_DATE, max: today, autoComplete: 'bday' }}
      />
    </RowForm>
  );
}

export function AddressForm({
  account,
  lastResult,
  pending,
  hydrated,
  zipOptional,
}: RowEditProps & { zipOptional: boolean }) {
  const row = ACCOUNT_INTENTS.fullAddress;
  const schema = useMemo(() => accountAddressSchema({ zipOptional }), [zipOptional]);
  const { form, fields, text } = useRowForm(
    row,
    schema,
    { address1: account.address1, address2: account.address2, zip: account.zip },
    lastResult,
  );
  const canSave = zipOptional || text('zip').trim() !== '';
  return (
    <RowForm row={row} form={form} canSave={canSave} pending={pending} hydrated={hydrated}>
      <Field
        meta={fields.address1}
        label="Address"
        inputProps={{ autoComplete: 'address-line1' }}
      />
      <Field
        meta={fields.address2}
        label="Apartment/Building"
        inputProps={{ autoComplete: 'address-line2' }}
      />
      <Field
        meta={fields.zip}
        label="Zip Code"
        hint="City and state follow from the zip code."
        inputProps={{ autoComplete: 'postal-code', inputMode: 'numeric' }}
      />
    </RowForm>
  );
}

export function OrganizationForm({ account, lastResult, pending, hydrated }: RowEditProps) {
  const row = ACCOUNT_INTENTS.organization;
  const { form, fields } = useRowForm(
    row,
    accountOrganizationSchema,
    { organization: account.organization },
    lastResult,
  );
  return (
    <RowForm row={row} form={form} canSave pending={pending} hydrated={hydrated}>
      <Field meta={fields.organization} label="How did you hear about us?" />
    </RowForm>
  );
}

export function StoreForm({
  account,
  lastResult,
  pending,
  hydrated,
  stores,
}: RowEditProps & { stores: readonly ChoiceOption[] }) {
  const row = ACCOUNT_INTENTS.storeNumber;
  const storeNumbers = useMemo(() => stores.map((s) => s.value), [stores]);
  const schema = useMemo(() => accountStoreSchema({ storeNumbers }), [storeNumbers]);
  const { form, fields } = useRowForm(row, schema, { storeNumber: account.myStore }, lastResult);
  return (
    <RowForm row={row} form={form} canSave pending={pending} hydrated={hydrated}>
      <SelectField
        meta={fields.storeNumber}
        label="My Store"
        placeholder="Select a store"
        options={stores}
      />
    </RowForm>
  );
}
