import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { Popup } from '~/lib/content/types';
import { getEntry, setEntry } from './local-store';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { POPUP_DELAY_MS, popupDays, popupFlagKey } from './popup-logic';

const styles = {
  body: sx({
    '& p': { mb: '3' },
    '& a': { color: 'brand.fg', textDecoration: 'underline' },
    '& img': { maxW: 'full', h: 'auto' },
  }),
  close: sxRecipe('button', { variant: 'solid', size: 'md' }, { colorPalette: 'brand' }),
};

export type PopupPostData = Pick<Popup, 'slug' | 'title' | 'html' | 'displayFrequency'>;

/**
 * The popup post (spec §4): opens 1 s after the page loads unless '{slug}_shown' is stored;
 * closing stores that flag for the post's displayFrequency days (default 30). JavaScript only:
 * nothing is rendered on the server (the dialog mounts only when it opens).
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
    <Dialog.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content colorPalette="brand" mx="4" data-testid="popup-post">
            <Dialog.Header>
              <Dialog.Title>{popup.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <div className={styles.body} dangerouslySetInnerHTML={{ __html: popup.html }} />
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
