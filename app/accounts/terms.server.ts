/**
 * Terms and conditions acceptance (docs/reference/accounts.md "Terms … and privacy"; the popup:
 * docs/reference/shell.md "Popups").
 *
 * The current version is the highest of the agreements' currentTerms; the shopper's accepted
 * version is customerTermsInfo's. A shopper with none, or an older one, must accept: the terms
 * page then offers the checkbox and the accept-new-terms popup is shown. The answer is worked out
 * at sign-in and kept in the session (`termsPending`), so pages do not ask the loyalty service
 * on every view; accepting clears it.
 */
import { parseWithZod } from '@conform-to/zod';
import { data, type AppLoadContext } from '@remix-run/node';
import { logger } from '@common/logger.server';
import { formFailure } from '~/lib/form-kit/reply.server';
import { readForm } from '~/lib/form-kit/read-form.server';
import { cacheHeaders } from '~/lib/http/cache.server';
import type { LoyaltyClient } from '~/lib/loyalty/client.server';
import { failureMessage, GENERIC_FAILURE_MESSAGE } from '~/lib/loyalty/errors';
import type { Agreements } from '~/lib/loyalty/types';
import { redirectWithNotice, takeNotice } from '~/lib/session/respond.server';
import { requireShopper, updateShopper } from '~/lib/session/shopper.server';
import { guestLoginHref } from '~/lib/session/login-href';
import { accountDocument } from './documents.server';
import { termsSchema } from './schemas';

/** Shown after the shopper accepted the current terms (the site's own words). */
export const TERMS_ACCEPTED_NOTICE = 'Thank you. Your acceptance of the terms has been recorded.';

export interface TermsState {
  /** Highest current version; null when the service lists none. */
  current: number | null;
  /** The version the shopper accepted; null when never. */
  accepted: number | null;
  /** Whether the shopper must accept (no accepted version, or an older one). */
  pending: boolean;
}

export function termsState(agreements: Agreements): TermsState {
  const versions = agreements.currentTerms
    .map((t) => t.currentTermsVersion)
    .filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const current = versions.length ? Math.max(...versions) : null;
  const acceptedList = agreements.customerTermsInfo
    .map((t) => t.customerVersionAccepted)
    .filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const accepted = acceptedList.length ? Math.max(...acceptedList) : null;
  const pending = current !== null && (accepted === null || accepted < current);
  return { current, accepted, pending };
}

/**
 * Whether the shopper must accept new terms; false when the service cannot say (the terms load
 * failure is swallowed and logged) so a slow backend never blocks a login.
 */
export async function termsPendingFor(
  loyalty: Pick<LoyaltyClient, 'getAgreements'>,
  frqShopperNo: string,
): Promise<boolean> {
  try {
    return termsState(await loyalty.getAgreements(frqShopperNo)).pending;
  } catch (error) {
    logger.warn({ err: error }, 'terms check failed');
    return false;
  }
}

/**
 * The terms submit failure text: the message, unless it is empty or the bare 'Request failed with
 * status code 400', which become the generic message.
 */
export function termsFailureMessage(message: string | null | undefined): string {
  const text = (message ?? '').trim();
  return !text || text === 'Request failed with status code 400' ? GENERIC_FAILURE_MESSAGE : text;
}

/**
 * GET /account/terms: the terms document, readable by anyone (registration links to it). A
 * shopper also gets the acceptance form's state; the session's flag (the popup) follows what the
 * service says now.
 */
export async function termsLoader(context: AppLoadContext) {
  const document = accountDocument(context, 'terms');
  const shopper = context.shopper;
  if (!shopper) {
    return data(
      { document, signedIn: false, pending: false, current: null, notice: null },
      { headers: cacheHeaders(context, 'shared') },
    );
  }
  let state: TermsState | null = null;
  try {
    state = termsState(await context.loyalty.getAgreements(shopper.frqShopperNo));
  } catch (error) {
    // A failure in the terms load is swallowed: the form stays usable.
    logger.warn({ err: error }, 'terms load failed');
  }
  const pending = state ? state.pending : true;
  const changed = state !== null && Boolean(shopper.termsPending) !== state.pending;
  if (changed) updateShopper(context.session, { termsPending: pending });
  const { notice, headers } = await takeNotice(context, { commit: changed });
  return data(
    { document, signedIn: true, pending, current: state?.current ?? null, notice },
    { headers: cacheHeaders(context, 'personal', headers) },
  );
}

/** POST /account/terms: records the current version as accepted. */
export async function termsAction(request: Request, context: AppLoadContext) {
  const shopper = await requireShopper(context, guestLoginHref(request));
  const submission = parseWithZod(await readForm(request), { schema: termsSchema });
  if (submission.status !== 'success') return formFailure(submission, 'terms');
  const loyalty = context.loyalty;
  try {
    const state = termsState(await loyalty.getAgreements(shopper.frqShopperNo));
    if (state.current === null) return formFailure(submission, 'terms', termsFailureMessage(''));
    if (state.pending) {
      const ok = await loyalty.updateAcceptedTermsVersion(shopper.frqShopperNo, state.current);
      if (!ok) return formFailure(submission, 'terms', termsFailureMessage(''));
    }
  } catch (error) {
    logger.warn({ err: error }, 'terms update failed');
    return formFailure(submission, 'terms', termsFailureMessage(failureMessage(error, '')));
  }
  updateShopper(context.session, { termsPending: false });
  return redirectWithNotice(context, '/account/terms', TERMS_ACCEPTED_NOTICE);
}
