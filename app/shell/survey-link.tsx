import { useId, useState } from 'react';
import { sx } from '~/lib/theme/static-css';
import { CloseIcon } from '~/lib/ui/icons';
import { dialogSlot, ModalDialog, modalDialogStyles as dialog } from '~/lib/ui/modal-dialog';
import { srOnly } from '~/lib/ui/styles';
import { useHydrated } from 'remix-utils/use-hydrated';

const styles = {
  trigger: sx({
    color: 'inherit',
    textDecoration: 'underline',
    fontWeight: 'semibold',
    cursor: 'pointer',
    borderRadius: 'sm',
    focusVisibleRing: 'outside',
    focusRingColor: 'currentColor',
  }),
  frame: sx({ w: 'full', h: '60vh', border: '0', display: 'block' }),
  content: dialogSlot('content', { colorPalette: 'brand', maxW: '500px', w: 'calc(100% - 2rem)' }),
};

/**
 * 'Take our survey' (docs/reference/shell.md "Other rules"). With JavaScript it opens the survey in
 * a dialog (500 px wide, 60vh high); without, it is a plain link to the survey in a new tab. The
 * dialog is the browser's own (~/lib/ui/modal-dialog): a link in every page's footer keeps
 * Chakra's runtime out of every page.
 */
export function SurveyLink({ url }: { url: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  if (!hydrated) {
    return (
      <a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        className={styles.trigger}
        data-testid="survey-link"
      >
        Take our survey
        <span className={srOnly}> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={styles.trigger}
        data-testid="survey-link"
      >
        Take our survey
      </button>
      <ModalDialog
        open={open}
        onOpenChange={setOpen}
        labelledBy={titleId}
        className={styles.content}
        testId="survey-dialog"
      >
        <div className={dialog.header}>
          <h2 id={titleId} className={dialog.title}>
            Survey
          </h2>
        </div>
        <div className={dialog.body}>
          <iframe src={url} title="Customer survey" className={styles.frame} />
        </div>
        <button
          type="button"
          className={dialog.closeTrigger}
          aria-label="Close survey"
          onClick={() => setOpen(false)}
        >
          <CloseIcon />
        </button>
      </ModalDialog>
    </>
  );
}
