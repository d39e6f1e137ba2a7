import type { ComponentProps } from 'react';
import {
  ChakraDialog,
  RESPONSIVE_DIALOG_PLACEMENT,
  responsiveDialogBox,
} from '~/lib/ui/chakra-dialog';
import { SignupForm } from './signup-form';

export interface SignupDialogViewProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onExitComplete: () => void;
  finalFocusEl?: () => HTMLElement | null;
  width: number;
  title: string;
  testId: string;
  form: ComponentProps<typeof SignupForm>;
}

/**
 * The sign-up dialog's Chakra part and its form (conform, zod, the field controls): loaded on
 * demand by ./signup-dialog, so none of it is among a page's first scripts.
 */
export function SignupDialogView({
  open,
  onOpenChange,
  onExitComplete,
  finalFocusEl,
  width,
  title,
  testId,
  form,
}: SignupDialogViewProps) {
  return (
    <ChakraDialog
      open={open}
      onOpenChange={onOpenChange}
      root={{
        onExitComplete,
        finalFocusEl,
        placement: RESPONSIVE_DIALOG_PLACEMENT,
        lazyMount: true,
        unmountOnExit: true,
      }}
      content={responsiveDialogBox(width, testId)}
      title={title}
      body={{ pb: '6' }}
      closeLabel="Close"
    >
      <SignupForm {...form} />
    </ChakraDialog>
  );
}
