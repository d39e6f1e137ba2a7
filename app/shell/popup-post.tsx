import { useEffect, useId, useState } from 'react';
import type { Popup } from '~/content/source/types';
import { getEntry, setEntry } from '~/lib/browser/local-store';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { CloseIcon } from '~/lib/ui/icons';
import { dialogSlot, ModalDialog, modalDialogStyles as dialog } from '~/lib/ui/modal-dialog';
import { POPUP_DELAY_MS, popupDays, popupFlagKey } from './popup-logic';

const styles = {
  content: dialogSlot('content', { colorPalette: 'brand', mx: '4' }),
  body: sx({
    '& p': { mb: '3' },
    '& a': { color: 'brand.fg', textDecoration: 'underline' },
    '& img': { maxW: 'full', h: 'auto' },
  }),
  close: sxRecipe('button', { variant: 'solid', size: 'md' }, { colorPalette: 'brand' }),
};

export type PopupPostData = Pick<Popup, 'slug' | 'title' | 'html' | 'displayFrequency'>;

/**
 * The popup post (docs/reference/shell.md "Popups"): opens 1 s after the page loads unless
 * '{slug}_shown' is stored; closing stores that flag for the post's displayFrequency days (default
 * 30). JavaScript only: nothing is rendered on the server. It opens by itself on page load, so it
 * is the browser's own modal dialog (~/lib/ui/modal-dialog), not Chakra's, whose runtime would load
 * with it.
 */
export function PopupPost({
  popup,
  onOpenChange: reportOpen,
}: {
  popup: PopupPostData;
  /**
   * Told when the popup is about to open (from page load) and when it closes: the shell holds
   * the cookie notice back meanwhile.
   */
  onOpenChange?: (open: boolean) => void;
}) {
  const [open, setOpen] = useState(false);
  const key = popupFlagKey(popup.slug);
  const titleId = useId();

  useEffect(() => {
    if (getEntry(key) !== null) return;
    // Pending counts as open: nothing else claims the screen in the second before it shows.
    reportOpen?.(true);
    const timer = setTimeout(() => setOpen(true), POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, reportOpen]);

  function onOpenChange(next: boolean) {
    setOpen(next);
    reportOpen?.(next);
    if (!next) setEntry(key, true, { days: popupDays(popup.displayFrequency) });
  }

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      labelledBy={titleId}
      className={styles.content}
      testId="popup-post"
    >
      <div className={dialog.header}>
        <h2 id={titleId} className={dialog.title}>
          {popup.title}
        </h2>
      </div>
      <div className={dialog.body}>
        <div className={styles.body} dangerouslySetInnerHTML={{ __html: popup.html }} />
      </div>
      <div className={dialog.footer}>
        <button type="button" className={styles.close} onClick={() => onOpenChange(false)}>
          Close
        </button>
      </div>
      <button
        type="button"
        className={dialog.closeTrigger}
        aria-label="Close dialog"
        onClick={() => onOpenChange(false)}
      >
        <CloseIcon />
      </button>
    </ModalDialog>
  );
}
