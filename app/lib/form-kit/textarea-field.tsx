import { getTextareaProps } from '@conform-to/react';
import type { ReactNode } from 'react';
import { sxRecipe } from '~/lib/theme/static-css';
import { FieldChrome, hintId, type FieldMeta } from './field-base';

const styles = {
  // Chakra's textarea recipe (as the input's: border, focus and invalid states), resizable.
  textarea: sxRecipe(
    'textarea',
    { size: 'md', variant: 'outline' },
    { bg: 'bg', resize: 'vertical' },
  ),
};

export interface TextareaFieldProps {
  meta: FieldMeta;
  label: ReactNode;
  /** Shown under the box and read with it (aria-describedby). */
  hint?: ReactNode;
  required?: boolean;
  rows?: number;
  maxLength?: number;
  className?: string;
}

/** A labelled multi-line text box with hint and errors (aria-invalid, aria-describedby). */
export function TextareaField({
  meta,
  label,
  hint,
  required,
  rows = 5,
  maxLength,
  className,
}: TextareaFieldProps) {
  const { key, ...props } = getTextareaProps(meta, {
    ariaDescribedBy: hint ? hintId(meta) : undefined,
  });
  const isRequired = (required ?? meta.required) || false;
  return (
    <FieldChrome meta={meta} label={label} hint={hint} required={isRequired} className={className}>
      <textarea
        key={key}
        className={styles.textarea}
        rows={rows}
        {...props}
        // The schema's limit is the server's; the attribute only stops typing past it.
        maxLength={maxLength}
        required={isRequired || undefined}
      />
    </FieldChrome>
  );
}
