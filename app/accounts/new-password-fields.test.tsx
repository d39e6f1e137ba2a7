import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { formData } from '@test/forms';
import { renderServer } from '@test/render';
import { attr, tagWith, textById } from '~/lib/form-kit/demo-form.test-utils';
import { useSchemaForm } from '~/lib/form-kit/use-schema-form';
import { NewPasswordFields } from './new-password-fields';
import { resetPasswordSchema } from './schemas';

function Demo({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useSchemaForm(resetPasswordSchema, { id: 'pw', lastResult });
  return (
    <form method="post" {...getFormProps(form)}>
      <NewPasswordFields
        password={fields.password}
        confirmation={fields.confirmPassword}
        label="New Password"
        hint="At least 8 characters."
      />
    </form>
  );
}

const labelOf = (html: string, input: string) =>
  textById(
    html.replace(/<label for="([^"]+)"/g, '<label id="label-$1"'),
    `label-${attr(input, 'id')}`,
  );

describe('NewPasswordFields (server render)', () => {
  it('the password and its confirmation, both new-password, labelled, the hint on the first', async () => {
    const html = await renderServer(<Demo />);
    const password = tagWith(html, 'input', 'name="password"');
    const confirmation = tagWith(html, 'input', 'name="confirmPassword"');
    for (const input of [password, confirmation]) {
      expect(attr(input, 'type')).toBe('password');
      expect(attr(input, 'autocomplete')).toBe('new-password');
      expect(input).toMatch(/\srequired=""/);
    }
    expect(labelOf(html, password)).toBe('New Password *');
    expect(labelOf(html, confirmation)).toBe('Confirm Password *');
    expect(textById(html, attr(password, 'aria-describedby')!)).toBe('At least 8 characters.');
    expect(attr(confirmation, 'aria-describedby')).toBeUndefined();
  });

  it("after a refused post: each field's error named by aria-describedby, no password echoed", async () => {
    const lastResult = parseWithZod(
      formData({ intent: 'reset', password: 'secret-one', confirmPassword: 'secret-two' }),
      { schema: resetPasswordSchema },
    ).reply({ hideFields: ['password', 'confirmPassword'] });
    const html = await renderServer(<Demo lastResult={lastResult} />);
    const confirmation = tagWith(html, 'input', 'name="confirmPassword"');
    expect(attr(confirmation, 'aria-invalid')).toBe('true');
    expect(textById(html, attr(confirmation, 'aria-describedby')!)).toBe("Passwords don't match.");
    expect(html).not.toContain('secret-');
  });
});
