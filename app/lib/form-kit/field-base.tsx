import { getInputProps, type FieldMetadata } from '@conform-to/react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { cx, sx, sxRecipe } from '~/lib/theme/static-css';
import { ErrorList } from './error-list';

/**
 * What the field controls share (one frame with the ErrorList, setting aria-invalid and
 * aria-describedby for every control): conform's field metadata, the label/hint/errors frame, and
 * the static styles more than one control uses. Each control lives in its own file (`field.tsx`,
 * `password-field.tsx`, ...) and is imported from there, so a page carries only the controls it
 * renders. Plain inputs, selects and buttons styled with Chakra's recipes as static classes
 * (~/lib/theme/static-css): server-rendered, working as real form controls without JavaScript, and
 * costing no Chakra runtime in the browser. Inputs stay uncontrolled (conform's `getInputProps`),
 * so no `useInputControl` is needed.
 */

/** Conform's metadata of one field (errors as a list of messages). */
export type FieldMeta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/** One choice of a radio group or select. */
export interface ChoiceOption {
  value: string;
  label: ReactNode;
}

/** Input attributes a caller may add (autoComplete, placeholder, min, max, ...). */
export type ExtraInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'id' | 'form' | 'type' | 'defaultValue' | 'value' | 'aria-describedby' | 'aria-invalid'
>;

/** The input types `Field` renders (`PasswordField` and `CheckboxField` have their own). */
export type FieldType = 'text' | 'email' | 'tel' | 'password' | 'date';

/*
 * Chakra's field slot recipe written out as static styles (slot recipes have no static-class
 * helper), with the input recipe as it is.
 */
export const labelStyle = {
  display: 'inline-flex',
  alignItems: 'center',
  textAlign: 'start',
  textStyle: 'sm',
  fontWeight: 'medium',
  gap: '1',
} as const;

export const fieldStyles = {
  root: sx({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '1.5',
    w: 'full',
    position: 'relative',
  }),
  label: sx(labelStyle),
  requiredMark: sx({ color: 'red.700', lineHeight: '1' }),
  hint: sx({ color: 'fg.muted', textStyle: 'xs' }),
  input: sxRecipe('input', { size: 'md', variant: 'outline' }, { bg: 'bg' }),
  // Check boxes and radios: native boxes keep working (and keyboard-accessible) without
  // JavaScript; brand-coloured.
  checkRow: sx({ display: 'flex', alignItems: 'flex-start', gap: '2' }),
  checkLabel: sx({ textStyle: 'sm', cursor: 'pointer' }),
  checkbox: sx({
    accentColor: 'brand.solid',
    boxSize: '4',
    mt: '0.5',
    flexShrink: '0',
    cursor: 'pointer',
    _invalid: { outline: '2px solid', outlineColor: 'border.error', outlineOffset: '1px' },
  }),
};

/** The id of a field's hint (what its control's aria-describedby names with the errors). */
export const hintId = (meta: FieldMeta) => meta.descriptionId;

/** The control's props from conform, plus the hint in aria-describedby, `key` kept apart. */
export function controlProps(
  meta: FieldMeta,
  type: FieldType | 'checkbox',
  hint: boolean,
  required: boolean | undefined,
  value?: false,
) {
  const ariaDescribedBy = hint ? hintId(meta) : undefined;
  const { key: _key, ...props } = getInputProps(
    meta,
    type === 'checkbox'
      ? { type, ariaDescribedBy }
      : { type, ariaDescribedBy, ...(value === false ? { value } : {}) },
  );
  return { ...props, required: (required ?? meta.required) || undefined };
}

export function RequiredMark() {
  // The input's `required` attribute tells assistive technology; the star is for the eye
  // (the page explains '* indicates required field').
  return (
    <span aria-hidden="true" className={fieldStyles.requiredMark}>
      *
    </span>
  );
}

/** The hint under a control, under the id its aria-describedby names; nothing without one. */
export function FieldHint({ meta, hint }: { meta: FieldMeta; hint?: ReactNode }) {
  return hint ? (
    <p id={hintId(meta)} className={fieldStyles.hint}>
      {hint}
    </p>
  ) : null;
}

interface FieldChromeProps {
  meta: FieldMeta;
  label: ReactNode;
  hint?: ReactNode;
  required: boolean;
  children: ReactNode;
  className?: string;
}

/** Label, control, hint and errors, stacked; the wrapper is what a failed submit scrolls to. */
export function FieldChrome({
  meta,
  label,
  hint,
  required,
  children,
  className,
}: FieldChromeProps) {
  return (
    <div className={cx(fieldStyles.root, className)} data-form-field={meta.name}>
      <label htmlFor={meta.id} className={fieldStyles.label}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children}
      <FieldHint meta={meta} hint={hint} />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
