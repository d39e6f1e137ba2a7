import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { SnackbarView, useSnackbar } from '~/lib/ui/snackbar';

/** How long the refusal stays (long enough to read it; the pointer or focus holds it). */
export const CLIP_REFUSED_SNACKBAR_MS = 6000;

const ReportContext = createContext<(message: string) => void>(() => undefined);

/**
 * Where a card's refused clip is said with JavaScript: a clip the loyalty service could not take
 * (it is down) opens a snackbar with the action's message, announced through a polite live
 * region in the page from hydration on. A refusal for another reason stays quiet (the card puts
 * 'Clip' back), as the catalogue has it. Without JavaScript the page's top says it (the
 * loader's `clipRefused`).
 */
export function ClipRefusedProvider({ children }: { children: ReactNode }) {
  // A new object per refusal: the same sentence twice opens the snackbar twice.
  const [shown, setShown] = useState<{ text: string } | null>(null);
  const report = useCallback((text: string) => setShown({ text }), []);
  const { close, box } = useSnackbar(shown, {
    durationMs: CLIP_REFUSED_SNACKBAR_MS,
    onClose: () => setShown(null),
  });
  // Its live region joins the page at hydration, before any clip can be refused: a page
  // without scripts has no use for it (its refusals come back as the page's own alert).
  const hydrated = useHydrated();
  return (
    <ReportContext.Provider value={report}>
      {children}
      {hydrated ? (
        <SnackbarView
          open={shown !== null}
          message={shown?.text}
          onClose={close}
          testId="clip-refused"
          box={box}
        />
      ) : null}
    </ReportContext.Provider>
  );
}

/** Says a refused clip's message (a no-op outside the coupons page). */
export function useReportClipRefused(): (message: string) => void {
  return useContext(ReportContext);
}
