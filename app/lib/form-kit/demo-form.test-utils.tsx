import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { z } from 'zod';
import { formData } from '@test/forms';
import { CheckboxField } from './checkbox-field';
import { Field } from './field';
import {
  choiceField,
  emailField,
  mustBeChecked,
  passwordField,
  phoneField,
  storeField,
} from './fields';
import { FormAlert } from './form-alert';
import { PasswordField } from './password-field';
import { RadioGroupField } from './choice-group-field';
import { SelectField } from './select-field';
import { SubmitButton } from './submit-button';
import { useSchemaForm } from './use-schema-form';

/**
 * The field tests' fixture (used by `*.test.tsx` beside it, never by a page): one form with
 * every control, server-rendered as a shopper without JavaScript gets it, and helpers that read
 * the HTML.
 */

export const demoSchema = z.object({
  email: emailField({ required: true }),
  phone: phoneField(),
  password: passwordField(),
  storeNumber: storeField(),
  reward: choiceField(['2', '3']),
  acceptTerms: mustBeChecked(),
});

function Demo({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useSchemaForm(demoSchema, { id: 'demo', lastResult });
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

/** The demo form's HTML (style tags stripped), after `lastResult` when given. */
export function renderDemo(lastResult?: SubmissionResult<string[]>) {
  return renderToString(
    <ChakraProvider value={defaultSystem}>
      <Demo lastResult={lastResult} />
    </ChakraProvider>,
  ).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
}

/** The action's reply to a post with errors in several fields and a form-level message. */
export const failedDemo = () =>
  parseWithZod(formData({ email: 'ann@', phone: '801555', password: 'secret', storeNumber: '' }), {
    schema: demoSchema,
  }).reply({ formErrors: ['Invalid email address or password.'], hideFields: ['password'] });

/** The first `<tag ...>` whose attributes contain `marker`. */
export function tagWith(html: string, tag: string, marker: string): string {
  const found = html.match(new RegExp(`<${tag}\\b[^>]*${marker}[^>]*>`));
  if (!found) throw new Error(`no <${tag}> with ${marker}`);
  return found[0];
}

export function attr(tag: string, name: string): string | undefined {
  return tag.match(new RegExp(`\\s${name}="([^"]*)"`, 'i'))?.[1];
}

/** Text inside the element with this id. */
export function textById(html: string, id: string): string {
  const found = html.match(new RegExp(`<(\\w+)[^>]*\\sid="${id}"[^>]*>([\\s\\S]*?)</\\1>`));
  return (found?.[2] ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
