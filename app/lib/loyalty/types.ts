import type { z } from 'zod';
import type * as s from './schemas';

/**
 * Types of the loyalty client: requests as the API takes them (camelCase, as
 * docs/loyalty-api.md describes) and responses as the client returns them (camelCased, validated).
 * Identifiers (shopper numbers, offer, charity and subscription ids) are strings on the site side.
 */

export type Customer = z.output<typeof s.customerSchema>;
export type RewardSubscription = z.output<typeof s.rewardSubscriptionSchema>;
export type EmailSubscription = z.output<typeof s.emailSubscriptionSchema>;
export type SecurityQuestion = { id: string; question: string };
export type Offer = z.output<typeof s.offerSchema>;
export type OfferLists = z.output<typeof s.offersSchema>;
export type ActivationResult = z.output<typeof s.activateSchema>['results'][number];
export type Receipt = z.output<typeof s.receiptSchema>;
export type Overview = z.output<typeof s.overviewSchema>;
export type Charity = z.output<typeof s.charitySchema>;
export type UserCharity = z.output<typeof s.userCharitySchema>;
export type Agreements = z.output<typeof s.agreementsSchema>;
export type PointsRow = z.output<typeof s.pointsRowSchema>;
export type CreditRow = z.output<typeof s.creditRowSchema>;
export type CreditDetails = z.output<typeof s.creditDetailsSchema>;
export type SavingsRecord = z.output<typeof s.savingsRecordSchema>;
export type LoyaltyOffer = z.output<typeof s.loyaltyOfferSchema>;
export type Premium = z.output<typeof s.premiumSchema>;
export type LoyaltyInfo = z.output<typeof s.loyaltyInfoSchema>;

/** Login result: the user login section plus the two tokens. */
export interface LoginResult {
  firstName: string | null;
  frqShopperNo: string;
  myStore: string;
  frequentShopperJwt: string | null;
  /** The customer token of `oauthCustomerJwt` (the API's oAuthJwt). */
  oAuthJwt: string | null;
}

export interface LoginRequest {
  /** An e-mail address or a 10-digit phone number. */
  emailOrPhone: string;
  password: string;
}

/** Registration payload; `rewardSubscriptions` is a list of one id. */
export interface RegisterRequest {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  birthday?: string;
  email: string;
  /** 10 digits. */
  phone: string;
  secondaryPhone?: string;
  address1?: string;
  address2?: string;
  zip?: string;
  organization?: string;
  /** 4-digit store number, '0' for none. */
  myStore?: string;
  rewardSubscriptions?: string[];
  password: string;
}

/**
 * Fields of an account update (PUT customer, docs/loyalty-api.md). The client sends only those that differ
 * from the previous record when one is given; `birthday` is sent with `updateBirthday: true`;
 * `zip` makes the service set city and state. `email` is for upgrading a record that has none.
 */
export interface CustomerChanges {
  firstName?: string;
  lastName?: string;
  phone?: string;
  secondaryPhone?: string;
  email?: string;
  birthday?: string;
  address1?: string;
  address2?: string;
  zip?: string;
  organization?: string;
  myStore?: string;
  optOutDataSharing?: boolean;
  rewardSubscriptions?: string[];
}

/** One query key only (GET customer, docs/loyalty-api.md). */
export type CustomerQuery =
  | { frqShopperNo: string; phone?: never; email?: never }
  | { phone: string; frqShopperNo?: never; email?: never }
  | { email: string; frqShopperNo?: never; phone?: never };

export interface EmailSubscriptionUpdate {
  /** Omitted: every subscription type of the app. */
  emailSubscriptionId?: string;
  optOutEmail: boolean;
}

export interface ChangePasswordRequest {
  email: string;
  /** Empty only for a record that has no password yet (registration upgrade path). */
  oldPassword: string;
  newPassword: string;
}

export interface ResetPasswordRequest {
  email: string;
  newPassword: string;
}

export interface SecurityAnswerRequest {
  frqShopperNo: string;
  securityQuestion: string;
  securityAnswer: string;
}

export interface ReceiptQuery {
  /** Look-back in days (the API's default is 10). */
  daysAgo?: number;
  /** At most this many receipts (the receipts page asks for 150). */
  count?: number;
}

export interface CallOptions {
  /** Cancels the call: it rejects with the signal's reason (an AbortError). */
  signal?: AbortSignal;
}
