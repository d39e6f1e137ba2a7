import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { formData, parse } from '@test/forms';
import {
  accountAddressSchema,
  accountBirthdaySchema,
  accountEmailSchema,
  accountFullNameSchema,
  accountPasswordSchema,
  accountPhoneSchema,
  accountSchema,
  accountSecondaryPhoneSchema,
  accountStoreSchema,
  dataPreferencesSchema,
  loginFormsSchema,
  loginSchema,
  registerSchema,
  resetPasswordFormsSchema,
  resetPasswordSchema,
  resetRequestSchema,
  SECRET_FIELDS,
  termsSchema,
  type RegisterFlags,
} from './schemas';

const GENERIC = 'Something went wrong with your request. Please try submitting again.';

describe('loginSchema', () => {
  it("'Please enter your email address.' and 'Please enter your password.'", () => {
    expect(parse(loginSchema, {}).errors).toEqual({
      email: ['Please enter your email address.'],
      password: ['Please enter your password.'],
    });
    expect(parse(loginSchema, { email: ' ', password: '' }).errors).toEqual({
      email: ['Please enter your email address.'],
      password: ['Please enter your password.'],
    });
  });

  it('passes an e-mail (or a phone: the backend logs in by either) and a password', () => {
    expect(parse(loginSchema, { email: ' ann@example.com ', password: 'pw' }).value).toEqual({
      email: 'ann@example.com',
      password: 'pw',
      redirectTo: undefined,
    });
    expect(parse(loginSchema, { email: '8015551234', password: 'pw' }).ok).toBe(true);
  });
});

describe('resetRequestSchema', () => {
  it("'Please enter your email address.' when empty, the e-mail message when malformed", () => {
    expect(parse(resetRequestSchema, { email: '' }).errors).toEqual({
      email: ['Please enter your email address.'],
    });
    expect(parse(resetRequestSchema, { email: 'ann@' }).errors).toEqual({
      email: ['Please enter a valid email address.'],
    });
    expect(parse(resetRequestSchema, { email: 'ann@example.com' }).value).toEqual({
      email: 'ann@example.com',
    });
  });
});

describe('loginFormsSchema (one /login action, two panes)', () => {
  it('switches on intent', () => {
    expect(parse(loginFormsSchema, { intent: 'login', email: 'a@b.co', password: 'x' }).ok).toBe(
      true,
    );
    expect(parse(loginFormsSchema, { intent: 'reset-request', email: '' }).errors).toEqual({
      email: ['Please enter your email address.'],
    });
    expect(parse(loginFormsSchema, { intent: 'login' }).errors).toEqual({
      email: ['Please enter your email address.'],
      password: ['Please enter your password.'],
    });
  });

  it('an unknown intent gets the generic failure', () => {
    expect(parse(loginFormsSchema, { intent: 'other', email: 'a@b.co' }).errors).toEqual({
      intent: [GENERIC],
    });
  });
});

describe('resetPasswordSchema', () => {
  it("both fields 'Required.'", () => {
    expect(parse(resetPasswordSchema, {}).errors).toEqual({
      password: ['Required.'],
      confirmPassword: ['Required.'],
    });
  });

  it('"Passwords don\'t match." (with period)', () => {
    expect(
      parse(resetPasswordSchema, { password: 'new-password', confirmPassword: 'new-passwort' })
        .errors,
    ).toEqual({ confirmPassword: ["Passwords don't match."] });
  });

  it('a too-short password is reported alone: the confirmation is compared to a valid one', () => {
    expect(parse(resetPasswordSchema, { password: 'short', confirmPassword: 'x' }).errors).toEqual({
      password: ['Password must be at least 8 characters.'],
    });
  });

  it('passes equal passwords', () => {
    expect(
      parse(resetPasswordSchema, { password: 'new-password', confirmPassword: 'new-password' })
        .value,
    ).toEqual({ password: 'new-password', confirmPassword: 'new-password' });
  });

  it('the page action: reset or resend', () => {
    expect(
      parse(resetPasswordFormsSchema, {
        intent: 'reset',
        password: 'new-password',
        confirmPassword: 'other-password',
      }).errors,
    ).toEqual({ confirmPassword: ["Passwords don't match."] });
    expect(parse(resetPasswordFormsSchema, { intent: 'resend' }).value).toEqual({
      intent: 'resend',
    });
  });
});

