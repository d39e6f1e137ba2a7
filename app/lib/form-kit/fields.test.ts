import { getZodConstraint } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { z, type ZodTypeAny } from 'zod';
import {
  checkboxField,
  choiceField,
  confirmPasswordField,
  dateField,
  daysInMonth,
  emailField,
  formatDateUS,
  isLeapYear,
  isoDate,
  MESSAGES,
  multiChoiceField,
  mustBeChecked,
  optionalText,
  parseDateInput,
  passwordField,
  passwordsMatch,
  phoneField,
  requiredText,
  rewardChoiceField,
  storeField,
  zipField,
} from './fields';
import { parse } from '@test/forms';

/** One field named `f` in a form, parsed from what the browser would post (undefined: nothing). */
function one(field: ZodTypeAny, value?: string | string[]) {
  const result = parse(z.object({ f: field }), { f: value });
  return {
    ok: result.ok,
    value: result.ok ? (result.value as { f: unknown }).f : undefined,
    errors: result.errors.f,
  };
}

describe('requiredText / optionalText', () => {
  it("says 'This field is required.' for a missing, empty or blank value", () => {
    for (const value of [undefined, '', '   ']) {
      expect(one(requiredText(), value).errors).toEqual(['This field is required.']);
    }
  });

  it("takes the form's own message", () => {
    expect(one(requiredText('First name is required.'), '').errors).toEqual([
      'First name is required.',
    ]);
  });

  it('trims and limits the length', () => {
    expect(one(requiredText(), '  Ann  ').value).toBe('Ann');
    expect(one(requiredText(undefined, { max: 3 }), 'Anna').errors).toEqual([
      'Please enter no more than 3 characters.',
    ]);
  });

  it('optional text is undefined when empty or blank', () => {
    expect(one(optionalText(), '').value).toBeUndefined();
    expect(one(optionalText(), '  ').ok).toBe(true);
    expect(one(optionalText(), ' x ').value).toBe('x');
  });
});

describe('emailField', () => {
  it("says 'Please enter a valid email address.' for anything but local@dotted.domain", () => {
    for (const value of [
      'ann',
      'ann@',
      '@example.com',
      'ann@example',
      'ann @example.com',
      'ann@example..com',
      'ann@.example.com',
      'a@b@c.com',
    ]) {
      expect(one(emailField(), value).errors, value).toEqual([
        'Please enter a valid email address.',
      ]);
    }
  });

  it('accepts a simple address, trimmed', () => {
    expect(one(emailField(), ' ann.lee+x@mail.example.co ').value).toBe(
      'ann.lee+x@mail.example.co',
    );
  });

  it('allows empty unless required', () => {
    expect(one(emailField(), '').ok).toBe(true);
    expect(one(emailField(), '').value).toBeUndefined();
    expect(one(emailField({ required: true }), '').errors).toEqual(['This field is required.']);
    expect(
      one(emailField({ required: 'Please enter your email address.' }), undefined).errors,
    ).toEqual(['Please enter your email address.']);
  });

  it('refuses an address longer than 254 characters', () => {
    const long = `${'a'.repeat(250)}@example.com`;
    expect(one(emailField(), long).errors).toEqual(['Please enter a valid email address.']);
  });
});

describe('phoneField', () => {
  const valid = { masked: '(801) 555-1234', digits: '8015551234' };

  it('normalises digits or masked input to the 14-character mask and exposes the digits', () => {
    for (const value of [
      '8015551234',
      '(801) 555-1234',
      '801-555-1234',
      '801.555.1234',
      ' 801 555 1234 ',
      '+1 (801) 555-1234',
      '18015551234',
    ]) {
      expect(one(phoneField(), value).value, value).toEqual(valid);
    }
    expect(valid.masked).toHaveLength(14);
  });

  it("says 'Please enter a valid phone number.' for too few or too many digits, or letters", () => {
    for (const value of [
      '801555123',
      '(801) 555-123',
      '28015551234',
      '801555123456',
      '801-555-CALL',
      '801/555/1234',
    ]) {
      expect(one(phoneField(), value).errors, value).toEqual([
        'Please enter a valid phone number.',
      ]);
    }
  });

  it('allows empty unless required; required takes a message', () => {
    expect(one(phoneField(), '').value).toBeUndefined();
    expect(one(phoneField({ required: true }), '').errors).toEqual(['This field is required.']);
    expect(one(phoneField({ required: MESSAGES.phone }), '').errors).toEqual([
      'Please enter a valid phone number.',
    ]);
  });
});

