import { denverDate } from '@common/dates';
import { parseWithZod } from '@conform-to/zod';
import { data, type AppLoadContext } from '@remix-run/node';
import {
  clearSsoToken,
  endOtherSessions,
  matchStoreNumber,
  requireShopper,
  signOut,
  updateShopper,
  type SessionShopper,
} from '~/lib/session/shopper.server';
import { guestLoginHref } from '~/lib/session/login-href';
import { shopperCard } from '~/lib/card/card.server';
import { formatPhone } from '~/lib/form-kit/mask';
import { formFailure, formTooMany } from '~/lib/form-kit/reply.server';
import { readForm } from '~/lib/form-kit/read-form.server';
import { cacheHeaders } from '~/lib/http/cache.server';
import { streamsSections } from '~/lib/http/streamed.server';
import { lastKnownLabel } from '~/lib/loyalty/last-known';
import {
  ACCOUNT_INTENTS,
  accountSchema,
  type AccountFlags,
  type AccountIntent,
  type AccountValues,
} from './schemas';
import { visibleLocations } from '~/stores/home-store/locations';
import { rewardChoices, storeChoices } from './choices.server';
import type { AccountView } from './types';
import { followCustomer, reminderChoicesFor, remindersAction } from './reminders.server';
import { REMINDERS_INTENT } from './reminders-schema';

export type { AccountView };
import { logger } from '@common/logger.server';
import { shopperAccount } from '~/lib/security/rate-limit.server';
import { changedFields, isChoosable } from '~/lib/loyalty/client.server';
import {
  failureMessage,
  GENERIC_FAILURE_MESSAGE,
  LoyaltyError,
  LoyaltyErrorCode,
  PASSWORD_UPDATE_FAILED_MESSAGE,
} from '~/lib/loyalty/errors';
import type { Customer, CustomerChanges } from '~/lib/loyalty/types';
import type { SavingsTable } from '~/rewards/savings';
import { redirectWithNotice, redirectWithSession, takeNotice } from '~/lib/session/respond.server';
import { revokeShopperGrants } from '~/lib/sso/provider.server';

/**
 * The shopper account page /account (docs/reference/accounts.md "Account page", "Field rules" and
 * "Messages").
 *
 * Every row is its own form posting a hidden `intent` (ACCOUNT_INTENTS) to one action. The row
 * being edited lives in the URL (`/account?edit=phone`), so the page works without JavaScript:
 * a successful save redirects to `/account` (view state) with a one-time notice; a failure
 * answers 400 and the page re-renders that row in edit state with its errors.
 */

/** The one-time notice after a save (the site's own words; shown in a green status alert). */
export const ACCOUNT_UPDATED_MESSAGE = 'Your account has been updated.';
export const PASSWORD_UPDATED_MESSAGE = 'Your password has been updated.';

/** The Home Store card only when the retailer has more than one location. */
function hasHomeStoreCard(context: AppLoadContext): boolean {
  return visibleLocations(context).length > 1;
}

/** The rows of this brand's page, in page order (docs/reference/accounts.md "Account page"). */
export function accountRows(context: AppLoadContext): AccountIntent[] {
  const { tenant } = context;
  return [
    ACCOUNT_INTENTS.fullName,
    ACCOUNT_INTENTS.phone,
    ACCOUNT_INTENTS.secondaryPhone,
    ACCOUNT_INTENTS.email,
    ACCOUNT_INTENTS.password,
    ACCOUNT_INTENTS.birthday,
    ACCOUNT_INTENTS.fullAddress,
    ...(tenant.registration.organizationQuestion ? [ACCOUNT_INTENTS.organization] : []),
    ...(hasHomeStoreCard(context) ? [ACCOUNT_INTENTS.storeNumber] : []),
  ];
}

/** Which intents this brand's page posts (its rows and the reward card); others are refused. */
export function enabledIntents(context: AppLoadContext): Set<AccountIntent> {
  const intents = new Set(accountRows(context));
  if (context.tenant.rewards.rewardChoice) intents.add(ACCOUNT_INTENTS.rewardChoice);
  return intents;
}

const masked = (phone: string | null) => (phone ? formatPhone(phone) : '');

export function accountView(customer: Customer, storeNumbers: readonly string[]): AccountView {
  return {
    firstName: customer.firstName ?? '',
    lastName: customer.lastName ?? '',
    phone: masked(customer.phone),
    secondaryPhone: masked(customer.secondaryPhone),
    email: customer.emailAddress ?? '',
    birthday: (customer.birthday ?? '').slice(0, 10),
    address1: customer.address1 ?? '',
    address2: customer.address2 ?? '',
    city: customer.city ?? '',
    state: customer.state ?? '',
    zip: customer.zipCode ?? '',
    organization: customer.organization ?? '',
    myStore: matchStoreNumber(customer.myStore, storeNumbers) ?? '',
    rewardSubscriptionId:
      customer.rewardSubscriptions.find(isChoosable)?.rewardSubscriptionId ?? '',
    hasPassword: customer.hasPassword,
  };
}

