import { AsyncLocalStorage } from 'node:async_hooks';
import type { z } from 'zod';
import { loyaltyCallErrors } from '@common/metrics.server';
import { LoyaltyError, mapLoginError } from './errors';
import {
  createTransport,
  type HttpMethod,
  type LoyaltyBudget,
  type LoyaltyHttpOptions,
  type LoyaltyRequest,
  type LoyaltyTransport,
} from './http.server';
import * as s from './schemas';
import type {
  ActivationResult,
  Agreements,
  CallOptions,
  ChangePasswordRequest,
  Charity,
  CreditDetails,
  Customer,
  CustomerChanges,
  CustomerQuery,
  EmailSubscription,
  EmailSubscriptionUpdate,
  LoginRequest,
  LoginResult,
  LoyaltyInfo,
  OfferLists,
  Overview,
  PointsRow,
  Receipt,
  ReceiptQuery,
  RegisterRequest,
  ResetPasswordRequest,
  RewardSubscription,
  SavingsRecord,
  SecurityAnswerRequest,
  SecurityQuestion,
  UserCharity,
} from './types';

/**
 * The site's loyalty API client: the only code that knows the API's paths (docs/loyalty-api.md).
 * `/AppUsers/*` calls carry the Basic credential, `/loyalty/{appId}/*` calls the Bearer token.
 * Every answer is camelCased and validated; an answer of the wrong shape is a LoyaltyError (502).
 */

export interface LoyaltyClientConfig extends LoyaltyHttpOptions {
  /** Origin (plus optional path prefix) of the loyalty API. */
  baseUrl: string;
  /** The retailer's identifier in the API (tenant.services.loyalty.appId). */
  appId: string;
  /** Basic credential as `user:password`. */
  basic: string;
  /** Bearer token. */
  bearer: string;
}

/** The reward subscription every app has for the web shop, which shoppers never choose. */
const ECOMMERCE_SUBSCRIPTION_ID = '1';
const ECOMMERCE_SUBSCRIPTION_NAME = 'Ecommerce User';

/** False for the fixed id 1 / 'Ecommerce User' entry that the pages never offer (spec §7). */
export function isChoosable(subscription: RewardSubscription): boolean {
  return (
    subscription.rewardSubscriptionId !== ECOMMERCE_SUBSCRIPTION_ID &&
    subscription.rewardSubscriptionName !== ECOMMERCE_SUBSCRIPTION_NAME
  );
}

export type LoyaltyClient = ReturnType<typeof createLoyaltyClient>;

/** The budget of the request whose call is running (set by clientForRequest's methods). */
const requestBudget = new AsyncLocalStorage<LoyaltyBudget>();

/**
 * The client for one request: each method is the shared client's own (looked up at call time, so
 * a test's spy on the shared client still sees the request's calls), run with `budget`, so every
 * call of the request is bounded by what is left of it.
 */
export function clientForRequest(client: LoyaltyClient, budget: LoyaltyBudget): LoyaltyClient {
  const shared = client as unknown as Record<string, unknown>;
  const bound: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(shared)) {
    bound[key] =
      typeof value === 'function'
        ? (...args: unknown[]) =>
            requestBudget.run(budget, () => (shared[key] as (...a: unknown[]) => unknown)(...args))
        : value;
  }
  return bound as LoyaltyClient;
}

