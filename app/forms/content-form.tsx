import { getFormProps, type SubmissionResult } from '@conform-to/react';
import type { FetcherWithComponents, Form as RemixForm } from '@remix-run/react';
import { useMemo } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { FormField, FormSetup } from './types';
import { CheckboxField } from '~/lib/form-kit/checkbox-field';
import { CheckboxGroupField, RadioGroupField } from '~/lib/form-kit/choice-group-field';
import { Field } from '~/lib/form-kit/field';
import type { FieldMeta } from '~/lib/form-kit/field-base';
import { EmailField } from '~/lib/form-kit/email-field';
import { FileField } from '~/lib/form-kit/file-field';
import { BotCheckFields } from '~/lib/form-kit/bot-check-fields';
import { useBotCheckSubmit } from '~/lib/form-kit/bot-check-submit';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { SelectField } from '~/lib/form-kit/select-field';
import { SubmitButton } from '~/lib/form-kit/submit-button';
import { useFormValid } from '~/lib/form-kit/use-form-valid';
import { TextareaField } from '~/lib/form-kit/textarea-field';
import { useSchemaForm } from '~/lib/form-kit/use-schema-form';
import { sx } from '~/lib/theme/static-css';
import { answersSchema } from './answers-schema';

export const REQUIRED_NOTE = '* indicates required field';
/** A select's first, empty choice when the form names none. */
export const DEFAULT_SELECT_PLACEHOLDER = 'Choose one';

const styles = {
  form: sx({ display: 'flex', flexDirection: 'column', gap: '5', w: 'full' }),
  intro: sx({ textStyle: 'md' }),
  note: sx({ color: 'fg.muted', textStyle: 'sm' }),
  actions: sx({ display: 'flex', justifyContent: 'flex-start' }),
};

export interface PostOptions {
  method: 'post';
  action: string;
  encType?: 'multipart/form-data';
}

export interface ContentFormProps {
  setup: FormSetup;
  /** Remix's Form (the form's own page) or a fetcher's (a content page, the footer's dialog). */
  Form: typeof RemixForm | FetcherWithComponents<unknown>['Form'];
  /** Posts the form's data (useSubmit's, or the fetcher's submit): the reCAPTCHA path. */
  submit: (formData: FormData, options: PostOptions) => unknown;
  /** The action's answer to the last post, else null. */
  lastResult: SubmissionResult<string[]> | null;
  pending: boolean;
  /** Keeps ids apart when the same form shows twice (the page's and the footer's dialog). */
  idPrefix?: string;
}

function FormFieldControl({ field, meta }: { field: FormField; meta: FieldMeta }) {
  const common = {
    meta,
    hint: field.help ?? undefined,
    required: field.required,
  };
  switch (field.type) {
    case 'text':
      return (
        <Field
          {...common}
          label={field.label}
          inputProps={{ maxLength: field.maxLength, autoComplete: field.autocomplete ?? undefined }}
        />
      );
    case 'email':
      return (
        <EmailField
          {...common}
          label={field.label}
          inputProps={{ maxLength: field.maxLength, autoComplete: field.autocomplete ?? undefined }}
        />
      );
    case 'phone':
      return (
        <Field
          {...common}
          label={field.label}
          type="tel"
          inputProps={{ autoComplete: field.autocomplete ?? 'tel-national' }}
        />
      );
    case 'textarea':
      return (
        <TextareaField
          {...common}
          label={field.label}
          rows={field.rows}
          maxLength={field.maxLength}
        />
      );
    case 'radio':
      return <RadioGroupField {...common} legend={field.label} options={field.options} />;
    case 'select':
      return (
        <SelectField
          {...common}
          label={field.label}
          options={field.options}
          placeholder={field.placeholder ?? DEFAULT_SELECT_PLACEHOLDER}
        />
      );
    case 'multiselect':
      return <CheckboxGroupField {...common} legend={field.label} options={field.options} />;
    case 'checkbox':
      return <CheckboxField {...common} label={field.label} />;
    case 'file':
      return (
        <FileField
          {...common}
          label={field.label}
          accept={field.accept}
          maxFiles={field.maxFiles}
          maxBytes={field.maxBytes}
        />
      );
  }
}

/**
 * A content form (docs/reference/forms.md): a real form posting to /forms/<slug> that works without
 * JavaScript (multipart when it takes files; the server validates and answers the messages in
 * place). With JavaScript, conform validates lazily (on blur, then on input) with the action's
 * schema; Submit is marked unavailable until the form is valid, and disabled while the post is
 * under way (docs/decisions/0028-submit-buttons-in-form-dialogs.md). The bot check is the brand's: the
 * honeypot's hidden inputs, or a reCAPTCHA v3 token fetched just before posting.
 */
export function ContentForm({
  setup,
  Form,
  submit,
  lastResult,
  pending,
  idPrefix = '',
}: ContentFormProps) {
  const { form: definition, botCheck } = setup;
  const hydrated = useHydrated();
  const schema = useMemo(() => answersSchema(definition), [definition]);
  const encType = setup.multipart ? 'multipart/form-data' : undefined;
  const check = useBotCheckSubmit(botCheck, (formData) =>
    submit(formData, { method: 'post', action: setup.action, encType }),
  );

  const [form, fields] = useSchemaForm(schema, {
    id: `${idPrefix}form-${definition.slug}`,
    lastResult,
    defaultValue: setup.defaults ?? undefined,
    onSubmit: check.onSubmit,
  });
  const f = fields as unknown as Record<string, FieldMeta>;
  const busy = pending || check.verifying;
  // Announced and shown as unavailable until the form is valid, yet still focusable and pressable:
  // pressing it (or Enter in a field) validates the whole form and moves focus to the first
  // message, never posting while a field is invalid (docs/decisions/0028-submit-buttons-in-form-dialogs.md,
  // docs/decisions/0030-submit-until-valid.md).
  const blocked = useFormValid(form.id, schema) === false;
  const disabled = hydrated && !check.ready;

  return (
    <Form
      method="post"
      action={setup.action}
      encType={encType}
      {...getFormProps(form)}
      className={styles.form}
    >
      {definition.intro ? <p className={styles.intro}>{definition.intro}</p> : null}
      {definition.fields.some((field) => field.required) ? (
        <p className={styles.note}>{REQUIRED_NOTE}</p>
      ) : null}
      <FormAlert id={form.errorId} errors={form.errors} />
      {/* The honeypot's inputs before every field: the server runs the bot check as soon as its
          fields have come, before it reads any file (docs/reference/forms.md "Rules"). */}
      {botCheck.mode === 'honeypot' ? (
        <BotCheckFields botCheck={botCheck} idPrefix={form.id} />
      ) : null}

      {definition.fields.map((field) => (
        <FormFieldControl key={field.name} field={field} meta={f[field.name]} />
      ))}

      {botCheck.mode === 'recaptcha' ? (
        <BotCheckFields botCheck={botCheck} idPrefix={form.id} />
      ) : null}

      <div className={styles.actions}>
        <SubmitButton pending={busy} pendingLabel="Sending…" disabled={disabled} blocked={blocked}>
          {definition.submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}