describe('zipField', () => {
  it("says 'Zip code is required.' when empty, unless optional", () => {
    expect(one(zipField(), '').errors).toEqual(['Zip code is required.']);
    expect(one(zipField(), undefined).errors).toEqual(['Zip code is required.']);
    expect(one(zipField({ optional: true }), '').ok).toBe(true);
    expect(one(zipField({ optional: true }), '').value).toBeUndefined();
  });

  it('takes 5 digits or ZIP+4 (normalised with a hyphen)', () => {
    expect(one(zipField(), ' 84101 ').value).toBe('84101');
    expect(one(zipField(), '84101-1234').value).toBe('84101-1234');
    expect(one(zipField(), '841011234').value).toBe('84101-1234');
  });

  it('refuses anything else, optional or not', () => {
    for (const value of ['8410', '841012', '84101-123', 'ABCDE', '84101 1234']) {
      expect(one(zipField(), value).errors, value).toEqual(['Please enter a valid zip code.']);
      expect(one(zipField({ optional: true }), value).errors).toEqual([
        'Please enter a valid zip code.',
      ]);
    }
  });
});

describe('dates', () => {
  it('knows leap years and month lengths', () => {
    expect([2024, 2000, 1996].map(isLeapYear)).toEqual([true, true, true]);
    expect([2023, 1900, 2100].map(isLeapYear)).toEqual([false, false, false]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(2023, 4)).toBe(30);
    expect(daysInMonth(2023, 13)).toBe(0);
  });

  it('parses the mask mm/dd/yyyy and the date-picker format YYYY-MM-DD', () => {
    expect(parseDateInput('02/29/2024')).toBe('2024-02-29');
    expect(parseDateInput('2/9/2024')).toBe('2024-02-09');
    expect(parseDateInput('2024-02-29')).toBe('2024-02-29');
    expect(parseDateInput(' 12/31/1999 ')).toBe('1999-12-31');
    for (const bad of [
      '02/29/2023',
      '02/29/1900',
      '13/01/2000',
      '00/10/2000',
      '04/31/2000',
      '01/00/2000',
      '2023-02-29',
      '2000-13-01',
      '2000-1-1',
      '1/1/00',
      'yesterday',
      '01-02-2000',
    ]) {
      expect(parseDateInput(bad), bad).toBeNull();
    }
    expect(formatDateUS('1900-01-01')).toBe('01/01/1900');
    expect(isoDate(new Date(2000, 11, 31, 23, 59))).toBe('2000-12-31');
  });

  it("dateField: 'This field is required.' and 'Please enter a valid date.'", () => {
    expect(one(dateField({ required: true }), '').errors).toEqual(['This field is required.']);
    expect(one(dateField(), '').ok).toBe(true);
    expect(one(dateField(), '').value).toBeUndefined();
    expect(one(dateField(), '02/29/2023').errors).toEqual(['Please enter a valid date.']);
    expect(one(dateField(), '13/01/2020').errors).toEqual(['Please enter a valid date.']);
    expect(one(dateField(), '02/29/2024').value).toBe('2024-02-29');
    expect(one(dateField(), '2000-02-29').value).toBe('2000-02-29');
  });

  it('min is inclusive: the day itself passes, the day before gets the message', () => {
    const field = dateField({ min: '1900-01-01' });
    expect(one(field, '01/01/1900').value).toBe('1900-01-01');
    expect(one(field, '12/31/1899').errors).toEqual(['Date must be later than 01/01/1900']);
  });

  it('max counts through the end of that day', () => {
    const field = dateField({ max: '2000-12-31' });
    expect(one(field, '12/31/2000').value).toBe('2000-12-31');
    expect(one(field, '01/01/2001').errors).toEqual(['Date must be earlier than 12/31/2000']);
    // A moment late in the day still allows that whole day.
    const late = dateField({ max: new Date(2000, 11, 31, 0, 0, 1) });
    expect(one(late, '2000-12-31').ok).toBe(true);
    expect(one(late, '2001-01-01').ok).toBe(false);
  });

  it('refuses a malformed bound', () => {
    expect(() => dateField({ min: 'soon' })).toThrow(/Invalid date bound/);
  });
});