export function createLoyaltyClient(config: LoyaltyClientConfig) {
  const { appId } = config;
  const send: LoyaltyTransport = createTransport(config.baseUrl, config);
  const origin = new URL(config.baseUrl).origin;
  const basicHeader = `Basic ${Buffer.from(config.basic, 'utf8').toString('base64')}`;
  const bearerHeader = `Bearer ${config.bearer}`;
  const app = `/loyalty/${seg(appId)}`;
  const appQuery = { a: appId };

  async function call<S extends z.ZodTypeAny>(
    schema: S,
    method: HttpMethod,
    path: string,
    init: Omit<LoyaltyRequest, 'method' | 'path' | 'headers'> = {},
  ): Promise<z.output<S>> {
    const authorization = path.startsWith('/AppUsers/') ? basicHeader : bearerHeader;
    const res = await send({
      ...init,
      method,
      path,
      headers: { authorization },
      budget: requestBudget.getStore(),
    });
    const parsed = schema.safeParse(res.body);
    if (!parsed.success) {
      // The transport counted an answer; an answer of the wrong shape is an error all the same.
      loyaltyCallErrors.inc({ origin, kind: 'invalid' });
      const issue = parsed.error.issues[0];
      throw new LoyaltyError(502, null, null, {
        message: `Unexpected response from the loyalty service (${method} ${path}: ${
          issue.path.join('.') || '(root)'
        } ${issue.message}).`,
        cause: parsed.error,
      });
    }
    return parsed.data as z.output<S>;
  }

  const customer = (id: string) => `${app}/customer/${seg(id)}`;
  const customers = (id: string) => `${app}/customers/${seg(id)}`;

  return {
    appId,

    /** 1. The app's e-mail subscription types; with a shopper number, that shopper's choices. */
    async getEmailSubscriptions(frqShopperNo?: string): Promise<EmailSubscription[]> {
      return call(s.emailSubscriptionSchema.array(), 'GET', `${app}/emailsubscriptions`, {
        query: { frqShopperNo },
      });
    },

    /** 2. Security questions (appUserQuestions.questions). */
    async getSecurityQuestions(): Promise<SecurityQuestion[]> {
      const r = await call(s.securityQuestionsSchema, 'GET', '/AppUsers/securityquestions', {
        query: appQuery,
      });
      return r.appUserQuestions.questions;
    },

    /** 3. Reward subscriptions a shopper may choose: the fixed id 1 and 'Ecommerce User' removed. */
    async getRewardSubscriptions(): Promise<RewardSubscription[]> {
      const r = await call(s.rewardSubscriptionsSchema, 'GET', '/AppUsers/rewardsubscriptions', {
        query: appQuery,
      });
      return r.appUserRewardSubscriptions.filter(isChoosable);
    },

    /** 4. Creates an account. 409 (code 21/22) when the e-mail or phone is taken. */
    async register(payload: RegisterRequest): Promise<Customer> {
      return call(s.customerSchema, 'POST', `${app}/customer/register`, {
        body: compact({
          ...payload,
          rewardSubscriptions: payload.rewardSubscriptions?.map(wireId),
        }),
      });
    },

    /**
     * 5. Updates an account with only the changed fields: those of `changes` that differ from
     * `options.previous` (all of them without a previous record). A birthday is sent with
     * `updateBirthday: true`. Returns the updated record (city and state follow the zip). A zip
     * cleared (where a brand makes it optional) carries the record's city and state, which the
     * service would otherwise clear with it: the shopper removed a zip, not their town.
     */
    async updateCustomer(
      frqShopperNo: string,
      changes: CustomerChanges,
      options: { previous?: Customer | null } = {},
    ): Promise<Customer> {
      const fields = changedFields(options.previous ?? null, changes);
      const body: Record<string, unknown> = { frqShopperNo, ...fields };
      if (fields.rewardSubscriptions)
        body.rewardSubscriptions = fields.rewardSubscriptions.map(wireId);
      if (fields.birthday !== undefined) body.updateBirthday = true;
      const previous = options.previous;
      if (fields.zip === '' && previous && (previous.city || previous.state)) {
        body.city = previous.city ?? '';
        body.state = previous.state ?? '';
      }
      return call(s.customerSchema, 'PUT', customer(frqShopperNo), { body });
    },

    /** 6. Saves e-mail opt-outs (no id: every subscription type). Returns the success flag. */
    async updateEmailSubscriptions(
      frqShopperNo: string,
      subscriptions: EmailSubscriptionUpdate[],
    ): Promise<boolean> {
      const body = subscriptions.map((x) =>
        compact({
          frqShopperNo,
          emailSubscriptionId:
            x.emailSubscriptionId === undefined ? undefined : wireId(x.emailSubscriptionId),
          optOutEmail: x.optOutEmail,
        }),
      );
      const r = await call(s.successSchema, 'POST', '/AppUsers/updateemailsubscription', {
        query: appQuery,
        body,
      });
      return r.success;
    },

    /** 7. Changes a password; empty old password only for a record without one. */
    async changePassword(request: ChangePasswordRequest): Promise<boolean> {
      const r = await call(s.successSchema, 'PUT', `${app}/customer/changepassword`, {
        body: {
          email: request.email,
          oldpassword: request.oldPassword,
          newpassword: request.newPassword,
        },
      });
      return r.success;
    },

    /** 8. Sets a new password after a verified reset link. 404 (code 30) for an unknown e-mail. */
    async resetPassword(request: ResetPasswordRequest): Promise<boolean> {
      const r = await call(s.successSchema, 'PUT', `${app}/customer/passwordreset`, {
        body: { email: request.email, newPassword: request.newPassword },
      });
      return r.success;
    },

    /** 9. Saves a security question and answer; returns appUserSecurity.success. */
    async updateSecurityAnswer(request: SecurityAnswerRequest): Promise<boolean> {
      const r = await call(s.securityAnswerSchema, 'PUT', '/AppUsers/updatesecurityanswer', {
        query: appQuery,
        body: { ...request },
      });
      return r.appUserSecurity.success;
    },

    /**
     * 10. Logs in. Null when the answer has no user login section. Codes 10/11 throw
     * 'Invalid email address or password.'; another reason is thrown as the message.
     */
    async login(request: LoginRequest): Promise<LoginResult | null> {
      let r: z.output<typeof s.loginSchema>;
      try {
        r = await call(s.loginSchema, 'POST', '/AppUsers/login', {
          query: appQuery,
          body: { emailOrPhone: request.emailOrPhone, password: request.password },
        });
      } catch (error) {
        throw mapLoginError(error);
      }
      if (!r.appUserLogin) return null;
      return {
        firstName: r.appUserLogin.firstName,
        frqShopperNo: r.appUserLogin.frqShopperNo,
        myStore: r.appUserLogin.myStore,
        frequentShopperJwt: r.frequentShopperJwt,
        oAuthJwt: r.oauthCustomerJwt?.customerToken ?? null,
      };
    },

    /**
     * 11. Coupons: available, activated (clipped) and redeemed for a shopper; for a guest
     * (null) only the available list. Cancellable through `options.signal`.
     */
    async getOffers(
      frqShopperNo: string | null,
      options: CallOptions & {
        /**
         * Only the shopper's activated and redeemed lists: asks the backend to leave out the
         * available list (`lists=activated,redeemed`). A backend that ignores the parameter
         * still answers correctly; its available list is then returned too.
         */
        personalOnly?: boolean;
      } = {},
    ): Promise<OfferLists> {
      const path = frqShopperNo
        ? `${app}/quotient/${seg(frqShopperNo)}/offers`
        : `${app}/quotient/offers`;
      return call(s.offersSchema, 'GET', path, {
        signal: options.signal,
        query: frqShopperNo && options.personalOnly ? { lists: 'activated,redeemed' } : undefined,
      });
    },

    /** 12. Clips coupons (1..100 per call). A coupon clipped twice stays clipped once. */
    async activateOffers(frqShopperNo: string, offerIds: string[]): Promise<ActivationResult[]> {
      const r = await call(
        s.activateSchema,
        'POST',
        `${app}/quotient/${seg(frqShopperNo)}/offers/activate`,
        { body: { offers: offerIds.map((offerId) => ({ offerId: wireId(offerId) })) } },
      );
      return r.results;
    },

    /** 13. User information by shopper number, phone or e-mail; null when none matches. */
    async getCustomer(query: CustomerQuery, options: CallOptions = {}): Promise<Customer | null> {
      const keys = Object.entries(query).filter(([, v]) => v !== undefined);
      if (keys.length !== 1) throw new TypeError('getCustomer takes exactly one query key');
      const r = await call(s.customerLookupSchema, 'GET', `${app}/customer`, {
        query: Object.fromEntries(keys) as Record<string, string>,
        signal: options.signal,
      });
      return Array.isArray(r) ? null : (r as Customer);
    },

    /** 14. Receipts, newest first (defaults: 10 days back, at most 150). */
    async getReceipts(
      frqShopperNo: string,
      query: ReceiptQuery = {},
      options: CallOptions = {},
    ): Promise<Receipt[]> {
      return call(s.receiptSchema.array(), 'GET', `${customers(frqShopperNo)}/receipts`, {
        query: { daysAgo: query.daysAgo ?? 10, count: query.count ?? 150 },
        signal: options.signal,
      });
    },

    /** 15. Account overview (points, credits, coupon counts, savings, charity). */
    async getOverview(frqShopperNo: string, options: CallOptions = {}): Promise<Overview> {
      return call(s.overviewSchema, 'GET', `${customer(frqShopperNo)}/overview`, options);
    },

    /** 16. Every charity/school of the app. */
    async getCharities(options: CallOptions = {}): Promise<Charity[]> {
      return call(s.charitySchema.array(), 'GET', `${app}/charities`, options);
    },

    /** 17. The shopper's charity records (isEnrolled marks the current one). */
    async getUserCharities(
      frqShopperNo: string,
      options: CallOptions = {},
    ): Promise<UserCharity[]> {
      return call(
        s.userCharitySchema.array(),
        'GET',
        `${customers(frqShopperNo)}/charities`,
        options,
      );
    },

    /** 18. Enrols the shopper in a charity (replacing any other enrolment). */
    async enrollCharity(frqShopperNo: string, charityId: string): Promise<boolean> {
      const r = await call(
        s.successSchema,
        'POST',
        `${customers(frqShopperNo)}/charities/${seg(charityId)}/enroll`,
      );
      return r.success;
    },

    /** 18. Ends the shopper's enrolment in a charity. */
    async disenrollCharity(frqShopperNo: string, charityId: string): Promise<boolean> {
      const r = await call(
        s.successSchema,
        'POST',
        `${customers(frqShopperNo)}/charities/${seg(charityId)}/disenroll`,
      );
      return r.success;
    },

    /**
     * 19. Terms versions, and the version the shopper accepted (customerTermsInfo is empty without
     * a shopper number, as at registration, or when never accepted).
     */
    async getAgreements(frqShopperNo?: string, options: CallOptions = {}): Promise<Agreements> {
      return call(s.agreementsSchema, 'GET', `${app}/customer/agreements`, {
        query: { action: 'GET', customerNum: frqShopperNo },
        signal: options.signal,
      });
    },

    /** 20. Records the accepted terms version; returns the success flag. */
    async updateAcceptedTermsVersion(frqShopperNo: string, termsVersion: number): Promise<boolean> {
      const r = await call(
        s.successSchema,
        'POST',
        `${app}/customermanagement/termsandconditions/${seg(frqShopperNo)}/${seg(String(termsVersion))}`,
      );
      return r.success;
    },

    /** 21. Points history, newest first. */
    async getPointsHistory(frqShopperNo: string, options: CallOptions = {}): Promise<PointsRow[]> {
      return call(
        s.pointsRowSchema.array(),
        'GET',
        `${customers(frqShopperNo)}/points/history`,
        options,
      );
    },

    /** 22. Points total. */
    async getPointsTotal(frqShopperNo: string, options: CallOptions = {}): Promise<number> {
      const r = await call(
        s.pointsTotalSchema,
        'GET',
        `${customers(frqShopperNo)}/points/total`,
        options,
      );
      return r.points;
    },

    /** 23. Credits: current balance, adjustment history, expired credits. */
    async getCreditDetails(
      frqShopperNo: string,
      options: CallOptions = {},
    ): Promise<CreditDetails> {
      return call(s.creditDetailsSchema, 'GET', `${customers(frqShopperNo)}/credits`, options);
    },

    /** 24. Savings records of the current year, one per month. */
    async getSavings(frqShopperNo: string, options: CallOptions = {}): Promise<SavingsRecord[]> {
      return call(
        s.savingsRecordSchema.array(),
        'GET',
        `${customer(frqShopperNo)}/savings`,
        options,
      );
    },

    /** 25. Rewards page data: fuel rewards, credits, points, offers, premiums. */
    async getLoyaltyInfo(frqShopperNo: string, options: CallOptions = {}): Promise<LoyaltyInfo> {
      return call(s.loyaltyInfoSchema, 'GET', `${customers(frqShopperNo)}/loyaltyinfo`, options);
    },
  };
}

