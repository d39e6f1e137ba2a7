import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ComponentProps } from 'react';
import { ChakraScope } from '~/lib/theme/chakra-scope';
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
    <ChakraScope>
      <Dialog.Root
        open={open}
        onOpenChange={(e) => onOpenChange(e.open)}
        onExitComplete={onExitComplete}
        finalFocusEl={finalFocusEl}
        placement={{ base: 'top', sm: 'center' }}
        scrollBehavior="inside"
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content
              maxW={{ base: 'full', sm: `${width}px` }}
              w="full"
              mx={{ base: '0', sm: '4' }}
              my={{ base: '0', sm: '16' }}
              // A phone gets the whole screen (the form scrolls inside it).
              minH={{ base: '100dvh', sm: 'auto' }}
              maxH={{ base: '100dvh', sm: 'calc(100% - 8rem)' }}
              borderRadius={{ base: '0', sm: 'l3' }}
              colorPalette="brand"
              data-testid={testId}
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body pb="6">{form ? <ContentForm {...form} /> : null}</Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </ChakraScope>
  );
}
