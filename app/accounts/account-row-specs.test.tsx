import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { formData } from '@test/forms';
import { renderServer, textOf } from '@test/render';
import { attr, tagWith, textById } from '~/lib/form-kit/demo-form.test-utils';
import { AccountRowForm } from './account-row-form';
import {
  ACCOUNT_ROW_SPECS,
  mainCardRows,
  type AccountRowSpec,
  type RowContext,
  type RowIntent,
} from './account-row-specs';
import { accountSchema, ACCOUNT_INTENTS, SECRET_FIELDS } from './schemas';
import type { AccountView } from './types';

/*
 * The account rows' table: every row's form as a shopper without JavaScript gets it (server
 * render), what it posts checked against the action's own schema, its errors after a refused
 * save, its Save rule and its read-only value.
 */

const account: AccountView = {
  firstName: 'Ann',
  lastName: 'Lee',
  phone: '(801) 555-1234',
  secondaryPhone: '',
  email: 'ann@example.com',
  birthday: '1980-02-03',
  address1: '12 Main St',
  address2: '',
  city: 'Ogden',
  state: 'UT',
  zip: '84401',
  organization: '',
  myStore: '0202',
  rewardSubscriptionId: '',
  hasPassword: true,
};

const context: RowContext = {
  account,
  today: '2026-11-28',
  zipOptional: false,
  stores: [
    { value: '0201', label: 'Main Street' },
    { value: '0202', label: 'Hill Road' },
  ],
};

/** The action's schema for this brand and shopper. */
const actionSchema = accountSchema({
  zipOptional: context.zipOptional,
  hasPassword: account.hasPassword,
  maxBirthDate: context.today,
  storeNumbers: context.stores.map((s) => s.value),
});

/** What each row's form posts when the shopper fills it in well. */
const GOOD: Record<RowIntent, Record<string, string>> = {
  fullName: { firstName: 'Ann', lastName: 'Lee-Smith' },
  phone: { phone: '(801) 555-9876' },
  secondaryPhone: { secondaryPhone: '' },
  email: { email: 'ann.lee@example.com' },
  password: {
    currentPassword: 'old-secret',
    newPassword: 'new-secret-1',
    confirmPassword: 'new-secret-1',
  },
  birthday: { birthday: '1981-03-04' },
  fullAddress: { address1: '14 Main St', address2: 'Apt 2', zip: '84401' },
  organization: { organization: 'A friend' },
  storeNumber: { storeNumber: '0201' },
};

/** The row's name in the list, then its fields' labels and autocomplete tokens. */
const WORDS: Record<RowIntent, [string, ...[string, string | undefined][]]> = {
  fullName: ['Name', ['First Name', 'given-name'], ['Last Name', 'family-name']],
  phone: ['Phone', ['Phone', 'tel-national']],
  secondaryPhone: ['Phone 2', ['Phone 2', 'tel-national']],
  email: ['Email', ['Email', 'email']],
  password: [
    'Password',
    ['Current Password', 'current-password'],
    ['New Password', 'new-password'],
    ['Confirm Password', 'new-password'],
  ],
  birthday: ['Birthdate', ['Birthdate', 'bday']],
  fullAddress: [
    'Address',
    ['Address', 'address-line1'],
    ['Apartment/Building', 'address-line2'],
    ['Zip Code', 'postal-code'],
  ],
  organization: ['How did you hear about us?', ['How did you hear about us?', undefined]],
  storeNumber: ['My Store', ['My Store', undefined]],
};

/** A refused post of each row, the field it fails on, and the message shown there. */
const BAD: Record<RowIntent, { values: Record<string, string>; field: string; message: string }> = {
  fullName: {
    values: { firstName: ' ', lastName: 'Lee' },
    field: 'firstName',
    message: 'First name is required.',
  },
  phone: {
    values: { phone: '801555' },
    field: 'phone',
    message: 'Please enter a valid phone number.',
  },
  secondaryPhone: {
    values: { secondaryPhone: '12' },
    field: 'secondaryPhone',
    message: 'Please enter a valid phone number.',
  },
  email: {
    values: { email: 'ann@' },
    field: 'email',
    message: 'Please enter a valid email address.',
  },
  password: {
    values: {
      currentPassword: 'old-secret',
      newPassword: 'new-secret-1',
      confirmPassword: 'new-secret-2',
    },
    field: 'confirmPassword',
    message: "Passwords don't match",
  },
  birthday: {
    values: { birthday: '1899-12-31' },
    field: 'birthday',
    message: 'Date must be later than 01/01/1900',
  },
  fullAddress: {
    values: { address1: '14 Main St', address2: '', zip: '' },
    field: 'zip',
    message: 'Zip code is required.',
  },
  organization: {
    values: { organization: 'x'.repeat(101) },
    field: 'organization',
    message: 'Please enter no more than 100 characters.',
  },
  storeNumber: {
    values: { storeNumber: '9999' },
    field: 'storeNumber',
    message: 'Please choose your store.',
  },
};

