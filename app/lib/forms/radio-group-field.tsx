import { getCollectionProps } from '@conform-to/react';
import type { ChangeEvent, ReactNode } from 'react';
import { cx, sx } from '~/lib/theme/static-css';
import { ErrorList } from './error-list';
import {
  FieldHint,
  fieldStyles,
  hintId,
  labelStyle,
  RequiredMark,
  type ChoiceOption,
  type FieldMeta,
} from './field-base';

const styles = {
  fieldset: sx({
    border: '0',
    p: '0',
    m: '0',
    minW: '0',
    display: 'flex',
    flexDirection: 'column',
    gap: '1.5',
  }),
  legend: sx({ ...labelStyle, p: '0', mb: '1.5' }),
  options: sx({ display: 'flex', flexDirection: 'column', gap: '2' }),
};

export interface RadioGroupFieldProps {
  meta: FieldMeta;
  legend: ReactNode;
  options: readonly ChoiceOption[];
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** e.g. submit at once (reward choice saves on change). */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  className?: string;
}

/** Radio buttons in a fieldset with its legend; each radio carries aria-invalid/describedby. */
export function RadioGroupField({
  meta,
  legend,
  options,
  hint,
  required,
  disabled,
  onChange,
  className,
}: RadioGroupFieldProps) {
  const isRequired = required ?? meta.required ?? false;
  const radios = getCollectionProps(meta, {
    type: 'radio',
    options: options.map((o) => o.value),
    ariaDescribedBy: hint ? hintId(meta) : undefined,
  });
  return (
    <fieldset
      className={cx(styles.fieldset, className)}
      data-form-field={meta.name}
      aria-describedby={hint ? hintId(meta) : undefined}
      disabled={disabled}
    >
      <legend className={styles.legend}>
        {legend}
        {isRequired ? <RequiredMark /> : null}
      </legend>
      <div className={styles.options}>
        {radios.map(({ key, ...radio }, i) => (
          <div key={key ?? radio.value} className={fieldStyles.checkRow}>
            <input
              className={fieldStyles.checkbox}
              {...radio}
              required={isRequired || undefined}
              onChange={onChange}
            />
            <label htmlFor={radio.id} className={fieldStyles.checkLabel}>
              {options[i].label}
            </label>
          </div>
        ))}
      </div>
      <FieldHint meta={meta} hint={hint} />
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}
