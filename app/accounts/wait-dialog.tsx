import { useId } from 'react';
import { sxRecipe } from '~/lib/theme/static-css';
import { dialogSlot, ModalDialog } from '~/lib/ui/modal-dialog';

const styles = {
  content: dialogSlot('content', { maxW: 'sm', mx: '4' }),
  body: dialogSlot('body', { display: 'flex', alignItems: 'center', gap: '4', py: '6' }),
  spinner: sxRecipe('spinner', { size: 'md' }, { color: 'brand.solid' }),
  title: dialogSlot('title', { fontSize: 'md', fontWeight: 'medium' }),
};

/**
 * The blocking 'Please wait while we …' dialog shown while an account form is being saved
 * (registration, account page, terms page). It has no close control: it closes when the submission
 * ends. With JavaScript off the browser's own page load is the wait, so nothing is rendered on the
 * server. The browser's own modal dialog: it must show the moment the form is sent, with no code to
 * load first.
 */
export function WaitDialog({ open, message }: { open: boolean; message: string }) {
  const titleId = useId();
  return (
    <ModalDialog
      open={open}
      labelledBy={titleId}
      role="alertdialog"
      dismissible={false}
      className={styles.content}
      testId="wait-dialog"
    >
      <div className={styles.body} aria-busy="true">
        <span aria-hidden="true" className={styles.spinner} />
        <h2 id={titleId} className={styles.title}>
          {message}
        </h2>
      </div>
    </ModalDialog>
  );
}

export const WAIT_MESSAGES = {
  register: 'Please wait while we create your account',
  account: 'Please wait while we update your account',
  /** The terms page's modal: it ends with a period, the other two do not (on purpose). */
  terms: 'Please wait while we update your account.',
} as const;

/**
 * Runs `fn` once the wait dialog is closed: while it is open the rest of the page is inert (a
 * focus() there does nothing), and on closing it returns focus to the element focused before
 * (the Save button). Its content leaves the page in the render that closes it, but the
 * <dialog> itself is closed by an effect, which can run after the next animation frame: both
 * must be gone.
 */
export function afterWaitDialog(fn: () => void): () => void {
  const open = () =>
    document.querySelector('[data-testid="wait-dialog"], dialog[open][role="alertdialog"]');
  let frame = requestAnimationFrame(function tick() {
    if (open()) frame = requestAnimationFrame(tick);
    else fn();
  });
  return () => cancelAnimationFrame(frame);
}