/** Signs the shopper out and sends them to /login: the service no longer knows the shopper. */
export async function signOutToLogin(context: AppLoadContext) {
  signOut(context.session);
  return redirectWithSession(context, '/login');
}

/**
 * The /account layout: a shopper is required (a guest goes to /login with the page asked for as
 * redirectTo), and nothing under it is ever cached.
 */
export async function accountLayoutLoader(request: Request, context: AppLoadContext) {
  await requireShopper(context, guestLoginHref(request));
  return data(null, { headers: cacheHeaders(context, 'personal') });
}

/**
 * Sections of other areas that the page shows, each already started by the route (so its calls
 * run beside the account's own) and each settling to null on failure, never rejecting.
 */
export interface AccountSections {
  /** Year-to-date savings (the rewards area's savingsSection). */
  savings?: Promise<SavingsTable | null>;
}

/**
 * The page's data. A guest goes to /login (redirectTo: this page); a shopper whose record no longer exists is signed out
 * and goes to /login; an unreachable loyalty service degrades to the red alert without rows.
 * A failing section (savings) hides only itself.
 */
export async function accountLoader(
  request: Request,
  context: AppLoadContext,
  sections: AccountSections = {},
) {
  const shopper = await requireShopper(context, guestLoginHref(request));
  const { tenant } = context;
  const stores = storeChoices(context);

  let customer: Customer | null = null;
  let loadError: string | null = null;
  const [record, rewards] = await Promise.all([
    context.loyalty.getCustomer({ frqShopperNo: shopper.frqShopperNo }).then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
    rewardChoices(context),
  ]);
  if (record.ok) {
    if (!record.value) throw await signOutToLogin(context);
    customer = record.value;
  } else {
    logger.warn({ err: record.error }, 'account page: customer record unavailable');
    loadError = GENERIC_FAILURE_MESSAGE;
  }

  const reminders = await reminderChoicesFor(context, shopper.frqShopperNo, customer);
  const { notice, headers } = await takeNotice(context);
  const body = {
    account: customer
      ? accountView(
          customer,
          stores.map((s) => s.value),
        )
      : null,
    loadError,
    notice,
    /** The shopper's card (number and barcode), from the session. */
    card: shopperCard(context, shopper.frqShopperNo),
    /** The rows of the page, in order. */
    rows: accountRows(context),
    flags: {
      zipOptional: tenant.registration.zipOptional,
      organizationQuestion: tenant.registration.organizationQuestion,
    },
    /** The Home Store card's choices; null when the brand has a single location. */
    stores: hasHomeStoreCard(context) ? stores : null,
    /** The reward-choice card (more than one option); null when it is not shown. */
    rewards:
      customer && rewards.length
        ? { programName: tenant.rewards.programName, options: rewards }
        : null,
    /** The 'E-mail reminders' card's two choices; null when they cannot be read. */
    reminders,
    rewardsProgram: tenant.rewards.programName,
    /** Latest birth date (today), computed once so server and browser agree. */
    today: denverDate(),
    /**
     * The year-to-date savings section (a secondary section, streamed to a navigation): null
     * when the page has none; `table` is (or settles to) null when the savings could not be
     * loaded (a short message).
     */
    savings: sections.savings
      ? { table: streamsSections(request) ? sections.savings : await sections.savings }
      : null,
    /** The savings shown from what was last known while the loyalty service is down: its time. */
    lastKnown: lastKnownLabel(context.loyaltyAsOf),
  };
  return data(body, { headers: cacheHeaders(context, 'personal', headers) });
}

export type AccountLoaderData = Awaited<ReturnType<typeof accountLoader>>['data'];

/** The update of the loyalty record a row's values make. */
function changesOf(value: AccountValues): CustomerChanges {
  switch (value.intent) {
    case ACCOUNT_INTENTS.fullName:
      return { firstName: value.firstName, lastName: value.lastName };
    case ACCOUNT_INTENTS.phone:
      return { phone: value.phone.digits };
    case ACCOUNT_INTENTS.secondaryPhone:
      // '' removes Phone 2.
      return { secondaryPhone: value.secondaryPhone?.digits ?? '' };
    case ACCOUNT_INTENTS.email:
      return { email: value.email };
    case ACCOUNT_INTENTS.birthday:
      return { birthday: value.birthday ?? '' };
    case ACCOUNT_INTENTS.fullAddress:
      return {
        address1: value.address1 ?? '',
        address2: value.address2 ?? '',
        zip: value.zip ?? '',
      };
    case ACCOUNT_INTENTS.organization:
      return { organization: value.organization ?? '' };
    case ACCOUNT_INTENTS.storeNumber:
      return { myStore: value.storeNumber };
    case ACCOUNT_INTENTS.rewardChoice:
      return { rewardSubscriptions: [String(value.rewardSubscriptionId)] };
    default:
      return {};
  }
}

