import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ComponentProps } from 'react';
import { ChakraScope } from '~/lib/theme/chakra-scope';
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
    <ChakraScope>
      <Dialog.Root
        open={open}
        onOpenChange={(e) => onOpenChange(e.open)}
        onExitComplete={onExitComplete}
        finalFocusEl={finalFocusEl}
        placement={{ base: 'top', sm: 'center' }}
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
              borderRadius={{ base: '0', sm: 'l3' }}
              colorPalette="brand"
              data-testid={testId}
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body pb="6">
                <SignupForm {...form} />
              </Dialog.Body>
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
