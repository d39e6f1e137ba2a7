import { useState, type MouseEvent, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { sxRecipe } from '~/lib/theme/static-css';
import { DocumentDialog, preloadDocumentDialog } from './document-dialog';

/**
 * The terms and privacy documents of the registration's agreement: links to their pages that,
 * with JavaScript, open the document in a dialog instead.
 */

export interface RegisterDocument {
  title: string;
  html: string;
}

export type RegisterDocumentName = 'terms' | 'privacy';

const styles = {
  link: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontWeight: 'medium' }),
};

/** A link to a document page that, with JavaScript, opens the document in a dialog instead. */
export function DocumentLink({
  href,
  document,
  onOpen,
  children,
}: {
  href: string;
  document: RegisterDocument | null;
  onOpen: () => void;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const dialog = hydrated && document !== null;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!dialog || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onOpen();
  };
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={styles.link}
      aria-haspopup={dialog ? 'dialog' : undefined}
      onClick={onClick}
      onPointerEnter={dialog ? preloadDocumentDialog : undefined}
      onFocus={dialog ? preloadDocumentDialog : undefined}
    >
      {children}
    </a>
  );
}

/**
 * Which document's dialog is open, and the dialogs themselves. The dialogs are rendered outside
 * the form (`dialogs`), so that none of their buttons can ever submit it.
 */
export function useDocumentDialogs(
  documents: Record<RegisterDocumentName, RegisterDocument | null>,
) {
  const [openDocument, setOpenDocument] = useState<RegisterDocumentName | null>(null);
  const dialog = (name: RegisterDocumentName) => {
    const document = documents[name];
    return document ? (
      <DocumentDialog
        document={document}
        open={openDocument === name}
        onOpenChange={(open) => setOpenDocument(open ? name : null)}
      />
    ) : null;
  };
  return {
    open: setOpenDocument,
    dialogs: (
      <>
        {dialog('terms')}
        {dialog('privacy')}
      </>
    ),
  };
}
