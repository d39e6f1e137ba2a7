import type { ReactNode } from 'react';
import {
  controlProps,
  FieldChrome,
  fieldStyles as styles,
  type ExtraInputProps,
  type FieldMeta,
  type FieldType,
} from './field-base';
import { PhoneInput } from './phone-input';

export interface FieldProps {
  meta: FieldMeta;
  label: ReactNode;
  type?: FieldType;
  /** Shown under the input and read with it (aria-describedby). */
  hint?: ReactNode;
  /** Star and `required` attribute; defaults to the schema's constraint. */
  required?: boolean;
  inputProps?: ExtraInputProps;
  className?: string;
}

function withoutType<T extends { type?: unknown }>({ type: _type, ...rest }: T) {
  return rest;
}

/**
 * A labelled input (text, email, tel, password, date) with hint and errors; `aria-invalid` and
 * `aria-describedby` (errors when any, then the hint) set on the input. `tel` inputs get the
 * phone mask.
 */
export function Field({ type = 'text', required, inputProps, ...frame }: FieldProps) {
  const props = controlProps(frame.meta, type, Boolean(frame.hint), required);
  return (
    <FieldChrome {...frame} required={Boolean(props.required)}>
      {type === 'tel' ? (
        <PhoneInput
          key={frame.meta.key}
          className={styles.input}
          {...inputProps}
          {...withoutType(props)}
        />
      ) : (
        <input key={frame.meta.key} className={styles.input} {...inputProps} {...props} />
      )}
    </FieldChrome>
  );
}
