import type { ComponentProps } from 'react';
import { FormDialogShell, type FormDialogShellProps } from '~/lib/ui/chakra-dialog';
import { ContentForm } from './content-form';

export interface FormDialogViewProps extends Omit<FormDialogShellProps, 'children'> {
  /** The form, once its page's data is there. */
  form: ComponentProps<typeof ContentForm> | null;
}

/**
 * The content form dialog's Chakra part and its form (conform, zod, the field controls): loaded
 * on demand by ./form-dialog, so none of it is among a page's first scripts. A phone gets the
 * whole screen (the form scrolls inside it).
 */
export function FormDialogView({ form, ...dialog }: FormDialogViewProps) {
  return (
    <FormDialogShell {...dialog} fullScreenOnPhone>
      {form ? <ContentForm {...form} /> : null}
    </FormDialogShell>
  );
}