const allFlags: RegisterFlags = {
  addressHidden: false,
  zipOptional: false,
  organizationQuestion: true,
  rewardChoice: true,
  storeRequired: true,
  maxBirthDate: '2026-11-21',
  storeNumbers: ['0201', '0202'],
  rewardIds: [2, 3],
};
const plainFlags: RegisterFlags = {
  addressHidden: false,
  zipOptional: false,
  organizationQuestion: false,
  rewardChoice: false,
  storeRequired: false,
  maxBirthDate: '2026-11-21',
};

const registration = {
  firstName: ' Ann ',
  lastName: 'Lee',
  birthday: '07/04/1990',
  email: 'ann@example.com',
  phone: '8015551234',
  secondaryPhone: '',
  address1: '1 Main St',
  address2: '',
  zip: '84101',
  organization: 'A friend',
  storeNumber: '0202',
  rewardSubscriptionId: '3',
  password: 'correct horse',
  confirmPassword: 'correct horse',
  promoEmails: 'on',
  acceptTerms: 'on',
};

describe('registerSchema', () => {
  it('passes a complete registration and normalises it', () => {
    const result = parse(registerSchema(allFlags), registration);
    expect(result.errors).toEqual({});
    expect(result.value).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      birthday: '1990-07-04',
      email: 'ann@example.com',
      phone: { masked: '(801) 555-1234', digits: '8015551234' },
      secondaryPhone: undefined,
      address1: '1 Main St',
      address2: undefined,
      zip: '84101',
      organization: 'A friend',
      storeNumber: '0202',
      rewardSubscriptionId: 3,
      password: 'correct horse',
      confirmPassword: 'correct horse',
      promoEmails: true,
      acceptTerms: true,
    });
  });

  it('gives every required-field message on an empty post, all at once', () => {
    expect(parse(registerSchema(allFlags), {}).errors).toEqual({
      firstName: ['First name is required.'],
      lastName: ['Last name is required.'],
      email: ['This field is required.'],
      phone: ['Please enter a valid phone number.'],
      address1: ['Address is required.'],
      zip: ['Zip code is required.'],
      storeNumber: ['Please choose your store.'],
      rewardSubscriptionId: ['This field is required.'],
      password: ['Password is required.'],
      confirmPassword: ['Please confirm your password.'],
      acceptTerms: ['You must accept the terms of use.'],
    });
  });

  it('field by field', () => {
    const errors = (patch: Record<string, string | undefined>) =>
      parse(registerSchema(allFlags), { ...registration, ...patch }).errors;
    expect(errors({ email: 'ann@example' })).toEqual({
      email: ['Please enter a valid email address.'],
    });
    expect(errors({ phone: '(801) 555-123' })).toEqual({
      phone: ['Please enter a valid phone number.'],
    });
    expect(errors({ secondaryPhone: '555-1234' })).toEqual({
      secondaryPhone: ['Please enter a valid phone number.'],
    });
    expect(errors({ confirmPassword: 'correct horses' })).toEqual({
      confirmPassword: ["Passwords don't match."],
    });
    expect(errors({ acceptTerms: undefined })).toEqual({
      acceptTerms: ['You must accept the terms of use.'],
    });
    expect(errors({ storeNumber: '0203' })).toEqual({
      storeNumber: ['Please choose your store.'],
    });
    expect(errors({ rewardSubscriptionId: '9' })).toEqual({
      rewardSubscriptionId: ['This field is required.'],
    });
    expect(errors({ zip: '8410' })).toEqual({ zip: ['Please enter a valid zip code.'] });
    expect(errors({ password: 'short', confirmPassword: 'short' })).toEqual({
      password: ['Password must be at least 8 characters.'],
    });
  });

  it('a mismatch shows although other fields are still empty', () => {
    expect(
      parse(registerSchema(plainFlags), { password: 'abcdefgh', confirmPassword: 'abcdefgi' })
        .errors.confirmPassword,
    ).toEqual(["Passwords don't match."]);
  });

  it('birth date: optional, minimum 1900-01-01, at most today, a real date', () => {
    const errors = (birthday: string) =>
      parse(registerSchema(plainFlags), { ...registration, birthday }).errors.birthday;
    expect(errors('')).toBeUndefined();
    expect(errors('01/01/1900')).toBeUndefined();
    expect(errors('12/31/1899')).toEqual(['Date must be later than 01/01/1900']);
    expect(errors('11/21/2026')).toBeUndefined();
    expect(errors('11/22/2026')).toEqual(['Date must be earlier than 11/21/2026']);
    expect(errors('02/29/2023')).toEqual(['Please enter a valid date.']);
    expect(errors('2024-02-29')).toBeUndefined();
    const later = registerSchema({ ...plainFlags, minBirthDate: '1920-01-01' });
    expect(parse(later, { ...registration, birthday: '1919-12-31' }).errors.birthday).toEqual([
      'Date must be later than 01/01/1920',
    ]);
  });

  it('birth date defaults to at most today', () => {
    const { maxBirthDate: _max, ...flags } = plainFlags;
    const future = new Date();
    future.setDate(future.getDate() + 2);
    const birthday = `${future.getMonth() + 1}/${future.getDate()}/${future.getFullYear()}`;
    expect(
      parse(registerSchema(flags), { ...registration, birthday }).errors.birthday?.[0],
    ).toMatch(/^Date must be earlier than /);
  });

  describe('brand flags', () => {
    it('addressHidden drops the address block (posted values ignored)', () => {
      const schema = registerSchema({ ...plainFlags, addressHidden: true });
      const result = parse(schema, { ...registration, address1: '', zip: 'junk' });
      expect(result.ok).toBe(true);
      expect(result.value).not.toHaveProperty('address1');
      expect(result.value).not.toHaveProperty('zip');
      expect(getZodConstraint(schema).zip).toBeUndefined();
    });

    it('zipOptional makes address and zip optional, a given zip still checked', () => {
      const schema = registerSchema({ ...plainFlags, zipOptional: true });
      expect(parse(schema, { ...registration, address1: '', zip: '' }).ok).toBe(true);
      expect(parse(schema, { ...registration, zip: 'abc' }).errors).toEqual({
        zip: ['Please enter a valid zip code.'],
      });
      expect(getZodConstraint(schema).zip?.required).toBe(false);
      expect(getZodConstraint(schema).address1?.required).toBe(false);
      expect(getZodConstraint(registerSchema(plainFlags)).zip?.required).toBe(true);
      expect(getZodConstraint(registerSchema(plainFlags)).address1?.required).toBe(true);
    });

    it('organizationQuestion adds an optional answer', () => {
      const asked = registerSchema({ ...plainFlags, organizationQuestion: true });
      expect(parse(asked, { ...registration, organization: '' }).ok).toBe(true);
      expect(parse(asked, registration).value).toHaveProperty('organization', 'A friend');
      expect(parse(registerSchema(plainFlags), registration).value).not.toHaveProperty(
        'organization',
      );
      expect(getZodConstraint(asked).organization?.required).toBe(false);
    });

    it('rewardChoice makes a reward mandatory only where shown', () => {
      const shown = registerSchema({ ...plainFlags, rewardChoice: true });
      expect(parse(shown, { ...registration, rewardSubscriptionId: undefined }).errors).toEqual({
        rewardSubscriptionId: ['This field is required.'],
      });
      expect(getZodConstraint(shown).rewardSubscriptionId?.required).toBe(true);
      const hidden = parse(registerSchema(plainFlags), registration);
      expect(hidden.ok).toBe(true);
      expect(hidden.value).not.toHaveProperty('rewardSubscriptionId');
    });

    it('storeRequired (more than one location) makes a store mandatory', () => {
      const many = registerSchema({ ...plainFlags, storeRequired: true });
      expect(parse(many, { ...registration, storeNumber: '' }).errors).toEqual({
        storeNumber: ['Please choose your store.'],
      });
      expect(parse(many, { ...registration, storeNumber: '17' }).value).toHaveProperty(
        'storeNumber',
        '0017',
      );
      const single = parse(registerSchema(plainFlags), { ...registration, storeNumber: '' });
      expect(single.ok).toBe(true);
      expect(single.value).not.toHaveProperty('storeNumber');
    });
  });
});