/** One encoded path segment. */
function seg(value: string): string {
  return encodeURIComponent(value);
}

/** Drops undefined values (JSON would drop them too; this keeps intent explicit). */
function compact<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Ids travel as the API's numbers when they are plain integers, else as strings. */
function wireId(value: string): string | number {
  return /^[1-9]\d{0,14}$/.test(value) ? Number(value) : value;
}

/** The previous record's value of an update field (the record names some fields differently). */
function previousValue(previous: Customer, key: keyof CustomerChanges): unknown {
  switch (key) {
    case 'email':
      return previous.emailAddress;
    case 'zip':
      return previous.zipCode;
    case 'myStore':
      return previous.myStore;
    case 'rewardSubscriptions':
      // The record also lists the fixed 'Ecommerce User' entry, which is never a choice.
      return previous.rewardSubscriptions.filter(isChoosable).map((r) => r.rewardSubscriptionId);
    default:
      return previous[key];
  }
}

function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === undefined || v === null ? '' : v);
  const x = norm(a);
  const y = norm(b);
  if (Array.isArray(x) && Array.isArray(y)) {
    return x.length === y.length && x.every((v, i) => String(v) === String(y[i]));
  }
  return x === y;
}

/**
 * The fields of `next` to send: those set and, with a previous record, different from it
 * (spec §7: "frqShopperNo plus only changed fields").
 */
export function changedFields(previous: Customer | null, next: CustomerChanges): CustomerChanges {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof CustomerChanges)[]) {
    const value = next[key];
    if (value === undefined) continue;
    if (previous && same(previousValue(previous, key), value)) continue;
    out[key] = value;
  }
  return out as CustomerChanges;
}