describe('passwords', () => {
  it("'Password is required.' by default, never trimmed", () => {
    expect(one(passwordField(), '').errors).toEqual(['Password is required.']);
    expect(one(passwordField(), undefined).errors).toEqual(['Password is required.']);
    expect(one(passwordField(), '  secret  ').value).toBe('  secret  ');
  });

  it('a minimum length for new passwords', () => {
    expect(one(passwordField(undefined, { minLength: 8 }), 'short').errors).toEqual([
      'Password must be at least 8 characters.',
    ]);
    expect(one(passwordField(undefined, { minLength: 8 }), 'long enough').ok).toBe(true);
  });

  it("'Please confirm your password.' and a mismatch on the confirmation", () => {
    expect(one(confirmPasswordField(), '').errors).toEqual(['Please confirm your password.']);
    const schema = z
      .object({ password: passwordField(), confirmPassword: confirmPasswordField() })
      .superRefine(passwordsMatch('password', 'confirmPassword'));
    expect(parse(schema, { password: 'abcdefgh', confirmPassword: 'abcdefgx' }).errors).toEqual({
      confirmPassword: ["Passwords don't match."],
    });
    expect(parse(schema, { password: 'abcdefgh', confirmPassword: 'abcdefgh' }).ok).toBe(true);
    // An empty confirmation gets only its own message.
    expect(parse(schema, { password: 'abcdefgh', confirmPassword: '' }).errors).toEqual({
      confirmPassword: ['Please confirm your password.'],
    });
  });
});

describe('checkboxes and choices', () => {
  it("mustBeChecked: 'You must accept the terms of use.' unless posted", () => {
    expect(one(mustBeChecked(), undefined).errors).toEqual(['You must accept the terms of use.']);
    expect(one(mustBeChecked(), 'false').errors).toEqual(['You must accept the terms of use.']);
    expect(one(mustBeChecked(), 'on').value).toBe(true);
  });

  it('checkboxField: false when not posted, true when posted; never required', () => {
    expect(one(checkboxField(), undefined).value).toBe(false);
    expect(one(checkboxField(), 'on').value).toBe(true);
    expect(getZodConstraint(z.object({ f: checkboxField() })).f?.required).toBe(false);
    expect(getZodConstraint(z.object({ f: mustBeChecked() })).f?.required).toBe(true);
  });

  it("choiceField: 'This field is required.' when nothing or an unknown value is chosen", () => {
    const field = choiceField(['a', 'b']);
    expect(one(field, undefined).errors).toEqual(['This field is required.']);
    expect(one(field, 'c').errors).toEqual(['This field is required.']);
    expect(one(field, 'b').value).toBe('b');
  });

  it('multiChoiceField needs at least one value', () => {
    const field = multiChoiceField(['a', 'b', 'c']);
    expect(one(field, undefined).errors).toEqual(['This field is required.']);
    expect(one(field, ['a', 'c', 'a']).value).toEqual(['a', 'c']);
    expect(one(field, ['a', 'x']).errors).toEqual(['This field is required.']);
  });

  it("storeField: 'Please choose your store.', 4-digit store numbers", () => {
    expect(one(storeField(), '').errors).toEqual(['Please choose your store.']);
    expect(one(storeField(), '0').errors).toEqual(['Please choose your store.']);
    expect(one(storeField(), 'abc').errors).toEqual(['Please choose your store.']);
    expect(one(storeField(), '201').value).toBe('0201');
    const listed = storeField({ storeNumbers: ['0201', '0202'] });
    expect(one(listed, '0202').value).toBe('0202');
    expect(one(listed, '0203').errors).toEqual(['Please choose your store.']);
  });

  it('rewardChoiceField: a numeric id among the offered ones', () => {
    expect(one(rewardChoiceField(), undefined).errors).toEqual(['This field is required.']);
    expect(one(rewardChoiceField(), 'x').errors).toEqual(['This field is required.']);
    expect(one(rewardChoiceField({ ids: [2, 3] }), '3').value).toBe(3);
    expect(one(rewardChoiceField({ ids: ['2'] }), '3').errors).toEqual(['This field is required.']);
  });
});

describe('constraints and shapes', () => {
  it('required fields are marked required, optional ones not', () => {
    const constraint = getZodConstraint(
      z.object({
        a: requiredText(),
        b: optionalText(),
        c: emailField(),
        d: emailField({ required: true }),
        e: zipField({ optional: true }),
        f: dateField({ required: true }),
      }),
    );
    expect(
      Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f'].map((k) => [k, constraint[k]?.required])),
    ).toEqual({ a: true, b: false, c: false, d: true, e: false, f: true });
  });

  it('the fields also take plain objects with empty strings (no conform coercion)', () => {
    const schema = z.object({ a: optionalText(), b: emailField(), c: checkboxField() });
    expect(schema.parse({ a: '', b: '', c: '' })).toEqual({ a: undefined, b: undefined, c: false });
  });

  it('a file or a repeated name is no text', () => {
    expect(one(requiredText(), ['a', 'b']).errors).toEqual(['This field is required.']);
  });
});
