/**
 * Data preferences (docs/reference/accounts.md "Data preferences"): one choice, optOutDataSharing.
 * Guests go to /login; a shopper whose record is gone is signed out and goes to /login too. A
 * failure shows the service's message, else the generic one.
 */
import { parseWithZod } from '@conform-to/zod';
import { data, type AppLoadContext } from '@remix-run/node';
import { logger } from '@common/logger.server';
import { formFailure } from '~/lib/form-kit/reply.server';
import { readForm } from '~/lib/form-kit/read-form.server';
import { cacheHeaders } from '~/lib/http/cache.server';
import { failureMessage, GENERIC_FAILURE_MESSAGE } from '~/lib/loyalty/errors';
import { redirectWithNotice, takeNotice } from '~/lib/session/respond.server';
import { requireShopper } from '~/lib/session/shopper.server';
import { guestLoginHref } from '~/lib/session/login-href';
import { signOutToLogin } from './account.server';
import { dataPreferencesSchema } from './schemas';

/** Shown after saving (the site's own words). */
export const DATA_PREFERENCES_SAVED = 'Your data preferences have been updated.';

export async function dataPreferencesLoader(request: Request, context: AppLoadContext) {
  const shopper = await requireShopper(context, guestLoginHref(request));
  let optOut: boolean | null = null;
  let loadError: string | null = null;
  try {
    const customer = await context.loyalty.getCustomer({ frqShopperNo: shopper.frqShopperNo });
    if (!customer) throw await signOutToLogin(context);
    optOut = customer.optOutDataSharing;
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.warn({ err: error }, 'data preferences load failed');
    loadError = GENERIC_FAILURE_MESSAGE;
  }
  const { notice, headers } = await takeNotice(context);
  return data(
    { optOut, loadError, notice },
    { headers: cacheHeaders(context, 'personal', headers) },
  );
}

export async function dataPreferencesAction(request: Request, context: AppLoadContext) {
  const shopper = await requireShopper(context, guestLoginHref(request));
  const submission = parseWithZod(await readForm(request), { schema: dataPreferencesSchema });
  if (submission.status !== 'success') return formFailure(submission, 'data-preferences');
  try {
    await context.loyalty.updateCustomer(shopper.frqShopperNo, {
      optOutDataSharing: submission.value.optOutDataSharing,
    });
  } catch (error) {
    logger.warn({ err: error }, 'data preferences update failed');
    return formFailure(submission, 'data-preferences', failureMessage(error));
  }
  return redirectWithNotice(context, '/account/data-preferences', DATA_PREFERENCES_SAVED);
}
