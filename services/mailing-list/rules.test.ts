import { describe, expect, it } from 'vitest';
import {
  AGE_RANGES,
  CALLBACK_NAME,
  LIST_NAME,
  MESSAGES,
  checkSubscription,
  listKind,
  parseQuery,
} from './rules';

const base = { EMAIL: 'ava@example.com', MMERGE3: 'LINS' };

describe('listKind', () => {
  it('reads the variant from the last dash-separated word', () => {
    expect(listKind('lins')).toBe('standard');
    expect(listKind('lins-ace')).toBe('ace');
    expect(listKind('lins-pharmacy')).toBe('pharmacy');
    expect(listKind('dicks-fresh-market-pharmacy')).toBe('pharmacy');
    expect(listKind('pharmacy')).toBe('pharmacy');
    expect(listKind('acebrand')).toBe('standard');
    expect(listKind('lins-pharmacy-news')).toBe('standard');
  });
});

describe('names', () => {
  it('accepts list names of 1 to 64 lowercase letters, digits and dashes only', () => {
    for (const ok of ['a', 'lins', 'lins-ace', '0-9', 'x'.repeat(64)]) {
      expect(LIST_NAME.test(ok)).toBe(true);
    }
    for (const bad of ['', 'Lins', 'lins_ace', 'lins ace', 'x'.repeat(65), 'a/b', 'é']) {
      expect(LIST_NAME.test(bad)).toBe(false);
    }
  });

  it('accepts dotted JavaScript names as callbacks, nothing that could carry script', () => {
    for (const ok of ['cb', '_jsonp_123', '$x', 'window.jsonp.cb1', 'a'.repeat(64)]) {
      expect(CALLBACK_NAME.test(ok)).toBe(true);
    }
    for (const bad of [
      '',
      '1cb',
      'alert(1)',
      'cb;alert(1)',
      'cb//',
      '</script>',
      'a b',
      'cb\n',
      'a'.repeat(65),
      'x[0]',
    ]) {
      expect(CALLBACK_NAME.test(bad)).toBe(false);
    }
  });
});

describe('parseQuery', () => {
  it('decodes names and values, + as a space, the first of a repeated name winning', () => {
    expect(parseQuery('?EMAIL=a%40b.co&FNAME=Ava+Mae&FNAME=Other&flag&=x')).toEqual({
      EMAIL: 'a@b.co',
      FNAME: 'Ava Mae',
      flag: '',
      '': 'x',
    });
  });

  it('is null for malformed percent-encoding or invalid UTF-8', () => {
    for (const bad of ['EMAIL=%ZZ', 'EMAIL=%', 'E%2=1', 'x=%C3%28', 'x=%ED%A0%80']) {
      expect(parseQuery(bad)).toBeNull();
    }
  });

  it('does not let a field named __proto__ reach the prototype', () => {
    const fields = parseQuery('__proto__=x&constructor=y');
    expect(fields).toEqual({ ['__proto__']: 'x', constructor: 'y' });
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
  });
});

