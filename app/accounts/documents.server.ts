import type { AppLoadContext } from '@remix-run/node';

/**
 * The account documents (spec accounts-loyalty §7 "Content: account terms and privacy
 * documents, shared for some retailers, else per retailer"): layout posts `account-terms` and
 * `account-privacy`, in the brand's content folder or else in shared/.
 */
export type AccountDocument = 'terms' | 'privacy';

const FALLBACK_TITLE: Record<AccountDocument, string> = {
  terms: 'Terms and Conditions',
  privacy: 'Privacy Policy',
};

export function accountDocument(context: AppLoadContext, kind: AccountDocument) {
  const post = context.services.content.layout(context.tenant.sitePath, `account-${kind}`);
  return post ? { title: post.title || FALLBACK_TITLE[kind], html: post.html } : null;
}