function parseAccount(form: FormData, flags: AccountFlags) {
  return parseWithZod(form, { schema: accountSchema(flags) });
}

/**
 * The /account action: one row per post, by `intent`. Only the fields that differ from the
 * current record are sent; the session follows a new first name and a new store.
 */
export async function accountAction(request: Request, context: AppLoadContext) {
  const shopper: SessionShopper = await requireShopper(context, guestLoginHref(request));
  const form = await readForm(request);
  const intent = String(form.get('intent') ?? '');
  // The reminders card: choices kept by the site, not the loyalty record.
  if (intent === REMINDERS_INTENT) return remindersAction(form, context, shopper.frqShopperNo);
  const loyalty = context.loyalty;
  const stores = storeChoices(context);
  const known = enabledIntents(context).has(intent as AccountIntent);

  let customer: Customer | null;
  let rewardIds: string[] | undefined;
  try {
    customer = known ? await loyalty.getCustomer({ frqShopperNo: shopper.frqShopperNo }) : null;
    if (known && intent === ACCOUNT_INTENTS.rewardChoice) {
      rewardIds = (await loyalty.getRewardSubscriptions()).map((r) => r.rewardSubscriptionId);
    }
  } catch (error) {
    logger.warn({ err: error }, 'account save: record unavailable');
    const submission = parseAccount(form, { zipOptional: context.tenant.registration.zipOptional });
    return formFailure(submission, intent, GENERIC_FAILURE_MESSAGE);
  }
  const submission = parseAccount(form, {
    zipOptional: context.tenant.registration.zipOptional,
    hasPassword: customer?.hasPassword ?? true,
    storeNumbers: stores.map((s) => s.value),
    rewardIds,
  });
  // A stale page or a hand-made post: a row this brand's page does not have.
  if (!known) return formFailure(submission, intent, GENERIC_FAILURE_MESSAGE);
  if (!customer) return signOutToLogin(context);
  if (submission.status !== 'success') return formFailure(submission, intent);
  const value = submission.value;

  if (value.intent === ACCOUNT_INTENTS.password) {
    const email = customer.emailAddress ?? '';
    const brand = context.tenant.sitePath;
    const { limits } = context.services.accounts;
    // Guessing the current password here counts like failed logins of the account.
    const account = shopperAccount(customer.frqShopperNo);
    const allowed = await limits.loginAllowed(brand, account);
    if (!allowed.ok) return formTooMany(submission, intent, allowed);
    let changed = false;
    try {
      changed =
        Boolean(email) &&
        (await loyalty.changePassword({
          email,
          oldPassword: value.currentPassword ?? '',
          newPassword: value.newPassword,
        }));
    } catch (error) {
      if (error instanceof LoyaltyError && error.code === LoyaltyErrorCode.WrongOldPassword) {
        await limits.recordLoginFailure(brand, account);
      } else {
        logger.warn({ err: error }, 'password change failed');
      }
    }
    if (!changed) return formFailure(submission, intent, PASSWORD_UPDATE_FAILED_MESSAGE);
    // Whoever else was signed in with the old password is signed out, partner sites included
    // (this session's own single-sign-on token was one of those grants: it goes too).
    await endOtherSessions(context);
    await revokeShopperGrants(context, customer.frqShopperNo, 'password changed');
    clearSsoToken(context.session);
    updateShopper(context.session, {}, { accountUpdated: true });
    return redirectWithNotice(context, '/account', PASSWORD_UPDATED_MESSAGE);
  }

  const changes = changesOf(value);
  if (Object.keys(changedFields(customer, changes)).length > 0) {
    let updated: Customer;
    try {
      updated = await loyalty.updateCustomer(shopper.frqShopperNo, changes, {
        previous: customer,
      });
    } catch (error) {
      if (error instanceof LoyaltyError && error.code === LoyaltyErrorCode.UnknownShopper) {
        return signOutToLogin(context);
      }
      logger.warn({ err: error }, 'account save failed');
      return formFailure(submission, intent, failureMessage(error));
    }
    // The stored user follows each response: the header's first name, the saved store. After an
    // account update the sign-in lasts 30 more days (SHOPPER_SESSION_AFTER_UPDATE_MS).
    updateShopper(
      context.session,
      {
        firstName: updated.firstName ?? shopper.firstName,
        myStore: updated.myStore || shopper.myStore,
      },
      { accountUpdated: true },
    );
    // Reminder e-mails go to the new address, with the new first name.
    await followCustomer(context, updated);
  }
  if (value.intent === ACCOUNT_INTENTS.storeNumber) {
    context.session.set('homeStore', value.storeNumber);
  }
  return redirectWithNotice(context, '/account', ACCOUNT_UPDATED_MESSAGE);
}
