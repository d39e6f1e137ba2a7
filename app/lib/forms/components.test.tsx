import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CheckboxField,
  Field,
  FormAlert,
  isSubmitting,
  PasswordField,
  RadioGroupField,
  SelectField,
  SubmitButton,
} from './components';
import {
  emailField,
  mustBeChecked,
  passwordField,
  phoneField,
  storeField,
  choiceField,
} from './fields';
import { formData } from '@test/forms';
import { cssPx, firstErrorTarget } from './scroll-to-error';

const schema = z.object({
  email: emailField({ required: true }),
  phone: phoneField(),
  password: passwordField(),
  storeNumber: storeField(),
  reward: choiceField(['2', '3']),
  acceptTerms: mustBeChecked(),
});

function Demo({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    id: 'demo',
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData: data }) => parseWithZod(data, { schema }),
  });
  return (
    <form method="post" {...getFormProps(form)}>
      <FormAlert id={form.errorId} errors={form.errors} />
      <Field
        meta={fields.email}
        label="Email"
        type="email"
        hint="Your email address is your username."
        inputProps={{ autoComplete: 'email' }}
      />
      <Field meta={fields.phone} label="Phone 2" type="tel" />
      <PasswordField meta={fields.password} label="Password" />
      <SelectField
        meta={fields.storeNumber}
        label="My Store"
        placeholder="Select a store"
        options={[
          { value: '0201', label: 'Main Street' },
          { value: '0202', label: 'Hill Road' },
        ]}
      />
      <RadioGroupField
        meta={fields.reward}
        legend="Choose your Rewards"
        options={[
          { value: '2', label: 'Fuel Rewards' },
          { value: '3', label: 'Grocery Rewards' },
        ]}
      />
      <CheckboxField meta={fields.acceptTerms} label="I agree to the terms" />
      <SubmitButton>Create Account</SubmitButton>
    </form>
  );
}

function render(lastResult?: SubmissionResult<string[]>) {
  return renderToString(
    <ChakraProvider value={defaultSystem}>
      <Demo lastResult={lastResult} />
    </ChakraProvider>,
  ).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
}

/** The first `<tag ...>` whose attributes contain `marker`. */
function tagWith(html: string, tag: string, marker: string): string {
  const found = html.match(new RegExp(`<${tag}\\b[^>]*${marker}[^>]*>`));
  if (!found) throw new Error(`no <${tag}> with ${marker}`);
  return found[0];
}

function attr(tag: string, name: string): string | undefined {
  return tag.match(new RegExp(`\\s${name}="([^"]*)"`, 'i'))?.[1];
}

