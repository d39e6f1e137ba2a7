import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formData } from '@test/forms';
import { renderServer } from '@test/render';
import { attr, tagWith, textById } from './demo-form.test-utils';
import { EmailField, type EmailFieldProps } from './email-field';
import { emailField } from './fields';
import { useSchemaForm } from './use-schema-form';

const schema = z.object({ email: emailField({ required: true }), other: emailField() });

function Demo({
  lastResult,
  ...props
}: Omit<EmailFieldProps, 'meta'> & { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useSchemaForm(schema, { id: 'mail', lastResult });
  return (
    <form method="post" {...getFormProps(form)}>
      <EmailField meta={fields.email} {...props} />
      <EmailField meta={fields.other} label="Work email" />
    </form>
  );
}

const render = (props: Parameters<typeof Demo>[0] = {}) => renderServer(<Demo {...props} />);

describe('EmailField (server render)', () => {
  it("an e-mail input labelled 'Email', autofilled as an e-mail, required from the schema", async () => {
    const html = await render();
    const input = tagWith(html, 'input', 'name="email"');
    expect(attr(input, 'type')).toBe('email');
    expect(attr(input, 'autocomplete')).toBe('email');
    expect(input).toMatch(/\srequired=""/);
    expect(html).toMatch(
      new RegExp(`<label for="${attr(input, 'id')}"[^>]*>Email<span aria-hidden="true"`),
    );
    // Its own label, and optional when the schema says so.
    const other = tagWith(html, 'input', 'name="other"');
    expect(attr(other, 'type')).toBe('email');
    expect(other).not.toMatch(/\srequired=""/);
    expect(html).toMatch(new RegExp(`<label for="${attr(other, 'id')}"[^>]*>Work email</label>`));
  });

  it('takes another autocomplete token (a login form says username); undefined keeps the default', async () => {
    const login = tagWith(
      await render({ inputProps: { autoComplete: 'username' } }),
      'input',
      'name="email"',
    );
    expect(attr(login, 'autocomplete')).toBe('username');
    const unset = tagWith(
      await render({ inputProps: { autoComplete: undefined, maxLength: 80 } }),
      'input',
      'name="email"',
    );
    expect(attr(unset, 'autocomplete')).toBe('email');
    expect(attr(unset, 'maxlength')).toBe('80');
  });

  it('names its hint and, after a refused post, its error in aria-describedby', async () => {
    const lastResult = parseWithZod(formData({ email: 'ann@' }), { schema }).reply();
    const html = await render({ hint: 'Your email address is your username.', lastResult });
    const input = tagWith(html, 'input', 'name="email"');
    expect(attr(input, 'aria-invalid')).toBe('true');
    expect(attr(input, 'value')).toBe('ann@');
    const texts = attr(input, 'aria-describedby')!
      .split(' ')
      .map((id) => textById(html, id));
    expect(texts).toEqual(
      expect.arrayContaining([
        'Your email address is your username.',
        'Please enter a valid email address.',
      ]),
    );
  });
});
