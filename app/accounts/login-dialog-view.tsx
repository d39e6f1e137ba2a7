import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { ChakraScope } from '~/lib/theme/chakra-scope';
import { LoginPanes, loginPaneStyles, type LoginPanesProps } from './login-panes';

export interface LoginDialogViewProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  width: number;
  /** Bumped to remount the panes with empty values (see LoginDialog). */
  panesKey: number;
  panes: Omit<LoginPanesProps, 'heading'>;
}

/**
 * The login dialog's Chakra part and its panes (their forms, conform and zod): loaded on demand
 * by ./login-dialog, so none of it is among a page's first scripts.
 */
export function LoginDialogView({
  open,
  onOpenChange,
  width,
  panesKey,
  panes,
}: LoginDialogViewProps) {
  return (
    <ChakraScope>
      <Dialog.Root
        open={open}
        onOpenChange={(e) => onOpenChange(e.open)}
        placement="center"
        lazyMount
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content
              maxW={`${width}px`}
              w="full"
              mx="4"
              colorPalette="brand"
              data-testid="login-dialog"
            >
              <Dialog.Body pt="6" pb="6">
                <LoginPanes
                  key={panesKey}
                  {...panes}
                  heading={(text) => (
                    <Dialog.Title asChild>
                      <h2 className={loginPaneStyles.heading}>{text}</h2>
                    </Dialog.Title>
                  )}
                />
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
