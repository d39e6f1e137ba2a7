import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { useState } from 'react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { formData } from '@test/forms';
import { Field } from './field';
import { emailField, phoneField } from './fields';
import { useScrollToFirstError } from './scroll-to-error';
import { useSchemaForm, type SchemaFormOptions } from './use-schema-form';

// The real hooks, watched: what the shared set-up hands to conform and to the scroll.
vi.mock('@conform-to/react', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@conform-to/react')>();
  return { ...actual, useForm: vi.fn(actual.useForm) };
});
vi.mock('@conform-to/zod', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@conform-to/zod')>();
  return { ...actual, getZodConstraint: vi.fn(actual.getZodConstraint) };
});
vi.mock('./scroll-to-error', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./scroll-to-error')>();
  return { ...actual, useScrollToFirstError: vi.fn(actual.useScrollToFirstError) };
});

const schema = z.object({
  email: emailField({ required: true }),
  phone: phoneField(),
});

type Options = Partial<SchemaFormOptions<typeof schema>>;

function Demo(options: Options) {
  const [form, fields] = useSchemaForm(schema, { id: 'demo', ...options });
  return (
    <form method="post" {...getFormProps(form)}>
      <Field meta={fields.email} label="Email" type="email" />
      <Field meta={fields.phone} label="Phone" type="tel" />
    </form>
  );
}

/** Renders the form as the server does; answers its HTML and what conform was given. */
function render(options: Options = {}) {
  const html = renderToString(<Demo {...options} />);
  const given = vi.mocked(useForm).mock.lastCall![0];
  return { html, given };
}

const input = (html: string, name: string) =>
  html.match(new RegExp(`<input\\b[^>]*name="${name}"[^>]*>`))?.[0] ?? '';

beforeEach(() => {
  vi.mocked(useForm).mockClear();
  vi.mocked(getZodConstraint).mockClear();
  vi.mocked(useScrollToFirstError).mockClear();
});

describe('useSchemaForm', () => {
  it('validates on blur and again on input by default, with the constraint of its schema', () => {
    const { html, given } = render();
    expect(given).toMatchObject({
      id: 'demo',
      shouldValidate: 'onBlur',
      shouldRevalidate: 'onInput',
    });
    expect(given.constraint).toEqual(getZodConstraint(schema));
    // The constraint reaches the inputs: what a browser checks before any script runs.
    expect(input(html, 'email')).toMatch(/\srequired=""/);
    expect(input(html, 'phone')).not.toMatch(/\srequired=""/);
    expect(html).toMatch(/<form[^>]*\sid="demo"/);
  });

  it('keeps the timing a form asks for', () => {
    expect(render({ shouldValidate: 'onSubmit' }).given).toMatchObject({
      shouldValidate: 'onSubmit',
      shouldRevalidate: 'onInput',
    });
    expect(
      render({ shouldValidate: 'onSubmit', shouldRevalidate: 'onSubmit' }).given,
    ).toMatchObject({ shouldValidate: 'onSubmit', shouldRevalidate: 'onSubmit' });
  });

  it('validates in the browser with the schema the action parses with', () => {
    const { onValidate } = render().given;
    const check = (values: Record<string, string>) =>
      onValidate!({
        form: {} as HTMLFormElement,
        submitter: null,
        formData: formData(values),
      });
    expect(check({ email: 'ann@', phone: '801555' }).reply().error).toEqual({
      email: ['Please enter a valid email address.'],
      phone: ['Please enter a valid phone number.'],
    });
    expect(check({ email: 'ann@example.com', phone: '' }).status).toBe('success');
  });

  it('passes the submit handler on', () => {
    const onSubmit = vi.fn();
    expect(render({ onSubmit }).given.onSubmit).toBe(onSubmit);
    expect(render().given.onSubmit).toBeUndefined();
  });

  it('computes the constraint once per schema, not on every render', () => {
    function RendersTwice() {
      // A state update during render makes React render the component again at once.
      const [pass, setPass] = useState(1);
      if (pass === 1) setPass(2);
      useSchemaForm(schema, { id: 'twice' });
      return <p>{pass}</p>;
    }
    expect(renderToString(<RendersTwice />)).toContain('2');
    expect(vi.mocked(useForm).mock.calls.length).toBe(2);
    expect(vi.mocked(getZodConstraint).mock.calls.length).toBe(1);
  });

  it('starts from the default value; a failed reply brings back what was typed', () => {
    expect(input(render({ defaultValue: { email: 'ann@example.com' } }).html, 'email')).toMatch(
      /\svalue="ann@example.com"/,
    );
    const lastResult = parseWithZod(formData({ email: 'ann@', phone: '' }), { schema }).reply();
    const { html } = render({
      defaultValue: { email: 'ann@example.com' },
      lastResult: lastResult as SubmissionResult<string[]>,
    });
    expect(input(html, 'email')).toMatch(/\svalue="ann@"/);
    expect(input(html, 'email')).toMatch(/\saria-invalid="true"/);
    expect(html).toContain('Please enter a valid email address.');
  });

  it('scrolls to the first error of a failed post', () => {
    const lastResult = parseWithZod(formData({ email: 'ann@' }), { schema }).reply();
    render({ lastResult });
    const [form, result] = vi.mocked(useScrollToFirstError).mock.lastCall!;
    expect(form.id).toBe('demo');
    expect(result).toBe(lastResult);
  });
});
