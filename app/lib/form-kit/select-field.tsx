import { getSelectProps } from '@conform-to/react';
import type { ChangeEvent, ReactNode } from 'react';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { FieldChrome, hintId, type ChoiceOption, type FieldMeta } from './field-base';

/* Chakra's nativeSelect slot recipe written out as static styles. */
const styles = {
  root: sx({ position: 'relative', display: 'flex', w: 'full' }),
  // The input recipe fits a native select too (border, height, focus and invalid states).
  select: sxRecipe(
    'input',
    { size: 'md', variant: 'outline' },
    { bg: 'bg', pe: '8', lineHeight: 'normal', cursor: 'pointer', '& > option': { bg: 'bg' } },
  ),
  indicator: sx({
    position: 'absolute',
    insetEnd: '2',
    top: '50%',
    transform: 'translateY(-50%)',
    display: 'inline-flex',
    pointerEvents: 'none',
    color: 'fg.muted',
    '& svg': { w: '1em', h: '1em' },
  }),
  chevron: sx({
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: '2',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  }),
};

export interface SelectFieldProps {
  meta: FieldMeta;
  label: ReactNode;
  options: readonly ChoiceOption[];
  /** A first, empty option ('Select a store'); choosing it counts as no choice. */
  placeholder?: string;
  hint?: ReactNode;
  required?: boolean;
  selectProps?: {
    autoComplete?: string;
    disabled?: boolean;
    onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
  };
  className?: string;
}

/** A native select (works without JavaScript) styled as Chakra's NativeSelect. */
export function SelectField({
  meta,
  label,
  options,
  placeholder,
  hint,
  required,
  selectProps,
  className,
}: SelectFieldProps) {
  const { key, ...props } = getSelectProps(meta, {
    ariaDescribedBy: hint ? hintId(meta) : undefined,
  });
  const isRequired = (required ?? meta.required) || false;
  return (
    <FieldChrome meta={meta} label={label} hint={hint} required={isRequired} className={className}>
      <div className={styles.root}>
        <select
          key={key}
          className={styles.select}
          {...selectProps}
          {...props}
          required={isRequired || undefined}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <div className={styles.indicator}>
          <svg viewBox="0 0 24 24" className={styles.chevron} aria-hidden="true" focusable="false">
            <path d="m6 9 6 6 6-6" />
          </svg>
        </div>
      </div>
    </FieldChrome>
  );
}