describe('checkSubscription', () => {
  it('keeps the fields, trimmed, with the address lowercased', () => {
    expect(
      checkSubscription('lins', {
        EMAIL: '  Ava.Thompson@Example.COM ',
        FNAME: ' Ava ',
        LNAME: 'Thompson',
        PHONE: '(435) 555-0101',
        MMERGE3: 'Lins Cedar City',
      }),
    ).toEqual({
      ok: true,
      subscription: {
        email: 'ava.thompson@example.com',
        firstName: 'Ava',
        lastName: 'Thompson',
        phone: '(435) 555-0101',
        store: 'Lins Cedar City',
        ageRange: '',
        agreed: false,
      },
    });
  });

  it("refuses a missing or invalid address with 'Please enter a valid email address.'", () => {
    for (const EMAIL of [
      undefined,
      '',
      'ava',
      'ava@',
      'ava@example',
      '@example.com',
      'a b@example.com',
      'ava@exa mple.com',
      'ava@example..com',
      `${'a'.repeat(250)}@b.co`,
      'a\u0000@b.co',
      'a@b.co\u0001',
    ]) {
      const query: Record<string, string> = { MMERGE3: 'LINS' };
      if (EMAIL !== undefined) query.EMAIL = EMAIL;
      expect(checkSubscription('lins', query)).toEqual({ ok: false, msg: MESSAGES.email });
    }
  });

  it('requires the store (MMERGE3) on the standard and Ace lists', () => {
    for (const list of ['lins', 'lins-ace']) {
      for (const MMERGE3 of [undefined, '', '   ', 'SELECT STORE']) {
        const query: Record<string, string> = { EMAIL: 'ava@example.com' };
        if (MMERGE3 !== undefined) query.MMERGE3 = MMERGE3;
        expect(checkSubscription(list, query)).toEqual({
          ok: false,
          msg: 'MMERGE3: This field is required.',
        });
      }
    }
  });

  it('takes the Ace phone from MMERGE5', () => {
    const checked = checkSubscription('lins-ace', { ...base, MMERGE5: '435-555-0101' });
    expect(checked.ok && checked.subscription.phone).toBe('435-555-0101');
  });

  it('requires the store and one of the age ranges on the pharmacy list', () => {
    expect(checkSubscription('lins-pharmacy', { EMAIL: 'a@b.co', AGE: 'Over 75' })).toEqual({
      ok: false,
      msg: 'MMERGE3: This field is required.',
    });
    expect(checkSubscription('lins-pharmacy', base)).toEqual({
      ok: false,
      msg: 'AGE: This field is required.',
    });
    for (const AGE of ['SELECT', '40', 'over 75', '75+']) {
      expect(checkSubscription('lins-pharmacy', { ...base, AGE })).toEqual({
        ok: false,
        msg: `AGE: ${MESSAGES.ageRange}`,
      });
    }
    for (const AGE of AGE_RANGES) {
      const checked = checkSubscription('lins-pharmacy', { ...base, AGE });
      expect(checked.ok && checked.subscription.ageRange).toBe(AGE);
    }
    expect(AGE_RANGES).toEqual([
      'Over 75',
      '70-75',
      '65-70',
      '60-65',
      '55-60',
      '50-55',
      'Under 50',
    ]);
  });

  it('reads the optional agreement: absent or an unchecked value is false', () => {
    const agreed = (AGREE?: string) => {
      const query: Record<string, string> = { ...base, AGE: '70-75' };
      if (AGREE !== undefined) query.AGREE = AGREE;
      const checked = checkSubscription('lins-pharmacy', query);
      return checked.ok ? checked.subscription.agreed : 'refused';
    };
    expect(agreed()).toBe(false);
    for (const no of ['', '0', 'false', 'off', 'No']) expect(agreed(no)).toBe(false);
    for (const yes of ['1', 'on', 'true', 'Y', 'agree']) expect(agreed(yes)).toBe(true);
    // Other lists ignore the pharmacy's fields.
    const standard = checkSubscription('lins', { ...base, AGE: 'x', AGREE: '1' });
    expect(standard.ok && standard.subscription).toMatchObject({ ageRange: '', agreed: false });
  });

  it('bounds names at 100, phones at 30 and any field at 200 characters', () => {
    expect(checkSubscription('lins', { ...base, FNAME: 'a'.repeat(100) }).ok).toBe(true);
    expect(checkSubscription('lins', { ...base, FNAME: 'a'.repeat(101) })).toEqual({
      ok: false,
      msg: 'FNAME: must be at most 100 characters.',
    });
    expect(checkSubscription('lins', { ...base, LNAME: 'a'.repeat(101) })).toEqual({
      ok: false,
      msg: 'LNAME: must be at most 100 characters.',
    });
    expect(checkSubscription('lins', { ...base, PHONE: '1'.repeat(31) })).toEqual({
      ok: false,
      msg: 'PHONE: Please enter a valid phone number.',
    });
    expect(checkSubscription('lins', { ...base, MMERGE3: 'S'.repeat(201) })).toEqual({
      ok: false,
      msg: 'MMERGE3: must be at most 200 characters.',
    });
    expect(checkSubscription('lins', { ...base, anything: 'x'.repeat(201) }).ok).toBe(false);
    // The address is bounded at 254, as the site's forms bound it.
    const long = `${'a'.repeat(240)}@example.com`;
    expect(checkSubscription('lins', { ...base, EMAIL: long }).ok).toBe(true);
  });

  it('accepts the usual phone formats and refuses letters or markup', () => {
    for (const PHONE of [
      '',
      '4355550101',
      '(435) 555-0101',
      '+1 435.555.0101',
      '435-555-0101 x12',
    ]) {
      expect(checkSubscription('lins', { ...base, PHONE }).ok).toBe(true);
    }
    for (const PHONE of ['call me', '<b>1</b>', '435;555']) {
      expect(checkSubscription('lins', { ...base, PHONE })).toEqual({
        ok: false,
        msg: 'PHONE: Please enter a valid phone number.',
      });
    }
  });

  it('refuses control characters (NUL included) in any field', () => {
    expect(checkSubscription('lins', { ...base, FNAME: 'A\u0000va' })).toEqual({
      ok: false,
      msg: 'FNAME: Control characters are not allowed.',
    });
    expect(checkSubscription('lins', { ...base, MMERGE3: 'LINS\n' }).ok).toBe(false);
  });
});
