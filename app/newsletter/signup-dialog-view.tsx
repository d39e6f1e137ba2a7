import type { ComponentProps } from 'react';
import { FormDialogShell, type FormDialogShellProps } from '~/lib/ui/chakra-dialog';
import { SignupForm } from './signup-form';

export interface SignupDialogViewProps extends Omit<FormDialogShellProps, 'children' | 'title'> {
  title: string;
  form: ComponentProps<typeof SignupForm>;
}

/**
 * The sign-up dialog's Chakra part and its form (conform, zod, the field controls): loaded on
 * demand by ./signup-dialog, so none of it is among a page's first scripts.
 */
export function SignupDialogView({ form, ...dialog }: SignupDialogViewProps) {
  return (
    <FormDialogShell {...dialog}>
      <SignupForm {...form} />
    </FormDialogShell>
  );
}
