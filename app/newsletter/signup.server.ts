/**
 * The e-mail sign-ups' pages and actions (docs/reference/newsletter.md): what each form offers, and
 * the post that validates it, keeps bots and floods away and calls the provider
 * (provider.server.ts).
 *
 * Every form posts here with or without JavaScript. The footer's own form (only an address) is
 * the first step without JavaScript: its post answers the whole form with the address filled in
 * (`intent=start`; the address never goes into a URL). A form's answer is private, no-store.
 */
import { parseWithZod } from '@conform-to/zod';
import { data, type AppLoadContext } from '@remix-run/node';
import { logger } from '@common/logger.server';
import type { PageSignup } from '~/content/source/types';
import { notFound } from '~/lib/errors.server';
import { MAX_EMAIL_LENGTH } from '~/lib/form-kit/fields';
import { readForm } from '~/lib/form-kit/read-form.server';
import { formFailure } from '~/lib/form-kit/reply.server';
import { cacheHeaders, PRIVATE_NO_STORE } from '~/lib/http/cache.server';
import { resolveHomeStore } from '~/stores/home-store/locations';
import { retryAfterHeaders } from '~/lib/security/rate-limit.server';
import {
  DEFAULT_PHARMACY_AGREEMENT,
  NEWSLETTER_MESSAGES,
  SIGNUP_ACTIONS,
  START_INTENT,
  SUBSCRIBE_INTENT,
  TRAP_FIELD,
  type SignupVariant,
} from './messages';
import { pharmacyStoreOptions, storeFromParam, type StoreOption } from './options';
import { providerKey, sendConfirmation, sendWelcome } from './signup-mail.server';
import { subscribe, subscribeAddress } from './provider.server';
import { pharmacySchema, signupSchema, type PharmacyValues, type SignupValues } from './schemas';
import type { SignupSetup } from './types';

/** The choices of a variant's store select; empty when the brand has none. */
function storeOptions(context: AppLoadContext, variant: SignupVariant): StoreOption[] {
  const { tenant, services } = context;
  const info = services.content.retailerInfo(tenant.sitePath);
  if (variant === 'pharmacy') {
    // The tenant's list (the catalogue's form: '{product}' and the sister chains), else the brand's
    // own stores.
    const named =
      tenant.newsletter.pharmacyStores ??
      info.locations.filter((l) => !l.hidden).map((l) => l.name);
    return pharmacyStoreOptions(named, tenant.retailerName).map((o) => ({ value: o, label: o }));
  }
  // The footer's Home Store: the locations the home-store selector offers; Ace: aceLocations.
  const locations =
    variant === 'ace'
      ? info.aceLocations.filter((l) => !l.hidden)
      : info.locations.filter((l) => !l.hidden && !l.hiddenInHomeSelector);
  return locations.map((l) => ({ value: l.storeNumber, label: l.name }));
}

/**
 * A variant's form as the brand offers it, or null when it cannot be filled in (an Ace form for a
 * brand without Ace locations). `store`: the page's `store` parameter (pharmacy), read by
 * storeFromParam (options.ts); the footer's select starts on the visitor's home store.
 */
export function signupSetup(
  context: AppLoadContext,
  variant: SignupVariant,
  { store }: { store?: string | null } = {},
): SignupSetup | null {
  const stores = storeOptions(context, variant);
  if (stores.length === 0) return null;
  let selectedStore: string | null = null;
  if (variant === 'pharmacy') {
    selectedStore = storeFromParam(
      store,
      stores.map((s) => s.value),
    );
  } else if (variant === 'standard') {
    const home = resolveHomeStore(context, context.session.get('homeStore'));
    selectedStore =
      home && stores.some((s) => s.value === home.storeNumber) ? home.storeNumber : null;
  }
  return {
    variant,
    action: SIGNUP_ACTIONS[variant],
    stores,
    selectedStore,
    agreement:
      variant === 'pharmacy'
        ? (context.tenant.newsletter.pharmacyAgreement ?? DEFAULT_PHARMACY_AGREEMENT)
        : null,
  };
}

/**
 * A content page's data with the sign-up its front matter names (`signup`), else `signup: null`;
 * its headers kept. `store`: the page's store parameter.
 */
export function withPageSignup<T extends { page: { signup: PageSignup | null } }>(
  context: AppLoadContext,
  page: { data: T; init: ResponseInit | null },
  store: string | null,
) {
  const kind = page.data.page.signup;
  const signup = kind ? signupSetup(context, kind, { store }) : null;
  return data(
    { ...page.data, signup: signup as (SignupSetup & { variant: PageSignup }) | null },
    page.init ?? undefined,
  );
}

/** The variant's form, or a 404 when the brand offers none. */
function requireSetup(context: AppLoadContext, variant: SignupVariant, store?: string | null) {
  const setup = signupSetup(context, variant, { store });
  if (!setup) throw notFound();
  return setup;
}

