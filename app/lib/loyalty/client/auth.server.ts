import type { z } from 'zod';
import { mapLoginError } from '~/lib/loyalty/errors';
import * as s from '~/lib/loyalty/schemas';
import type {
  ChangePasswordRequest,
  LoginRequest,
  LoginResult,
  ResetPasswordRequest,
  SecurityAnswerRequest,
  SecurityQuestion,
} from '~/lib/loyalty/types';
import type { ClientContext } from './shared.server';

/** Signing in and the account's secrets: login, passwords, security question. */
export function authCalls({ call, app, appQuery }: ClientContext) {
  return {
    /** 2. Security questions (appUserQuestions.questions). */
    async getSecurityQuestions(): Promise<SecurityQuestion[]> {
      const r = await call(s.securityQuestionsSchema, 'GET', '/AppUsers/securityquestions', {
        query: appQuery,
      });
      return r.appUserQuestions.questions;
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
  };
}
