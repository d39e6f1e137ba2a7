import { useRef, type ChangeEvent, type InputHTMLAttributes } from 'react';
import { maskPhoneEdit, parsePhone } from './mask';

/**
 * A phone input masking (###) ###-#### as the shopper types or pastes. Only an enhancement: the
 * server takes bare digits too (what a shopper without JavaScript may type). Uncontrolled (the
 * mask rewrites the input's own value before conform reads it); a default value of ten digits
 * is shown masked.
 */
export function PhoneInput({
  onChange,
  defaultValue,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const initial =
    typeof defaultValue === 'string'
      ? (parsePhone(defaultValue)?.masked ?? defaultValue)
      : defaultValue;
  const previous = useRef(typeof initial === 'string' ? initial : '');
  const mask = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const inputType = (event.nativeEvent as InputEvent).inputType ?? '';
    const digits = (s: string) => s.replace(/\D/g, '');
    const sameDigits = digits(previous.current) === digits(input.value);
    const deleted =
      sameDigits && inputType === 'deleteContentBackward'
        ? 'backward'
        : sameDigits && inputType === 'deleteContentForward'
          ? 'forward'
          : undefined;
    const next = maskPhoneEdit(input.value, input.selectionStart ?? input.value.length, deleted);
    if (next.value !== input.value) {
      input.value = next.value;
      input.setSelectionRange(next.caret, next.caret);
    }
    previous.current = next.value;
  };
  return (
    <input
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(###) ###-####"
      {...props}
      defaultValue={initial}
      onChange={(event) => {
        mask(event);
        onChange?.(event);
      }}
    />
  );
}
