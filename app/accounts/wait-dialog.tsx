import { Dialog, Portal, Spinner } from '@chakra-ui/react';

/**
 * The blocking 'Please wait while we …' dialog shown while an account form is being saved
 * (spec accounts-loyalty §2: registration, account page, terms page). It has no close control:
 * it closes when the submission ends. With JavaScript off the browser's own page load is the
 * wait, so nothing is rendered on the server.
 */
export function WaitDialog({ open, message }: { open: boolean; message: string }) {
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      placement="center"
      closeOnEscape={false}
      closeOnInteractOutside={false}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW="sm" mx="4" data-testid="wait-dialog" aria-busy="true">
            <Dialog.Body display="flex" alignItems="center" gap="4" py="6">
              <Spinner size="md" color="brand.solid" aria-hidden="true" />
              <Dialog.Title fontSize="md" fontWeight="medium">
                {message}
              </Dialog.Title>
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export const WAIT_MESSAGES = {
  register: 'Please wait while we create your account',
  account: 'Please wait while we update your account',
  /** The terms page's modal (with a period, as the spec writes it). */
  terms: 'Please wait while we update your account.',
} as const;
