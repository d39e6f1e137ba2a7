import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { sx } from '~/lib/theme/static-css';
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
};

/**
 * 'Take our survey' (spec §2 Other shell pieces). With JavaScript it opens the survey in a
 * dialog (500 px wide, 60vh high); without, it is a plain link to the survey in a new tab.
 */
export function SurveyLink({ url }: { url: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
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
      <Dialog.Root
        open={open}
        onOpenChange={(e) => setOpen(e.open)}
        placement="center"
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content
              maxW="500px"
              w="calc(100% - 2rem)"
              colorPalette="brand"
              data-testid="survey-dialog"
            >
              <Dialog.Header>
                <Dialog.Title>Survey</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body pb="6">
                <iframe src={url} title="Customer survey" className={styles.frame} />
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close survey" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
