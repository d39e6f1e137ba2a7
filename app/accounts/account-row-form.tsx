import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form, Link } from '@remix-run/react';
import { useMemo } from 'react';
import { Field } from '~/lib/form-kit/field';
import type { FieldMeta } from '~/lib/form-kit/field-base';
import { PasswordField } from '~/lib/form-kit/password-field';
import { SelectField } from '~/lib/form-kit/select-field';
import { SubmitButton } from '~/lib/form-kit/submit-button';
import { useSchemaForm } from '~/lib/form-kit/use-schema-form';
import { accountStyles as styles, rowFormId } from './account-row';
import type { AccountRowSpec, RowContext, RowFieldSpec } from './account-row-specs';

export interface AccountRowFormProps {
  spec: AccountRowSpec;
  context: RowContext;
  /** The action's answer for this row (a failed save), else undefined. */
  lastResult?: SubmissionResult<string[]>;
  pending: boolean;
  hydrated: boolean;
}

/**
 * The edit form of any account row, from its entry in the row table: the hidden intent, the
 * row's fields, Save and Cancel (a link back to the view state, so it works without
 * JavaScript). Validated on blur and again on input with JavaScript, by the action either way;
 * Save is disabled (with JavaScript only) while the row's rule says its values cannot be saved.
 */
export function AccountRowForm({
  spec,
  context,
  lastResult,
  pending,
  hydrated,
}: AccountRowFormProps) {
  const { today, zipOptional, stores } = context;
  const { hasPassword } = context.account;
  const schema = useMemo(
    () => spec.schema({ today, zipOptional, stores, hasPassword }),
    [spec, today, zipOptional, stores, hasPassword],
  );
  const [form, fields] = useSchemaForm(schema, {
    id: rowFormId(spec.row),
    lastResult,
    defaultValue: { intent: spec.row, ...spec.initial?.(context.account) },
  });
  /** The current text of a field (conform follows every input). */
  const text = (name: string) => {
    const value = (form.value as Record<string, unknown> | undefined)?.[name];
    return typeof value === 'string' ? value : '';
  };
  const canSave = spec.canSave?.(text, context) ?? true;
  const metas = fields as unknown as Record<string, FieldMeta>;
  return (
    <Form method="post" preventScrollReset {...getFormProps(form)} className={styles.form}>
      <input type="hidden" name="intent" value={spec.row} />
      {spec.fields.map((field) => (
        <RowField key={field.name} field={field} meta={metas[field.name]} context={context} />
      ))}
      <div className={styles.actions}>
        <SubmitButton pending={pending} pendingLabel="Saving…" disabled={hydrated && !canSave}>
          Save
        </SubmitButton>
        <Link
          to="/account"
          preventScrollReset
          className={styles.cancel}
          // Keep focus in the field on press: its blur would validate it, and the message
          // appearing above would move Cancel away from under the pointer before the click.
          onMouseDown={(event) => event.preventDefault()}
        >
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/** One field of a row's form, by its kind. */
function RowField({
  field,
  meta,
  context,
}: {
  field: RowFieldSpec;
  meta: FieldMeta;
  context: RowContext;
}) {
  switch (field.kind) {
    case 'password':
      return (
        <PasswordField
          meta={meta}
          label={field.label}
          toggleLabel={field.toggleLabel}
          inputProps={{ autoComplete: field.autoComplete }}
        />
      );
    case 'select':
      return (
        <SelectField
          meta={meta}
          label={field.label}
          placeholder={field.placeholder}
          options={field.options(context)}
        />
      );
    case 'input':
      return (
        <Field
          meta={meta}
          label={field.label}
          type={field.type}
          hint={field.hint}
          inputProps={
            typeof field.inputProps === 'function' ? field.inputProps(context) : field.inputProps
          }
        />
      );
  }
}
