import { sxRecipe } from '~/lib/theme/static-css';
import { lazyModule, useLazyModule, useOpenedOnce } from '~/lib/ui/lazy-module';

const styles = {
  close: sxRecipe('button', { variant: 'solid', size: 'md' }, { colorPalette: 'brand' }),
};

/** The dialog's code (Chakra's dialog, the document's typography): loaded when first opened. */
const view = lazyModule(() => import('./document-dialog-view'));

/** Starts loading the dialog (a pointer or focus on a link that opens it). */
export function preloadDocumentDialog() {
  void view.load().catch(() => undefined);
}

export interface DocumentDialogProps {
  /** The document (sanitised HTML from the content service) and its title. */
  document: { title: string; html: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A scrollable dialog with a content document (terms and conditions, privacy policy) opened from
 * the registration page's agreement checkbox: at most half the window wide and 60vh tall, full
 * screen on small screens. JavaScript only (its code loads when first opened); without it the links
 * open the documents' own pages.
 */
export function DocumentDialog(props: DocumentDialogProps) {
  const View = useLazyModule(view, useOpenedOnce(props.open))?.DocumentDialogView;
  return View ? <View {...props} closeClass={styles.close} /> : null;
}
