import { isHidden } from '~/lib/tenant/public';

/**
 * The sign-up pages themselves (/newsletter, /newsletter/ace, /newsletter/pharmacy): a second
 * sign-up form under the one the page is about would only confuse.
 */
const SIGNUP_PAGES = ['newsletter'];

/**
 * Whether the footer's e-mail signup shows on this page (docs/reference/shell.md "Footer"): hidden
 * when the first path segment is one of the tenant's footerSignupHiddenOn or a sign-up page, or
 * when the tenant hides 'footer-signup' altogether.
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
  const name = segment.toLowerCase();
  return !tenant.footerSignupHiddenOn.includes(name) && !SIGNUP_PAGES.includes(name);
}