describe('account rows', () => {
  const account = accountSchema({ zipOptional: false, maxBirthDate: '2026-11-21' });

  it("fullName: 'First name is required.', 'Last name is required.'", () => {
    expect(parse(account, { intent: 'fullName', firstName: '', lastName: ' ' }).errors).toEqual({
      firstName: ['First name is required.'],
      lastName: ['Last name is required.'],
    });
    expect(parse(account, { intent: 'fullName', firstName: 'Ann', lastName: 'Lee' }).value).toEqual(
      {
        intent: 'fullName',
        firstName: 'Ann',
        lastName: 'Lee',
      },
    );
  });

  it("phone: 'Please enter a valid phone number.' unless 10 digits", () => {
    expect(parse(account, { intent: 'phone', phone: '' }).errors).toEqual({
      phone: ['Please enter a valid phone number.'],
    });
    expect(parse(account, { intent: 'phone', phone: '(801) 555-12' }).errors).toEqual({
      phone: ['Please enter a valid phone number.'],
    });
    expect(parse(account, { intent: 'phone', phone: '(801) 555-1234' }).value).toEqual({
      intent: 'phone',
      phone: { masked: '(801) 555-1234', digits: '8015551234' },
    });
  });

  it('secondaryPhone: same message, may be cleared', () => {
    expect(parse(account, { intent: 'secondaryPhone', secondaryPhone: '12345' }).errors).toEqual({
      secondaryPhone: ['Please enter a valid phone number.'],
    });
    expect(parse(account, { intent: 'secondaryPhone', secondaryPhone: '' }).value).toEqual({
      intent: 'secondaryPhone',
      secondaryPhone: undefined,
    });
  });

  it("email: 'Please enter a valid email address.', empty included", () => {
    expect(parse(account, { intent: 'email', email: '' }).errors).toEqual({
      email: ['Please enter a valid email address.'],
    });
    expect(parse(account, { intent: 'email', email: 'x@y' }).errors).toEqual({
      email: ['Please enter a valid email address.'],
    });
    expect(parse(account, { intent: 'email', email: 'x@y.co' }).ok).toBe(true);
  });

  it('password: "Please confirm your password." and "Passwords don\'t match" (no period)', () => {
    expect(parse(account, { intent: 'password' }).errors).toEqual({
      currentPassword: ['Password is required.'],
      newPassword: ['Password is required.'],
      confirmPassword: ['Please confirm your password.'],
    });
    expect(
      parse(account, {
        intent: 'password',
        currentPassword: 'old-password',
        newPassword: 'new-password',
        confirmPassword: 'new-passw0rd',
      }).errors,
    ).toEqual({ confirmPassword: ["Passwords don't match"] });
    expect(
      parse(account, {
        intent: 'password',
        currentPassword: 'old-password',
        newPassword: 'new-password',
        confirmPassword: 'new-password',
      }).ok,
    ).toBe(true);
  });

  it('password: no current password needed for a record that never had one', () => {
    const upgraded = accountSchema({ zipOptional: false, hasPassword: false });
    const values = {
      intent: 'password',
      newPassword: 'new-password',
      confirmPassword: 'new-password',
    };
    expect(parse(upgraded, values).value).toEqual({ ...values, currentPassword: undefined });
    // The row's own schema (used for the row form) refines the same way.
    expect(
      parse(accountPasswordSchema(), { ...values, currentPassword: 'x', confirmPassword: 'y' })
        .errors,
    ).toEqual({ confirmPassword: ["Passwords don't match"] });
  });

  it('birthday: minimum 1900-01-01, may be cleared', () => {
    expect(parse(account, { intent: 'birthday', birthday: '1899-12-31' }).errors).toEqual({
      birthday: ['Date must be later than 01/01/1900'],
    });
    expect(parse(account, { intent: 'birthday', birthday: '1900-01-01' }).ok).toBe(true);
    expect(parse(account, { intent: 'birthday', birthday: '' }).ok).toBe(true);
    expect(parse(account, { intent: 'birthday', birthday: '11/22/2026' }).errors).toEqual({
      birthday: ['Date must be earlier than 11/21/2026'],
    });
    expect(
      parse(accountBirthdaySchema(), { intent: 'birthday', birthday: '31/12/2000' }).errors,
    ).toEqual({
      birthday: ['Please enter a valid date.'],
    });
  });

  it("fullAddress: 'Zip code is required.' unless the brand's zip is optional", () => {
    expect(parse(account, { intent: 'fullAddress', address1: '1 Main', zip: '' }).errors).toEqual({
      zip: ['Zip code is required.'],
    });
    expect(
      parse(account, { intent: 'fullAddress', address1: '1 Main', zip: '84101-1234' }).value,
    ).toEqual({
      intent: 'fullAddress',
      address1: '1 Main',
      address2: undefined,
      zip: '84101-1234',
    });
    const optional = accountSchema({ zipOptional: true });
    expect(parse(optional, { intent: 'fullAddress', address1: '', zip: '' }).ok).toBe(true);
    expect(getZodConstraint(accountAddressSchema({ zipOptional: true })).zip?.required).toBe(false);
    expect(getZodConstraint(accountAddressSchema({ zipOptional: false })).zip?.required).toBe(true);
  });

  it('organization: free text, may be cleared', () => {
    expect(parse(account, { intent: 'organization', organization: ' Radio ' }).value).toEqual({
      intent: 'organization',
      organization: 'Radio',
    });
    expect(parse(account, { intent: 'organization', organization: '' }).ok).toBe(true);
  });

  it("storeNumber: 'Please choose your store.'", () => {
    expect(parse(account, { intent: 'storeNumber', storeNumber: '' }).errors).toEqual({
      storeNumber: ['Please choose your store.'],
    });
    const listed = accountSchema({ zipOptional: false, storeNumbers: ['0201'] });
    expect(parse(listed, { intent: 'storeNumber', storeNumber: '0202' }).errors).toEqual({
      storeNumber: ['Please choose your store.'],
    });
    expect(parse(listed, { intent: 'storeNumber', storeNumber: '201' }).value).toEqual({
      intent: 'storeNumber',
      storeNumber: '0201',
    });
  });

  it('rewardChoice: an offered reward id', () => {
    const schema = accountSchema({ zipOptional: false, rewardIds: [2, 3] });
    expect(parse(schema, { intent: 'rewardChoice', rewardSubscriptionId: '2' }).value).toEqual({
      intent: 'rewardChoice',
      rewardSubscriptionId: 2,
    });
    expect(parse(schema, { intent: 'rewardChoice' }).errors).toEqual({
      rewardSubscriptionId: ['This field is required.'],
    });
  });

  it('only the posted row is validated; an unknown or missing intent is the generic failure', () => {
    expect(parse(account, { intent: 'phone', phone: '8015551234', firstName: '' }).ok).toBe(true);
    expect(parse(account, { intent: 'hack' }).errors).toEqual({ intent: [GENERIC] });
    expect(parse(account, {}).errors).toEqual({ intent: [GENERIC] });
  });

  it('row schemas give each row form its own constraint', () => {
    expect(getZodConstraint(accountFullNameSchema).firstName?.required).toBe(true);
    expect(getZodConstraint(accountPhoneSchema).phone?.required).toBe(true);
    expect(getZodConstraint(accountSecondaryPhoneSchema).secondaryPhone?.required).toBe(false);
    expect(getZodConstraint(accountEmailSchema).email?.required).toBe(true);
    expect(getZodConstraint(accountStoreSchema()).storeNumber?.required).toBe(true);
    expect(
      getZodConstraint(accountPasswordSchema({ hasPassword: false })).currentPassword?.required,
    ).toBe(false);
  });
});

