import { getCollectionProps } from '@conform-to/react';
import type { ReactNode } from 'react';
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

export interface CheckboxGroupFieldProps {
  meta: FieldMeta;
  legend: ReactNode;
  options: readonly ChoiceOption[];
  hint?: ReactNode;
  /** At least one box must be ticked (the star; the schema says so to the server). */
  required?: boolean;
  className?: string;
}

/**
 * A multiple choice as check boxes in a fieldset with its legend (spec accounts §5: "multiple
 * choice needs at least one value"); each box carries aria-invalid and aria-describedby. No box
 * is `required` (that would make every one of them required to a browser).
 */
export function CheckboxGroupField({
  meta,
  legend,
  options,
  hint,
  required,
  className,
}: CheckboxGroupFieldProps) {
  const boxes = getCollectionProps(meta, {
    type: 'checkbox',
    options: options.map((o) => o.value),
    ariaDescribedBy: hint ? hintId(meta) : undefined,
  });
  return (
    <fieldset
      className={cx(styles.fieldset, className)}
      data-form-field={meta.name}
      aria-describedby={hint ? hintId(meta) : undefined}
    >
      <legend className={styles.legend}>
        {legend}
        {required ? <RequiredMark /> : null}
      </legend>
      <div className={styles.options}>
        {boxes.map(({ key, ...box }, i) => (
          <div key={key ?? box.value} className={fieldStyles.checkRow}>
            <input className={fieldStyles.checkbox} {...box} required={undefined} />
            <label htmlFor={box.id} className={fieldStyles.checkLabel}>
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
