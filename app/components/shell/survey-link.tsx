import { chakra, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useState } from 'react';
import { useHydrated } from './use-hydrated';

const triggerStyle = {
  color: 'inherit',
  textDecoration: 'underline',
  fontWeight: 'semibold',
  cursor: 'pointer',
  borderRadius: 'sm',
  focusVisibleRing: 'outside',
  focusRingColor: 'currentColor',
} as const;

/**
 * 'Take our survey' (spec §2 Other shell pieces). With JavaScript it opens the survey in a
 * dialog (500 px wide, 60vh high); without, it is a plain link to the survey in a new tab.
 */
export function SurveyLink({ url }: { url: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) {
    return (
      <chakra.a
        href={url}
        target="_blank"
        rel="noopener noreferrer"
        {...triggerStyle}
        data-testid="survey-link"
      >
        Take our survey
        <chakra.span srOnly> (opens in a new tab)</chakra.span>
      </chakra.a>
    );
  }
  return (
    <>
      <chakra.button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        {...triggerStyle}
        data-testid="survey-link"
      >
        Take our survey
      </chakra.button>
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
                <chakra.iframe
                  src={url}
                  title="Customer survey"
                  w="full"
                  h="60vh"
                  border="0"
                  display="block"
                />
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
