/**
 * Terms and conditions acceptance (spec accounts-loyalty §2 "Terms page", "Terms popup", §4
 * "Terms acceptance", §8).
 *
 * The current version is the highest of the agreements' currentTerms; the shopper's accepted
 * version is customerTermsInfo's. A shopper with none, or an older one, must accept: the terms
 * page then offers the checkbox and the accept-new-terms popup is shown. The answer is worked out
 * at sign-in and kept in the session (`termsPending`), so pages do not ask the loyalty service
 * on every view; accepting clears it.
 */
import type { Agreements } from '~/lib/loyalty/types';
import type { LoyaltyClient } from '~/lib/loyalty/client.server';
import { logger } from '@common/logger.server';
import { GENERIC_FAILURE_MESSAGE } from '~/lib/loyalty/errors';

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
 * failure is swallowed, spec §8) so a slow backend never blocks a login.
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
 * The terms submit failure text (spec §8): the message, unless it is empty or the bare
 * 'Request failed with status code 400', which become the generic message.
 */
export function termsFailureMessage(message: string | null | undefined): string {
  const text = (message ?? '').trim();
  return !text || text === 'Request failed with status code 400' ? GENERIC_FAILURE_MESSAGE : text;
}
