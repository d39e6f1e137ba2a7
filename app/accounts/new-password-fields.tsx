import type { ReactNode } from 'react';
import type { FieldMeta } from '~/lib/form-kit/field-base';
import { PasswordField } from '~/lib/form-kit/password-field';

export interface NewPasswordFieldsProps {
  password: FieldMeta;
  confirmation: FieldMeta;
  /** 'Password' when the account is made, 'New Password' where one is replaced. */
  label: string;
  hint?: ReactNode;
  /** The show/hide buttons' names where a page has its own ('Show password' otherwise). */
  toggleLabels?: { password?: string; confirmation?: string };
}

/**
 * A new password and its confirmation, both `autocomplete="new-password"` so a password manager
 * offers to generate one and fills both. The schema checks that they match; the fields never
 * get the typed value back from a failed post.
 */
export function NewPasswordFields({
  password,
  confirmation,
  label,
  hint,
  toggleLabels,
}: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField
        meta={password}
        label={label}
        hint={hint}
        toggleLabel={toggleLabels?.password}
        inputProps={{ autoComplete: 'new-password' }}
      />
      <PasswordField
        meta={confirmation}
        label="Confirm Password"
        toggleLabel={toggleLabels?.confirmation}
        inputProps={{ autoComplete: 'new-password' }}
      />
    </>
  );
}
