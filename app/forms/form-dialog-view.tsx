import type { ComponentProps } from 'react';
import {
  ChakraDialog,
  RESPONSIVE_DIALOG_PLACEMENT,
  responsiveDialogBox,
} from '~/lib/ui/chakra-dialog';
import { ContentForm } from './content-form';

export interface FormDialogViewProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onExitComplete: () => void;
  finalFocusEl: () => HTMLElement | null;
  width: number;
  title: string | undefined;
  testId: string;
  /** The form, once its page's data is there. */
  form: ComponentProps<typeof ContentForm> | null;
}

/**
 * The content form dialog's Chakra part and its form (conform, zod, the field controls): loaded
 * on demand by ./form-dialog, so none of it is among a page's first scripts.
 */
export function FormDialogView({
  open,
  onOpenChange,
  onExitComplete,
  finalFocusEl,
  width,
  title,
  testId,
  form,
}: FormDialogViewProps) {
  return (
    <ChakraDialog
      open={open}
      onOpenChange={onOpenChange}
      root={{
        onExitComplete,
        finalFocusEl,
        placement: RESPONSIVE_DIALOG_PLACEMENT,
        scrollBehavior: 'inside',
        lazyMount: true,
        unmountOnExit: true,
      }}
      content={{
        ...responsiveDialogBox(width, testId),
        // A phone gets the whole screen (the form scrolls inside it).
        minH: { base: '100dvh', sm: 'auto' },
        maxH: { base: '100dvh', sm: 'calc(100% - 8rem)' },
      }}
      title={title}
      body={{ pb: '6' }}
      closeLabel="Close"
    >
      {form ? <ContentForm {...form} /> : null}
    </ChakraDialog>
  );
}
