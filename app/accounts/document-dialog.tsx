import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { PostBody } from '~/content/post-body';
import { sxRecipe } from '~/lib/theme/static-css';

const styles = {
  close: sxRecipe('button', { variant: 'solid', size: 'md' }, { colorPalette: 'brand' }),
};

export interface DocumentDialogProps {
  /** The document (sanitised HTML from the content service) and its title. */
  document: { title: string; html: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A scrollable dialog with a content document (terms and conditions, privacy policy) opened
 * from the registration page's agreement checkbox (spec §2): at most half the window wide and
 * 60vh tall, full screen on small screens. JavaScript only (mounted when opened); without it the
 * links open the documents' own pages.
 */
export function DocumentDialog({ document, open, onOpenChange }: DocumentDialogProps) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement="center"
      scrollBehavior="inside"
      size={{ mdDown: 'full', md: 'md' }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={{ md: '50vw' }} data-testid="document-dialog">
            <Dialog.Header>
              <Dialog.Title>{document.title}</Dialog.Title>
            </Dialog.Header>
            {/* Focusable so the document scrolls with the keyboard too. */}
            <Dialog.Body h={{ md: '60vh' }} tabIndex={0} data-testid="document-dialog-body">
              <PostBody html={document.html} />
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <button type="button" className={styles.close}>
                  Close
                </button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close dialog" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