const specs = Object.values(ACCOUNT_ROW_SPECS) as AccountRowSpec[];

function render(spec: AccountRowSpec, lastResult?: ReturnType<typeof refused>, values = context) {
  return renderServer(
    <AccountRowForm
      spec={spec}
      context={values}
      lastResult={lastResult}
      pending={false}
      hydrated={false}
    />,
  );
}

/** The action's reply to a refused post of `row` (as formFailure builds it). */
function refused(row: RowIntent) {
  const submission = parseWithZod(formData({ intent: row, ...BAD[row].values }), {
    schema: actionSchema,
  });
  expect(submission.status).toBe('error');
  return submission.reply({ hideFields: [...SECRET_FIELDS] });
}

/** The names a form posts, hidden intent included, in page order. */
const postedNames = (html: string) =>
  [...html.matchAll(/<(?:input|select)\b[^>]*\sname="([^"]+)"/g)].map((m) => m[1]);

/** The text of the label for the control with this id (required star included). */
function labelText(html: string, id: string) {
  const label = new RegExp(`<label for="${id}"[^>]*>([\\s\\S]*?)</label>`).exec(html);
  return textOf(label?.[1] ?? '');
}

describe('the account row table', () => {
  it('has a row for every intent of the page but the reward card', () => {
    expect(Object.keys(ACCOUNT_ROW_SPECS).sort()).toEqual(
      Object.values(ACCOUNT_INTENTS)
        .filter((intent) => intent !== ACCOUNT_INTENTS.rewardChoice)
        .sort(),
    );
    for (const [key, spec] of Object.entries(ACCOUNT_ROW_SPECS)) expect(spec.row).toBe(key);
  });

  it("lists the main card's rows in the page's order, without the Home Store row", () => {
    const rows = [
      ACCOUNT_INTENTS.fullName,
      ACCOUNT_INTENTS.email,
      ACCOUNT_INTENTS.organization,
      ACCOUNT_INTENTS.storeNumber,
    ];
    expect(mainCardRows(rows).map((spec) => spec.row)).toEqual([
      'fullName',
      'email',
      'organization',
    ]);
  });

  describe.each(specs.map((spec) => [spec.row, spec] as const))('the %s row', (row, spec) => {
    it('renders its form: a post form named by the row, its intent, every field labelled', async () => {
      const html = await render(spec);
      const form = tagWith(html, 'form', `id="account-${row}"`);
      expect(attr(form, 'method')).toBe('post');
      expect(html).toContain(`<input type="hidden" name="intent" value="${row}"/>`);
      const [rowLabel, ...words] = WORDS[row];
      expect(spec.label).toBe(rowLabel);
      expect(spec.fields.map((field) => field.label)).toEqual(words.map(([label]) => label));
      for (const [i, field] of spec.fields.entries()) {
        const control = tagWith(
          html,
          field.kind === 'select' ? 'select' : 'input',
          `name="${field.name}"`,
        );
        expect(labelText(html, attr(control, 'id')!)).toMatch(
          new RegExp(`^${field.label.replace(/\?/g, '\\?')}( \\*)?$`),
        );
        expect(attr(control, 'aria-invalid')).toBeUndefined();
        expect(attr(control, 'autocomplete')).toBe(words[i][1]);
      }
      expect(textOf(html)).toMatch(/Save Cancel$/);
      expect(html).toMatch(/<a[^>]*href="\/account"[^>]*>Cancel<\/a>/);
      // A password is never put back into the page.
      if (spec.row === 'password') expect(html).not.toMatch(/type="password"[^>]*value=/);
    });

    it('posts its intent and exactly the fields the action reads for it', async () => {
      const html = await render(spec);
      expect(postedNames(html)).toEqual(['intent', ...Object.keys(GOOD[row])]);
      const submission = parseWithZod(formData({ intent: row, ...GOOD[row] }), {
        schema: actionSchema,
      });
      expect(submission.status).toBe('success');
      expect(submission.status === 'success' && submission.value.intent).toBe(row);
    });

    it("shows the action's errors in place, named by the field's aria-describedby", async () => {
      const { field, message } = BAD[row];
      const html = await render(spec, refused(row));
      const control = tagWith(
        html,
        spec.fields.find((f) => f.name === field)?.kind === 'select' ? 'select' : 'input',
        `name="${field}"`,
      );
      expect(attr(control, 'aria-invalid')).toBe('true');
      const described = attr(control, 'aria-describedby')!
        .split(' ')
        .map((id) => textById(html, id));
      expect(described).toContain(message);
      expect(html).not.toContain('new-secret');
    });
  });

  it('starts each form from the saved values', async () => {
    const name = await render(ACCOUNT_ROW_SPECS.fullName);
    expect(attr(tagWith(name, 'input', 'name="lastName"'), 'value')).toBe('Lee');
    const store = await render(ACCOUNT_ROW_SPECS.storeNumber);
    expect(store).toMatch(/<option value="0202" selected="">Hill Road<\/option>/);
    const birthday = tagWith(await render(ACCOUNT_ROW_SPECS.birthday), 'input', 'name="birthday"');
    expect([attr(birthday, 'value'), attr(birthday, 'min'), attr(birthday, 'max')]).toEqual([
      '1980-02-03',
      '1900-01-01',
      '2026-11-28',
    ]);
  });

  it('asks for the current password only when the shopper has one', async () => {
    const current = (html: string) => tagWith(html, 'input', 'name="currentPassword"');
    expect(current(await render(ACCOUNT_ROW_SPECS.password))).toMatch(/\srequired=""/);
    const without = await render(ACCOUNT_ROW_SPECS.password, undefined, {
      ...context,
      account: { ...account, hasPassword: false },
    });
    expect(current(without)).not.toMatch(/\srequired=""/);
  });

  it("keeps each row's Save rule", () => {
    const save = (row: RowIntent, values: Record<string, string>, over: Partial<RowContext> = {}) =>
      ACCOUNT_ROW_SPECS[row].canSave?.((name) => values[name] ?? '', { ...context, ...over }) ??
      true;
    expect(save('fullName', { firstName: 'Ann', lastName: 'Lee' })).toBe(true);
    expect(save('fullName', { firstName: 'Ann', lastName: ' ' })).toBe(false);
    expect(save('phone', { phone: '(801) 555-1234' })).toBe(true);
    expect(save('phone', { phone: '(801) 555-123' })).toBe(false);
    expect(save('secondaryPhone', { secondaryPhone: '' })).toBe(true);
    expect(save('email', { email: ' ann@example.com ' })).toBe(true);
    expect(save('email', { email: 'ann@example' })).toBe(false);
    expect(save('password', { newPassword: 'abc', confirmPassword: 'abc' })).toBe(true);
    expect(save('password', { newPassword: 'abc', confirmPassword: 'abd' })).toBe(false);
    expect(save('password', { newPassword: '', confirmPassword: '' })).toBe(false);
    expect(save('fullAddress', { zip: '' })).toBe(false);
    expect(save('fullAddress', { zip: '' }, { zipOptional: true })).toBe(true);
    expect(save('birthday', {})).toBe(true);
    expect(save('organization', {})).toBe(true);
    expect(save('storeNumber', {})).toBe(true);
  });

  it('shows each saved value, and what is missing', async () => {
    const shown = async (row: RowIntent, values = context) =>
      textOf(await renderServer(<>{ACCOUNT_ROW_SPECS[row].value(values)}</>));
    expect(await shown('fullName')).toBe('Ann Lee');
    expect(await shown('secondaryPhone')).toBe('Not provided');
    expect(await shown('password')).toBe('•••••••• Hidden');
    expect(await shown('birthday')).toBe('02/03/1980');
    expect(await shown('fullAddress')).toBe('12 Main St Ogden, UT 84401');
    expect(await shown('storeNumber')).toBe('Hill Road');
    const empty = {
      ...context,
      account: {
        ...account,
        firstName: '',
        lastName: '',
        birthday: '',
        myStore: '',
        hasPassword: false,
      },
    };
    expect(await shown('fullName', empty)).toBe('Not provided');
    expect(await shown('password', empty)).toBe('Not set');
    expect(await shown('birthday', empty)).toBe('Not provided');
    expect(await shown('storeNumber', empty)).toBe('Not provided');
  });
});
