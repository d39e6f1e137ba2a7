import type { ReactNode } from 'react';
import { Field, type FieldProps } from './field';

export type EmailFieldProps = Omit<FieldProps, 'type' | 'label'> & {
  /** 'Email' unless the form names the field otherwise. */
  label?: ReactNode;
};

/**
 * An e-mail address field: `type="email"` (the e-mail keyboard on phones, the browser's own
 * check without JavaScript), labelled 'Email', with `autocomplete="email"` unless the form asks
 * for another token: a login form says 'username', so password managers pair it with the
 * password.
 */
export function EmailField({ label = 'Email', inputProps, ...props }: EmailFieldProps) {
  // A token given as undefined still means the default (content forms pass an optional one).
  const { autoComplete = 'email', ...rest } = inputProps ?? {};
  return <Field {...props} label={label} type="email" inputProps={{ ...rest, autoComplete }} />;
}