/** Text inside the element with this id. */
function textById(html: string, id: string): string {
  const found = html.match(new RegExp(`<(\\w+)[^>]*\\sid="${id}"[^>]*>([\\s\\S]*?)</\\1>`));
  return (found?.[2] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const failed = () =>
  parseWithZod(formData({ email: 'ann@', phone: '801555', password: 'secret', storeNumber: '' }), {
    schema,
  }).reply({ formErrors: ['Invalid email address or password.'], hideFields: ['password'] });

describe('Field (server render)', () => {
  it('labels the input (for/id), marks it required, describes it with its hint', () => {
    const html = render();
    const input = tagWith(html, 'input', 'name="email"');
    const id = attr(input, 'id')!;
    expect(id).toBeTruthy();
    expect(tagWith(html, 'label', `for="${id}"`)).toBeTruthy();
    expect(attr(input, 'type')).toBe('email');
    expect(input).toMatch(/\srequired=""/);
    expect(attr(input, 'autocomplete')).toBe('email');
    expect(attr(input, 'aria-invalid')).toBeUndefined();
    const describedBy = attr(input, 'aria-describedby')!.split(' ');
    expect(describedBy).toHaveLength(1);
    expect(textById(html, describedBy[0])).toBe('Your email address is your username.');
    // The star is decoration; the required attribute is what assistive technology reads.
    expect(html).toMatch(/Email<span aria-hidden="true"[^>]*>\*<\/span><\/label>/);
  });

  it('with an error: aria-invalid, aria-describedby naming the hint and the error list', () => {
    const html = render(failed());
    const input = tagWith(html, 'input', 'name="email"');
    expect(attr(input, 'aria-invalid')).toBe('true');
    expect(attr(input, 'value')).toBe('ann@');
    const ids = attr(input, 'aria-describedby')!.split(' ');
    expect(ids).toHaveLength(2);
    const texts = ids.map((id) => textById(html, id));
    expect(texts).toContain('Your email address is your username.');
    expect(texts).toContain('Please enter a valid email address.');
    const label = tagWith(html, 'label', `for="${attr(input, 'id')}"`);
    expect(label).toBeTruthy();
  });

  it('errors of other controls and the form alert', () => {
    const html = render(failed());
    const phone = tagWith(html, 'input', 'name="phone"');
    expect(attr(phone, 'type')).toBe('tel');
    expect(attr(phone, 'aria-invalid')).toBe('true');
    expect(phone).not.toMatch(/\srequired=""/);
    expect(textById(html, attr(phone, 'aria-describedby')!)).toBe(
      'Please enter a valid phone number.',
    );
    const select = tagWith(html, 'select', 'name="storeNumber"');
    expect(attr(select, 'aria-invalid')).toBe('true');
    expect(textById(html, attr(select, 'aria-describedby')!)).toBe('Please choose your store.');
    const terms = tagWith(html, 'input', 'name="acceptTerms"');
    expect(attr(terms, 'type')).toBe('checkbox');
    expect(textById(html, attr(terms, 'aria-describedby')!)).toBe(
      'You must accept the terms of use.',
    );
    const alert = tagWith(html, 'div', 'role="alert"');
    expect(textById(html, attr(alert, 'id')!)).toBe('Invalid email address or password.');
    // The form names its alert.
    expect(attr(tagWith(html, 'form', 'id="demo"'), 'aria-describedby')).toBe(attr(alert, 'id'));
  });

  it('a phone default of bare digits is shown masked', () => {
    const html = render(parseWithZod(formData({ phone: '8015551234' }), { schema }).reply());
    expect(attr(tagWith(html, 'input', 'name="phone"'), 'value')).toBe('(801) 555-1234');
  });
});

describe('other controls (server render, as without JavaScript)', () => {
  it('PasswordField: a plain password input, no toggle, never a value', () => {
    const html = render(failed());
    const input = tagWith(html, 'input', 'name="password"');
    expect(attr(input, 'type')).toBe('password');
    expect(attr(input, 'value')).toBeUndefined();
    expect(html).not.toContain('aria-pressed');
    expect(html).not.toContain('secret');
  });

  it('RadioGroupField: a fieldset with its legend, radios labelled', () => {
    const html = render(failed());
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>Choose your Rewards/);
    const radio = tagWith(html, 'input', 'value="2"');
    expect(attr(radio, 'type')).toBe('radio');
    expect(attr(radio, 'name')).toBe('reward');
    expect(html).toContain(`for="${attr(radio, 'id')}"`);
    expect(textById(html, attr(radio, 'aria-describedby')!)).toBe('This field is required.');
  });

  it('SelectField: native select with its empty placeholder option', () => {
    const html = render();
    expect(html).toMatch(/<option value="">Select a store<\/option>/);
    expect(html).toMatch(/<option value="0202">Hill Road<\/option>/);
  });

  it('SubmitButton: a submit button, disabled with a spinner while pending', () => {
    const idle = renderToString(<SubmitButton>Log In</SubmitButton>);
    expect(idle).toMatch(/^<button type="submit"/);
    expect(idle).not.toContain('disabled');
    const pending = renderToString(
      <SubmitButton pending pendingLabel="Logging in…">
        Log In
      </SubmitButton>,
    );
    expect(pending).toContain('disabled=""');
    expect(pending).toContain('aria-busy="true"');
    expect(pending).toContain('Logging in…');
    expect(pending).not.toContain('Log In');
  });

  it('FormAlert: nothing without messages; success notices are status messages', () => {
    expect(renderToString(<FormAlert errors={[]} />)).toBe('');
    const ok = renderToString(
      <FormAlert status="success" errors={['Your password has been reset.']} />,
    );
    expect(ok).toContain('role="status"');
    expect(ok).toContain('Your password has been reset.');
  });
});

describe('isSubmitting', () => {
  const post = (intent?: string) => {
    const data = new FormData();
    if (intent) data.set('intent', intent);
    return {
      state: 'submitting' as const,
      formMethod: 'POST',
      formAction: '/account',
      formData: data,
    };
  };

  it('is true while a POST is under way (and its redirect loads)', () => {
    expect(isSubmitting({ state: 'idle' })).toBe(false);
    expect(isSubmitting(post())).toBe(true);
    expect(isSubmitting({ ...post(), state: 'loading' })).toBe(true);
    expect(isSubmitting({ state: 'loading', formMethod: 'GET', formAction: '/search' })).toBe(
      false,
    );
  });

  it('can be narrowed to one action and one intent', () => {
    expect(isSubmitting(post('phone'), { intent: 'phone' })).toBe(true);
    expect(isSubmitting(post('email'), { intent: 'phone' })).toBe(false);
    expect(isSubmitting(post(), { formAction: '/account?index' })).toBe(true);
    expect(isSubmitting(post(), { formAction: '/login' })).toBe(false);
  });
});

describe('scroll to the first error', () => {
  it('reads CSS lengths', () => {
    expect(cssPx('72px')).toBe(72);
    expect(cssPx(' 40.5px')).toBe(40.5);
    expect(cssPx('')).toBe(0);
    expect(cssPx(undefined)).toBe(0);
  });

  const el = (invalid: boolean, wrapper: unknown = null) => ({
    getAttribute: (name: string) => (name === 'aria-invalid' && invalid ? 'true' : null),
    closest: () => wrapper,
    focus: () => {},
    getBoundingClientRect: () => ({ top: 0 }) as DOMRect,
  });

  it('finds the first invalid control and its field wrapper, else the form alert', () => {
    const wrapper = el(false);
    const second = el(true, wrapper);
    const target = firstErrorTarget({
      elements: [el(false), second, el(true)],
      querySelector: () => null,
    });
    expect(target?.focus).toBe(second);
    expect(target?.scroll).toBe(wrapper);
    const alert = el(false);
    expect(
      firstErrorTarget({ elements: [el(false)], querySelector: () => alert as unknown as Element })
        ?.focus,
    ).toBe(alert);
    expect(firstErrorTarget({ elements: [], querySelector: () => null })).toBeNull();
  });
});
