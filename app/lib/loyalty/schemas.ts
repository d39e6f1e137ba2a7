import { z } from 'zod';

/**
 * Light validation of the loyalty API's answers, after their keys are camelCased
 * (docs/loyalty-api.md, "Entities"). Only what the site relies on is required; absent optional
 * fields become null/[] so pages never meet `undefined` in one backend and `null` in another.
 * Identifiers and money accept numbers or numeric strings, as backends differ there.
 */

/** An identifier that may arrive as a number or a string; always a string for the site. */
const id = z.union([z.string().min(1), z.number().finite()]).transform(String);
/** A 12-digit shopper number (a number on the wire is accepted and turned into a string). */
const shopperNo = id;
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? null);
const flag = z
  .boolean()
  .nullish()
  .transform((v) => v ?? false);
const numeric = z.union([
  z.number().finite(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const amount = numeric.nullish().transform((v) => v ?? null);
const list = <T extends z.ZodTypeAny>(item: T) =>
  z
    .array(item)
    .nullish()
    .transform((v) => v ?? []);

export const rewardSubscriptionSchema = z.object({
  rewardSubscriptionId: id,
  rewardSubscriptionName: text,
});

export const emailSubscriptionSchema = z.object({
  emailSubscriptionId: id,
  name: text,
  optOutEmail: flag,
  frqShopperNo: shopperNo.nullish().transform((v) => v ?? null),
});

export const customerSchema = z.object({
  frqShopperNo: shopperNo,
  firstName: text,
  lastName: text,
  phone: text,
  secondaryPhone: text,
  emailAddress: text,
  birthday: text,
  address1: text,
  address2: text,
  city: text,
  state: text,
  zipCode: text,
  organization: text,
  optOutDataSharing: flag,
  myStore: id.nullish().transform((v) => v ?? '0'),
  myStoreInfo: z
    .object({ myStoreNumber: id.nullish().transform((v) => v ?? '0') })
    .nullish()
    .transform((v) => v ?? null),
  rewardSubscriptions: list(rewardSubscriptionSchema),
  userEmailSubscriptions: list(emailSubscriptionSchema.omit({ frqShopperNo: true })),
  hasPassword: flag,
});

/** GET customer: one record, or an array (no match) which the client turns into null. */
export const customerLookupSchema = z.union([customerSchema, z.array(z.unknown())]);

export const securityQuestionsSchema = z.object({
  appUserQuestions: z.object({
    questions: list(z.object({ id, question: z.string() })),
  }),
});

export const rewardSubscriptionsSchema = z.object({
  appUserRewardSubscriptions: list(rewardSubscriptionSchema),
});

export const successSchema = z.object({ success: flag });

export const securityAnswerSchema = z.object({
  appUserSecurity: z.object({ success: flag }),
});

export const loginSchema = z.object({
  appUserLogin: z
    .object({
      firstName: text,
      frqShopperNo: shopperNo,
      myStore: id.nullish().transform((v) => v ?? '0'),
    })
    .nullish(),
  frequentShopperJwt: text,
  oauthCustomerJwt: z
    .object({ customerToken: text })
    .nullish()
    .transform((v) => v ?? null),
});

export const offerSchema = z.object({
  offerId: id,
  offerCode: text,
  brandName: text,
  categoryName: text,
  offerSummary: text,
  offerDescription: text,
  offerDisclaimer: text,
  offerImage1: text,
  offerActiveDate: text,
  offerExpiryDate: text,
  offerValue: amount,
  isPromoted: flag,
  redemptionLimit: amount,
  /** Redeemed entries. */
  timesRedeemed: amount,
  lastRedeemed: text,
  /** Activated entries. */
  clippedDate: text,
});

export const offersSchema = z.object({
  available: list(offerSchema),
  activated: list(offerSchema),
  redeemed: list(offerSchema),
});

export const activateSchema = z.object({
  results: list(
    z.object({
      offerId: id,
      activated: flag,
      reason: text,
    }),
  ),
});

export const receiptSchema = z.object({
  transactionDate: z.string(),
  receiptTextData: z.string(),
  transactionNumber: id.nullish().transform((v) => v ?? null),
});

export const overviewSchema = z.object({
  frqShopperNo: shopperNo,
  firstName: text,
  pointsTotal: amount,
  creditsBalance: amount,
  clippedCount: amount,
  redeemedCount: amount,
  yearToDateSavings: amount,
  charityName: text,
});

export const charitySchema = z.object({
  charityId: id,
  charityDescription: text,
  notes: text,
  zipCode: text,
});

export const userCharitySchema = charitySchema.extend({ isEnrolled: flag });

export const agreementsSchema = z.object({
  currentTerms: list(
    z.object({
      currentTermsVersion: numeric,
      effectiveDate: text,
      title: text,
    }),
  ),
  customerTermsInfo: list(z.object({ customerVersionAccepted: numeric.nullable() })),
});

export const pointsRowSchema = z.object({
  description: text,
  adjustmentDate: z.string(),
  adjustmentValue: numeric,
});

export const pointsTotalSchema = z.object({ points: numeric });

export const creditRowSchema = z.object({
  description: text,
  date: z.string(),
  issuedBalance: amount,
  balance: amount,
  /** When the credit expires (docs/loyalty-api.md); absent or null: not known. */
  expirationDate: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
});

export const creditDetailsSchema = z.object({
  currentCredits: numeric.nullish().transform((v) => v ?? 0),
  adjustmentHistory: list(creditRowSchema),
  expiredCredits: list(creditRowSchema),
});

export const savingsRecordSchema = z.object({
  date: z.string(),
  adjustmentValue: amount,
  digitalCouponsOfferValue: amount,
  instantOfferSavings: amount,
  loyaltyOfferSavings: amount,
  targetedOfferSavings: amount,
});

export const loyaltyOfferSchema = z.object({
  offerCode: text,
  offerDescription: text,
  notes: text,
  imageUrl: text,
  offerEndDate: text,
  /** 'Accumulated' (personal offers) or 'Transactional' (coupons); other values are kept. */
  qualifierLevel: text,
  redemptionLimit: amount,
  offerProgress: amount,
  participationAmount: amount,
});

export const premiumSchema = z.object({
  premium: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v == null ? null : String(v))),
  description: text,
  notes: text,
  imageUrl: text,
  endDate: text,
  limit: amount,
});

export const loyaltyInfoSchema = z.object({
  fuelRewards: list(z.object({ rewardSubscriptionAvailableCentsPerGallon: amount })),
  credits: list(z.object({ balance: amount })),
  points: list(z.object({ points: amount })),
  offers: list(loyaltyOfferSchema),
  premiums: list(premiumSchema),
});
