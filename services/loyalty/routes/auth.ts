/**
 * Signing in and its secrets (calls 2, 7, 8, 9 and 10): security questions and answers, password
 * change and reset, and the login that issues the shopper's JWTs.
 */
import { z } from 'zod';
import type { Db } from '../../../common/db.server';
import { ApiError, badRequest, notFound, route } from '../http';
import { hashSecret, normalizeAnswer, verifySecret } from '../password';
import { issueShopperTokens } from '../tokens';
import {
  appParams,
  appQuery,
  digits,
  email,
  frqShopperNo,
  MIN_PASSWORD,
  ok,
  password,
  requireShopper,
  shopperByEmail,
  shopperByPhone,
  type RouteContext,
  type ShopperWithPassword,
} from './shared';

export function authRoutes({ db, jwtSecret }: RouteContext) {
  return {
    // 2
    securityQuestions: route(
      'GET',
      '/AppUsers/securityquestions',
      { query: appQuery },
      async ({ appId: app }) => {
        const questions = await db.query(
          `select question_id as "Id", question as "Question" from security_questions
           where app_id = $1 order by question_id`,
          [app],
        );
        return { body: { AppUserQuestions: { Questions: questions } } };
      },
    ),

    // 7
    changePassword: route(
      'PUT',
      '/loyalty/:appId/customer/changepassword',
      {
        params: appParams,
        body: z
          .object({
            email,
            oldpassword: password.optional(),
            oldPassword: password.optional(),
            newpassword: password.optional(),
            newPassword: password.optional(),
          })
          .transform((b) => ({
            email: b.email,
            oldpassword: b.oldpassword ?? b.oldPassword ?? '',
            newpassword: b.newpassword ?? b.newPassword,
          }))
          .refine((b) => b.newpassword !== undefined, {
            message: 'is required',
            path: ['newpassword'],
          }),
      },
      async ({ appId: app, body }) => {
        const shopper = await shopperByEmail(db, app, body.email);
        if (!shopper) throw notFound(30, 'No shopper has this e-mail address.');
        const matches = shopper.password_hash
          ? body.oldpassword !== '' && (await verifySecret(body.oldpassword, shopper.password_hash))
          : body.oldpassword === '';
        if (!matches) throw badRequest('The old password is not correct.', 50);
        await storeNewPassword(
          db,
          app,
          shopper.frq_shopper_no,
          body.newpassword ?? '',
          'newpassword',
        );
        return ok();
      },
    ),

    // 8
    passwordReset: route(
      'PUT',
      '/loyalty/:appId/customer/passwordreset',
      {
        params: appParams,
        body: z
          .object({ email, newPassword: password.optional(), newpassword: password.optional() })
          .transform((b) => ({ email: b.email, newPassword: b.newPassword ?? b.newpassword }))
          .refine((b) => b.newPassword !== undefined, {
            message: 'is required',
            path: ['newPassword'],
          }),
      },
      async ({ appId: app, body }) => {
        const shopper = await shopperByEmail(db, app, body.email);
        if (!shopper) throw notFound(30, 'No shopper has this e-mail address.');
        await storeNewPassword(
          db,
          app,
          shopper.frq_shopper_no,
          body.newPassword ?? '',
          'newPassword',
        );
        return ok();
      },
    ),

    // 9
    securityAnswer: route(
      'PUT',
      '/AppUsers/updatesecurityanswer',
      {
        query: appQuery,
        body: z.object({
          frqShopperNo,
          securityQuestion: z.union([z.number().int(), z.string().trim().min(1).max(200)]),
          securityAnswer: z.string().trim().min(1, 'must not be empty').max(100),
        }),
      },
      async ({ appId: app, body }) => {
        await requireShopper(db, app, body.frqShopperNo);
        const asked = String(body.securityQuestion);
        const [question] = await db.query<{ id: number }>(
          `select question_id as id from security_questions
           where app_id = $1 and (question_id::text = $2 or lower(question) = lower($2))`,
          [app, asked],
        );
        if (!question) throw badRequest('securityQuestion: unknown security question.');
        const hash = await hashSecret(normalizeAnswer(body.securityAnswer));
        await db.query(
          `update shoppers set security_question_id = $3, security_answer_hash = $4,
             updated_at = now()
           where app_id = $1 and frq_shopper_no = $2`,
          [app, body.frqShopperNo, question.id, hash],
        );
        return { body: { AppUserSecurity: { Success: true } } };
      },
    ),

    // 10
    login: route(
      'POST',
      '/AppUsers/login',
      {
        query: appQuery,
        body: z.object({
          emailOrPhone: z.string().trim().min(1, 'must not be empty').max(254),
          password: z.string().min(1, 'must not be empty').max(128),
        }),
      },
      async ({ appId: app, body }) => {
        const key = body.emailOrPhone;
        let shopper: ShopperWithPassword | undefined;
        if (key.includes('@')) {
          shopper = await shopperByEmail(db, app, key);
        } else {
          let number = digits(key);
          if (number.length === 11 && number.startsWith('1')) number = number.slice(1);
          if (number.length === 10) shopper = await shopperByPhone(db, app, number);
        }
        if (!shopper) {
          await verifySecret(body.password, null); // same time as a wrong password
          throw new ApiError(401, 10, 'Unknown e-mail address or phone number.');
        }
        if (!(await verifySecret(body.password, shopper.password_hash))) {
          throw new ApiError(401, 11, 'Wrong password.');
        }
        const tokens = await issueShopperTokens(jwtSecret, app, shopper.frq_shopper_no);
        return {
          body: {
            AppUserLogin: {
              FirstName: shopper.first_name,
              FrqShopperNo: shopper.frq_shopper_no,
              MyStore: shopper.my_store,
            },
            FrequentShopperJwt: tokens.frequentShopperJwt,
            OauthCustomerJwt: { CustomerToken: tokens.customerToken },
          },
        };
      },
    ),
  };
}

/** Checks a new password's length (code 51) and stores its hash. */
async function storeNewPassword(
  db: Db,
  app: string,
  frqShopperNo: string,
  next: string,
  field: string,
) {
  if (next.length < MIN_PASSWORD) {
    throw badRequest(`${field}: must be at least ${MIN_PASSWORD} characters.`, 51);
  }
  await db.query(
    `update shoppers set password_hash = $3, updated_at = now()
     where app_id = $1 and frq_shopper_no = $2`,
    [app, frqShopperNo, await hashSecret(next)],
  );
}
