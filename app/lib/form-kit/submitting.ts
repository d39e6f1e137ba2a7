/** Pending state of a form submission (no conform: the header dialog imports it). */

/** The part of `useNavigation()` or `useFetcher()` that tells a submission is under way. */
export interface SubmissionState {
  state: 'idle' | 'submitting' | 'loading';
  formMethod?: string;
  formAction?: string;
  formData?: FormData;
}

/**
 * Whether a (non-GET) submission is under way, optionally only to `formAction` and with the
 * given `intent` (pages with several forms). Stays true while the action's redirect loads, so
 * a second click cannot post twice.
 */
export function isSubmitting(
  nav: SubmissionState,
  { formAction, intent }: { formAction?: string; intent?: string } = {},
): boolean {
  if (nav.state === 'idle' || !nav.formMethod || nav.formMethod.toUpperCase() === 'GET')
    return false;
  if (formAction !== undefined && nav.formAction?.split('?')[0] !== formAction.split('?')[0]) {
    return false;
  }
  return intent === undefined || nav.formData?.get('intent') === intent;
}
