import { data, type AppLoadContext } from '@remix-run/node';
import { notFound } from '~/lib/errors.server';
import { cacheHeaders } from '~/lib/http/cache.server';

/**
 * The account documents (docs/reference/accounts.md "Terms … and privacy"), shared by some
 * retailers and per retailer for others: layout posts `account-terms` and `account-privacy`, in the
 * brand's content folder or else in shared/.
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

/** GET /account/privacy: the privacy policy, open to everyone (registration links to it). */
export function privacyLoader(context: AppLoadContext) {
  const document = accountDocument(context, 'privacy');
  if (!document) throw notFound();
  return data({ document }, { headers: cacheHeaders(context, 'shared') });
}
