/** Popup post timing (docs/reference/shell.md "Popups"). */
export const POPUP_DELAY_MS = 1000;
export const POPUP_DEFAULT_DAYS = 30;

/** The stored flag that keeps a closed popup closed: '{slug}_shown'. */
export function popupFlagKey(slug: string): string {
  return `${slug}_shown`;
}

/** Days the flag lives: the post's displayFrequency, else 30. */
export function popupDays(displayFrequency: number | null | undefined): number {
  return typeof displayFrequency === 'number' && displayFrequency > 0
    ? displayFrequency
    : POPUP_DEFAULT_DAYS;
}
