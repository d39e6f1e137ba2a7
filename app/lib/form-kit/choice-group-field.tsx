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

interface ChoiceGroupProps {
  meta: FieldMeta;
  legend: ReactNode;
  options: readonly ChoiceOption[];
  hint?: ReactNode;
  className?: string;
}

/**
 * Choices in a fieldset with its legend; each input carries aria-invalid and aria-describedby.
 * `inputRequired` is what the browser is told per input: a radio group may say it (one of them
 * must be chosen), a check-box group may not (each box would become required).
 */
function ChoiceGroup({
  type,
  meta,
  legend,
  options,
  hint,
  className,
  starred,
  inputRequired,
  disabled,
  onChange,
}: ChoiceGroupProps & {
  type: 'checkbox' | 'radio';
  starred: boolean;
  inputRequired: boolean;
  disabled?: boolean;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const inputs = getCollectionProps(meta, {
    type,
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
        {starred ? <RequiredMark /> : null}
      </legend>
      <div className={styles.options}>
        {inputs.map(({ key, ...input }, i) => (
          <div key={key ?? input.value} className={fieldStyles.checkRow}>
            <input
              className={fieldStyles.checkbox}
              {...input}
              required={inputRequired || undefined}
              onChange={onChange}
            />
            <label htmlFor={input.id} className={fieldStyles.checkLabel}>
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

export interface CheckboxGroupFieldProps extends ChoiceGroupProps {
  /** At least one box must be ticked (the star; the schema says so to the server). */
  required?: boolean;
}

/**
 * A multiple choice as check boxes; a required one needs at least one box ticked (the schema checks
 * it). No box is `required`: that would make every one of them required to a browser.
 */
export function CheckboxGroupField({ required, ...props }: CheckboxGroupFieldProps) {
  return (
    <ChoiceGroup type="checkbox" starred={Boolean(required)} inputRequired={false} {...props} />
  );
}

export interface RadioGroupFieldProps extends ChoiceGroupProps {
  required?: boolean;
  disabled?: boolean;
  /** e.g. submit at once (reward choice saves on change). */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** One choice as radio buttons; required when the field's constraint says so, unless told. */
export function RadioGroupField({ required, ...props }: RadioGroupFieldProps) {
  const isRequired = required ?? props.meta.required ?? false;
  return <ChoiceGroup type="radio" starred={isRequired} inputRequired={isRequired} {...props} />;
}