/**
 * GET of a sign-up page (the form without a dialog: JavaScript off, or a link). The footer's
 * form starts on the visitor's home store: personal; the others are the same for every guest.
 */
export function signupPageLoader(
  request: Request,
  context: AppLoadContext,
  variant: SignupVariant,
) {
  const store = new URL(request.url).searchParams.get('store');
  const setup = requireSetup(context, variant, store);
  return data(
    { setup },
    { headers: cacheHeaders(context, variant === 'standard' ? 'personal' : 'shared') },
  );
}

const noStore = { headers: { 'Cache-Control': PRIVATE_NO_STORE } };

/** The provider's query fields: MMERGE3 is the store's name as the form shows it. */
function providerFields(
  variant: SignupVariant,
  value: SignupValues | PharmacyValues,
  setup: SignupSetup,
): Record<string, string | undefined> {
  const storeName = setup.stores.find((s) => s.value === value.store)?.label ?? value.store;
  if (variant === 'pharmacy') {
    const v = value as PharmacyValues;
    return { EMAIL: v.email, MMERGE3: storeName, AGE: v.age, AGREE: v.agree ? 'on' : undefined };
  }
  const v = value as SignupValues;
  return {
    EMAIL: v.email,
    FNAME: v.firstName,
    LNAME: v.lastName,
    // The Ace list keeps the phone in MMERGE5.
    [variant === 'ace' ? 'MMERGE5' : 'PHONE']: v.phone?.masked,
    MMERGE3: storeName,
  };
}

/**
 * POST of a sign-up form. Order: the footer's first step (nothing checked, nothing sent); the
 * form's validation (field messages, nothing sent); the honeypot (answered as subscribed, nothing
 * sent); the per-address limit (the failure message, nothing sent); then one call to the provider
 * and the message for what it answered.
 */
export async function signupAction(
  request: Request,
  context: AppLoadContext,
  variant: SignupVariant,
) {
  const form = await readForm(request);
  const setup = requireSetup(context, variant);
  const brand = context.tenant.sitePath;

  if (form.get('intent') === START_INTENT && variant !== 'pharmacy') {
    const raw = form.get('email');
    const email = typeof raw === 'string' ? raw.trim().slice(0, MAX_EMAIL_LENGTH) : '';
    return data({ intent: START_INTENT, email }, noStore);
  }

  const stores = setup.stores.map((s) => s.value);
  const schema = variant === 'pharmacy' ? pharmacySchema(stores) : signupSchema(stores);
  const submission = parseWithZod(form, { schema });
  if (submission.status !== 'success') return formFailure(submission, SUBSCRIBE_INTENT);

  const subscribed = () =>
    data({ intent: SUBSCRIBE_INTENT, result: submission.reply(), done: true }, noStore);

  if (form.get(TRAP_FIELD) !== null && form.get(TRAP_FIELD) !== '') {
    logger.info({ brand, variant }, 'newsletter honeypot filled: answered as subscribed, not sent');
    return subscribed();
  }

  const limit = await context.services.accounts.limits.consume(
    'newsletter-ip',
    brand,
    context.clientIp,
  );
  if (!limit.ok) {
    logger.info({ brand, variant }, 'newsletter sign-ups over the per-address limit: not sent');
    return formFailure(submission, SUBSCRIBE_INTENT, NEWSLETTER_MESSAGES.failed, {
      status: 429,
      headers: retryAfterHeaders(limit),
    });
  }

  const address = subscribeAddress(
    context.tenant,
    context.services.references.mailingList,
    variant,
  );
  if (!address) {
    logger.warn({ brand, variant }, 'newsletter sign-up failed: no subscribe address');
    return formFailure(submission, SUBSCRIBE_INTENT, NEWSLETTER_MESSAGES.failed);
  }
  const fields = providerFields(variant, submission.value, setup);
  const email = submission.value.email;
  if (context.tenant.newsletter.confirmation === 'double-opt-in') {
    // Held until the shopper confirms from the e-mail; the provider is called then.
    try {
      await sendConfirmation(context, { brand, variant, fields }, email);
    } catch (error) {
      logger.warn({ err: error, brand, variant }, 'newsletter confirmation not held or sent');
      return formFailure(submission, SUBSCRIBE_INTENT, NEWSLETTER_MESSAGES.failed);
    }
    return data(
      { intent: SUBSCRIBE_INTENT, result: submission.reply(), done: true, pending: true },
      noStore,
    );
  }
  const outcome = await subscribe({
    address,
    fields,
    variant,
    brand,
    apiKey: providerKey(context),
    shopperAddress: context.clientIp,
  });
  if (outcome === 'subscribed') {
    await sendWelcome(context, variant, email);
    return subscribed();
  }
  return formFailure(
    submission,
    SUBSCRIBE_INTENT,
    outcome === 'already' ? NEWSLETTER_MESSAGES.already : NEWSLETTER_MESSAGES.failed,
  );
}
