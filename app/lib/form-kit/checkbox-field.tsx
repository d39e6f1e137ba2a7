import type { ReactNode } from 'react';
import { cx } from '~/lib/theme/static-css';
import { ErrorList } from './error-list';
import {
  controlProps,
  FieldHint,
  fieldStyles as styles,
  RequiredMark,
  type ExtraInputProps,
  type FieldMeta,
} from './field-base';

export interface CheckboxFieldProps {
  meta: FieldMeta;
  /** May hold links (terms and privacy dialogs). */
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  inputProps?: Omit<ExtraInputProps, 'checked'>;
  className?: string;
}

/** A native checkbox with its label beside it, hint and errors under. Posts 'on' when checked. */
export function CheckboxField({
  meta,
  label,
  hint,
  required,
  inputProps,
  className,
}: CheckboxFieldProps) {
  const props = controlProps(meta, 'checkbox', Boolean(hint), required);
  return (
    <div className={cx(styles.root, className)} data-form-field={meta.name}>
      <div className={styles.checkRow}>
        <input key={meta.key} className={styles.checkbox} {...inputProps} {...props} />
        <label htmlFor={meta.id} className={styles.checkLabel}>
          {label}
          {props.required ? <RequiredMark /> : null}
        </label>
      </div>
      <FieldHint meta={meta} hint={hint} />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
