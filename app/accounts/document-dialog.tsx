import { PostBody } from '~/content/post-body';
import { sxRecipe } from '~/lib/theme/static-css';
import { LazyDialog } from '~/lib/ui/lazy-dialog';

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
 * 60vh tall, full screen on small screens. JavaScript only (its code loads when first opened);
 * without it the links open the documents' own pages.
 */
export function DocumentDialog({ document, open, onOpenChange }: DocumentDialogProps) {
  return (
    <LazyDialog
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
      footerClose={{ label: 'Close', className: styles.close }}
      closeLabel="Close dialog"
    >
      <PostBody html={document.html} />
    </LazyDialog>
  );
}
