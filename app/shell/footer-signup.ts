import { isHidden } from '~/lib/tenant/public';

/**
 * Whether the footer's e-mail signup shows on this page (spec §2 Footer): hidden when the
 * first path segment is one of the tenant's footerSignupHiddenOn, or when the tenant hides
 * 'footer-signup' altogether.
 */
export function footerSignupVisible(
  pathname: string,
  tenant: { hiddenElements: readonly string[]; footerSignupHiddenOn: readonly string[] },
): boolean {
  if (isHidden(tenant, 'footer-signup')) return false;
  const first = pathname.split('/').find((s) => s.length > 0) ?? '';
  let segment = first;
  try {
    segment = decodeURIComponent(first);
  } catch {
    // A malformed escape: compare the raw segment.
  }
  return !tenant.footerSignupHiddenOn.includes(segment.toLowerCase());
}
