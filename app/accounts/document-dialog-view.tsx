import { PostBody } from '~/content/post-body';
import { ChakraDialog } from '~/lib/ui/chakra-dialog';
import type { DocumentDialogProps } from './document-dialog';

/**
 * The document dialog itself (Chakra's dialog with the document's typography), loaded on demand
 * by ./document-dialog, which declares its classes.
 */
export function DocumentDialogView({
  document,
  open,
  onOpenChange,
  closeClass,
}: DocumentDialogProps & { closeClass: string }) {
  return (
    <ChakraDialog
      open={open}
      onOpenChange={onOpenChange}
      root={{
        placement: 'center',
        scrollBehavior: 'inside',
        size: { mdDown: 'full', md: 'md' },
        lazyMount: true,
        unmountOnExit: true,
      }}
      content={{ maxW: { md: '50vw' }, 'data-testid': 'document-dialog' }}
      title={document.title}
      // Focusable so the document scrolls with the keyboard too.
      body={{ h: { md: '60vh' }, tabIndex: 0, 'data-testid': 'document-dialog-body' }}
      footerClose={{ label: 'Close', className: closeClass }}
      closeLabel="Close dialog"
    >
      <PostBody html={document.html} />
    </ChakraDialog>
  );
}