describe('termsSchema and dataPreferencesSchema', () => {
  it("terms: 'You must accept the terms of use.'", () => {
    expect(parse(termsSchema, {}).errors).toEqual({
      acceptTerms: ['You must accept the terms of use.'],
    });
    expect(parse(termsSchema, { acceptTerms: 'on' }).value).toEqual({ acceptTerms: true });
  });

  it('data preferences: a checkbox, unchecked meaning false', () => {
    expect(parse(dataPreferencesSchema, {}).value).toEqual({ optOutDataSharing: false });
    expect(parse(dataPreferencesSchema, { optOutDataSharing: 'on' }).value).toEqual({
      optOutDataSharing: true,
    });
  });
});

describe('replies', () => {
  it('a failed reply can leave the passwords out of what goes back to the page', () => {
    const submission = parseWithZod(
      formData({ email: 'ann@example.com', password: 'secret-password', confirmPassword: 'x' }),
      { schema: registerSchema(plainFlags) },
    );
    const reply = submission.reply({ hideFields: SECRET_FIELDS });
    expect(reply.status).toBe('error');
    expect(reply.initialValue).toEqual({ email: 'ann@example.com' });
    expect(JSON.stringify(reply)).not.toContain('secret-password');
  });

  it('form-level errors travel as formErrors', () => {
    const submission = parseWithZod(formData({ email: 'a@b.co', password: 'x' }), {
      schema: loginSchema,
    });
    const reply = submission.reply({ formErrors: ['Invalid email address or password.'] });
    expect(reply.status).toBe('error');
    expect(reply.error).toEqual({ '': ['Invalid email address or password.'] });
  });
});
