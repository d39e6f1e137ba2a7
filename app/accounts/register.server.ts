import { denverDate } from '@common/dates';
import { parseWithZod } from '@conform-to/zod';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import {
  afterLoginTarget,
  finishLogin,
  type LoginContinuation,
  type LoginNext,
} from './login.server';
import { accountDocument } from './documents.server';
import { rewardChoices, storeChoices, type Choice } from './choices.server';
import { termsState } from './terms.server';
import { formFailure, formTooMany } from '~/lib/form-kit/reply.server';
import { readForm } from '~/lib/form-kit/read-form.server';
import { cacheHeaders } from '~/lib/http/cache.server';
import { MIN_BIRTH_DATE } from '~/lib/form-kit/fields';
import { registerSchema, type RegisterFlags, type RegisterValues } from './schemas';
import { resolveHomeStore, visibleLocations } from '~/stores/home-store/locations';
import { logger } from '@common/logger.server';
import { failureMessage } from '~/lib/loyalty/errors';
import type { CustomerChanges } from '~/lib/loyalty/types';
import {
  FORM_STARTED_FIELD,
  HONEYPOT_FIELD,
  publicBotCheck,
  RECAPTCHA_TOKEN_FIELD,
} from '~/lib/security/bot-check.server';
import { redirectWithNotice } from '~/lib/session/respond.server';

/**
 * The registration page (docs/reference/accounts.md "Registration", "Field rules", "Messages"):
 * what the page needs to render, and the action that creates (or upgrades) the account, saves the
 * e-mail choice and signs the new shopper in.
 */

/** The one form of the page (what `formFailure` answers as `intent`). */
export const REGISTER_INTENT = 'register';

/** Shown on /login when the account was made but the automatic login did not go through. */
export const ACCOUNT_CREATED_LOG_IN_MESSAGE = 'Your account has been created. Please log in.';

/** The brand-dependent part of the form, built the same way by the loader and the action. */
interface RegisterOptions {
  flags: Required<
    Pick<
      RegisterFlags,
      | 'addressHidden'
      | 'zipOptional'
      | 'organizationQuestion'
      | 'rewardChoice'
      | 'storeRequired'
      | 'minBirthDate'
      | 'storeNumbers'
      | 'rewardIds'
    >
  > & { maxBirthDate: string };
  stores: Choice[];
  rewards: Choice[];
  /** The saved store when the page has no selector: the single location, else '0' (none). */
  defaultStore: string;
}

async function registerOptions(context: AppLoadContext): Promise<RegisterOptions> {
  const { registration } = context.tenant;
  const locations = visibleLocations(context);
  const selectable = storeChoices(context);
  // The selector shows only for a brand with more than one location; a single location is the
  // shopper's store without asking.
  const storeRequired = locations.length > 1 && selectable.length > 0;
  const rewards = await rewardChoices(context);
  return {
    flags: {
      addressHidden: registration.addressHidden,
      zipOptional: registration.zipOptional,
      organizationQuestion: registration.organizationQuestion,
      rewardChoice: rewards.length > 0,
      storeRequired,
      minBirthDate: MIN_BIRTH_DATE,
      maxBirthDate: denverDate(),
      storeNumbers: storeRequired ? selectable.map((l) => l.value) : [],
      rewardIds: rewards.map((r) => r.value),
    },
    stores: storeRequired ? selectable : [],
    rewards,
    defaultStore: locations.length === 1 ? locations[0].storeNumber : '0',
  };
}

/**
 * What the page needs of the bot check, public part only: the reCAPTCHA site key and the field
 * for its token, or the honeypot's field names with a freshly signed render time. The secrets
 * stay on the server.
 */
function publicBotCheckFields(context: AppLoadContext) {
  const check = publicBotCheck(context.tenant);
  if (check.mode === 'recaptcha') return { ...check, tokenField: RECAPTCHA_TOKEN_FIELD };
  const fields = context.services.accounts.botCheck.honeypotFields(context.tenant);
  return {
    mode: 'honeypot' as const,
    trapField: HONEYPOT_FIELD,
    stampField: FORM_STARTED_FIELD,
    stamp: fields[FORM_STARTED_FIELD] ?? '',
  };
}

/**
 * The store the selector starts on: the visitor's home store (the one chosen for this visit, else
 * the brand's default location; docs/reference/stores.md "Home store") when it is one of the
 * choices, else none (the placeholder). The shopper must still make a choice and may change it.
 */
function preselectedStore(context: AppLoadContext, stores: readonly Choice[]): string | null {
  const home = resolveHomeStore(context, context.session.get('homeStore'));
  return home && stores.some((s) => s.value === home.storeNumber) ? home.storeNumber : null;
}

/** GET /register: a signed-in shopper goes to /account; a guest gets the form's data. */
export async function registerLoader(context: AppLoadContext) {
  if (context.shopper) throw redirect('/account');
  const { tenant } = context;
  const options = await registerOptions(context);
  return data(
    {
      flags: options.flags,
      stores: options.stores,
      homeStore: preselectedStore(context, options.stores),
      rewards: options.rewards,
      birthdayHint: tenant.registration.birthdayHint ?? null,
      programName: tenant.rewards.programName,
      terms: accountDocument(context, 'terms'),
      privacy: accountDocument(context, 'privacy'),
      botCheck: publicBotCheckFields(context),
    },
    // The bot check's render time is signed per page view, the home store is the visitor's:
    // never shared.
    { headers: cacheHeaders(context, 'personal') },
  );
}

interface OptionalParts {
  address1?: string;
  address2?: string;
  zip?: string;
  organization?: string;
  storeNumber?: string;
  rewardSubscriptionId?: number;
}

