/**
 * The 'E-mail reminders' card of /account: the shopper's two choices (each the brand's default
 * until they choose) and their save. The choices live in the site store (~/lib/reminders), not in
 * the loyalty record.
 */
import { parseWithZod } from '@conform-to/zod';
import type { AppLoadContext } from '@remix-run/node';
import { logger } from '@common/logger.server';
import { formFailure } from '~/lib/form-kit/reply.server';
import type { Customer } from '~/lib/loyalty/types';
import {
  effectiveChoices,
  readReminderShopper,
  recordReminderShopper,
  setReminderChoices,
  type ReminderChoices,
} from '~/lib/reminders/store.server';
import { redirectWithNotice } from '~/lib/session/respond.server';
import { GENERIC_FAILURE_MESSAGE } from '~/lib/loyalty/errors';
import { REMINDERS_INTENT, REMINDERS_SAVED_MESSAGE, remindersSchema } from './reminders-schema';

function brandDefaults(context: AppLoadContext): ReminderChoices {
  const { couponsExpiring, rewardsReady } = context.tenant.reminders;
  return { couponsExpiring, rewardsReady };
}

/**
 * The card's state for the page. While a kind is on, records the shopper's address when the site
 * has none or an old one (a shopper signed in before reminders existed or who just opted in, an
 * address changed elsewhere); with every kind off, forgets one kept earlier. Null when the store
 * cannot be read: the card is then not shown.
 */
export async function reminderChoicesFor(
  context: AppLoadContext,
  shopperNo: string,
  customer: Customer | null,
): Promise<ReminderChoices | null> {
  const store = context.services.accounts.siteStore;
  const brand = context.tenant.sitePath;
  try {
    const known = await readReminderShopper(store, brand, shopperNo);
    const defaults = brandDefaults(context);
    const choices = effectiveChoices(known, defaults);
    const email = customer?.emailAddress;
    const wanted = choices.couponsExpiring || choices.rewardsReady;
    // Off: an address kept earlier (a default turned off since) is no longer needed.
    const stale = wanted ? !!email && (known?.email !== email || !known.firstName) : !!known?.email;
    if (stale && email) {
      const firstName = customer.firstName ?? known?.firstName ?? '';
      await recordReminderShopper(store, { brand, shopperNo, email, firstName }, defaults);
    }
    return choices;
  } catch (error) {
    logger.warn({ err: error }, 'account page: reminder choices unavailable');
    return null;
  }
}

/** After a saved e-mail address or name: reminders go to the new one. */
export async function followCustomer(
  context: AppLoadContext,
  customer: Pick<Customer, 'frqShopperNo' | 'emailAddress' | 'firstName'>,
): Promise<void> {
  if (!customer.emailAddress) return;
  await recordReminderShopper(
    context.services.accounts.siteStore,
    {
      brand: context.tenant.sitePath,
      shopperNo: customer.frqShopperNo,
      email: customer.emailAddress,
      firstName: customer.firstName ?? '',
    },
    brandDefaults(context),
  ).catch((error: unknown) => logger.warn({ err: error }, 'reminders: address not followed'));
}

/** The card's post: both choices at once (an unticked box is 'off'). */
export async function remindersAction(form: FormData, context: AppLoadContext, shopperNo: string) {
  const submission = parseWithZod(form, { schema: remindersSchema });
  if (submission.status !== 'success') {
    return formFailure(submission, REMINDERS_INTENT, GENERIC_FAILURE_MESSAGE);
  }
  try {
    await setReminderChoices(
      context.services.accounts.siteStore,
      context.tenant.sitePath,
      shopperNo,
      {
        couponsExpiring: submission.value.couponsExpiring ?? false,
        rewardsReady: submission.value.rewardsReady ?? false,
      },
      brandDefaults(context),
    );
  } catch (error) {
    logger.warn({ err: error }, 'reminders: choices not saved');
    return formFailure(submission, REMINDERS_INTENT, GENERIC_FAILURE_MESSAGE);
  }
  return redirectWithNotice(context, '/account', REMINDERS_SAVED_MESSAGE);
}
