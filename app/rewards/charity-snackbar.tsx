import { useEffect, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { sx } from '~/lib/theme/static-css';
import { SnackbarView, useSnackbar } from '~/lib/ui/snackbar';
import { CHARITY_UPDATED_MESSAGE } from './charity';

/** How long the snackbar stays (no time is prescribed; long enough to read two lines). */
export const CHARITY_SNACKBAR_MS = 6000;

const styles = {
  status: sx({ mb: '4' }),
};

/**
 * The notice after a change ('Your charity has been updated.', or that the charity chosen already
 * was the shopper's). Without JavaScript: a status message on the page. With JavaScript: a
 * snackbar (docs/reference/rewards.md "Charity"), announced through a polite live region that
 * is in the page before the message arrives; it closes after CHARITY_SNACKBAR_MS unless the
 * pointer or the focus is on it, on Escape, or with its close button.
 *
 * `version` is the page data the notice came with: the same sentence twice in a row (two changes)
 * opens the snackbar twice.
 */
export function CharityNotice({ notice, version }: { notice: string | null; version: unknown }) {
  const hydrated = useHydrated();
  if (hydrated) return <CharitySnackbar notice={notice} version={version} />;
  return notice ? (
    <FormAlert
      className={styles.status}
      status={notice === CHARITY_UPDATED_MESSAGE ? 'success' : 'info'}
      errors={[notice]}
    />
  ) : null;
}

function CharitySnackbar({ notice, version }: { notice: string | null; version: unknown }) {
  // A new object per notice and page data: the same sentence again gets its own time.
  const [shown, setShown] = useState<{ text: string } | null>(null);
  useEffect(() => {
    if (notice) setShown({ text: notice });
  }, [notice, version]);
  const { close, box } = useSnackbar(shown, {
    durationMs: CHARITY_SNACKBAR_MS,
    onClose: () => setShown(null),
  });
  return (
    <SnackbarView
      open={shown !== null}
      message={shown?.text}
      onClose={close}
      testId="charity-snackbar"
      box={box}
    />
  );
}