/** The account fields of the registration (also what an unregistered record is updated with). */
function accountData(values: RegisterValues, options: RegisterOptions) {
  // The parts a brand may leave out of the form (absent from the schema, so from the values).
  const v = values as RegisterValues & OptionalParts;
  return {
    firstName: v.firstName,
    lastName: v.lastName,
    birthday: v.birthday,
    email: v.email,
    phone: v.phone.digits,
    secondaryPhone: v.secondaryPhone?.digits,
    address1: v.address1,
    address2: v.address2,
    zip: v.zip,
    organization: v.organization,
    myStore: v.storeNumber ?? options.defaultStore,
    rewardSubscriptions:
      v.rewardSubscriptionId === undefined ? undefined : [String(v.rewardSubscriptionId)],
  } satisfies CustomerChanges;
}

/**
 * POST /register (docs/reference/accounts.md "Registration": order of a post): per-IP limit,
 * validation, bot check, then create the account, or upgrade the unregistered record that has the
 * phone (no e-mail yet: update it, then set its password with an empty old one). Then the
 * promotional e-mail choice, login, and the brand's after-login path. Passwords are never logged
 * nor sent back.
 */
export async function registerAction(request: Request, context: AppLoadContext) {
  return registerFormAction(await readForm(request), context);
}

export interface RegisterFlow {
  /** Where the new shopper goes once logged in (default: the brand's after-login path). */
  next?: LoginContinuation;
  /** The login page for an account made whose login did not go through (default /login). */
  loginHref?: (email: string) => string;
}

/** The /register action on a form already read; `flow` is the oauth flow's (app/sso). */
export async function registerFormAction(
  form: FormData,
  context: AppLoadContext,
  flow: RegisterFlow = {},
) {
  const brand = context.tenant.sitePath;
  const { limits, botCheck } = context.services.accounts;

  const perIp = await limits.consume('register-ip', brand, context.clientIp);
  if (!perIp.ok) {
    // Counted before anything else, so a flood of posts costs no loyalty call; the reply keeps
    // what was typed (passwords excepted).
    const submission = parseWithZod(form, { schema: z.object({}) });
    return formTooMany(submission, REGISTER_INTENT, perIp);
  }

  const options = await registerOptions(context);
  const submission = parseWithZod(form, { schema: registerSchema(options.flags) });
  const fail = (message: string | null) => formFailure(submission, REGISTER_INTENT, message);
  if (submission.status !== 'success') return fail(null);

  const check = await botCheck.verify({ tenant: context.tenant, form, remoteIp: context.clientIp });
  if (!check.ok) return fail(check.message);

  const values = submission.value;
  const fields = accountData(values, options);
  const loyalty = context.loyalty;
  let frqShopperNo: string;
  let upgraded = false;
  try {
    const existing = await loyalty.getCustomer({ phone: fields.phone });
    if (existing && !existing.emailAddress) {
      // A card-only record (made at the till): it becomes the online account, keeping its
      // shopper number, points and receipts.
      await loyalty.updateCustomer(existing.frqShopperNo, fields, { previous: existing });
      const saved = await loyalty.changePassword({
        email: fields.email,
        oldPassword: '',
        newPassword: values.password,
      });
      if (!saved) throw new Error('the new password was not accepted');
      frqShopperNo = existing.frqShopperNo;
      upgraded = true;
    } else {
      // A phone of a registered record, or a taken e-mail, is refused with the service's reason.
      const created = await loyalty.register({ ...fields, password: values.password });
      frqShopperNo = created.frqShopperNo;
    }
  } catch (error) {
    logger.warn({ err: error, brand }, 'registration failed');
    return fail(failureMessage(error));
  }
  logger.info({ brand, frqShopperNo, upgraded }, 'shopper registered');

  try {
    const subscriptions = await loyalty.getEmailSubscriptions(frqShopperNo);
    if (subscriptions.length) {
      await loyalty.updateEmailSubscriptions(
        frqShopperNo,
        subscriptions.map((s) => ({
          emailSubscriptionId: s.emailSubscriptionId,
          optOutEmail: !values.promoEmails,
        })),
      );
    }
  } catch (error) {
    // The account exists: a failed e-mail choice must not make the shopper register again (it
    // can be changed later on the account page).
    logger.warn({ err: error, brand, frqShopperNo }, 'e-mail subscriptions not saved');
  }

  // Ticking the agreement accepted the current terms (the registration call does not record it).
  let termsPending = false;
  try {
    const { current } = termsState(await loyalty.getAgreements());
    if (current !== null) await loyalty.updateAcceptedTermsVersion(frqShopperNo, current);
  } catch (error) {
    logger.warn({ err: error, brand, frqShopperNo }, 'terms acceptance not recorded');
    termsPending = true;
  }

  let login = null;
  try {
    login = await loyalty.login({ emailOrPhone: fields.email, password: values.password });
  } catch (error) {
    logger.warn({ err: error, brand, frqShopperNo }, 'login after registration failed');
  }
  const next: LoginNext | null = !login
    ? null
    : flow.next
      ? await flow.next({ email: fields.email, password: values.password, login })
      : { to: afterLoginTarget(context, null) };
  if (!login || !next || 'message' in next) {
    if (next && 'message' in next) {
      logger.warn({ brand, frqShopperNo, reason: next.message }, 'oauth login after registration');
    }
    // The account was made: send the shopper to log in rather than to register again.
    const loginHref =
      flow.loginHref ?? ((email) => `/login?${new URLSearchParams({ address: email })}`);
    return redirectWithNotice(context, loginHref(fields.email), ACCOUNT_CREATED_LOG_IN_MESSAGE);
  }
  return finishLogin(context, login, next, { termsPending, email: fields.email });
}
