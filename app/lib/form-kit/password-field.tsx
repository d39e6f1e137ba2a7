import { useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { controlProps, FieldChrome, fieldStyles } from './field-base';
import type { FieldProps } from './field';

const styles = {
  box: sx({ position: 'relative', w: 'full' }),
  input: sxRecipe('input', { size: 'md', variant: 'outline' }, { bg: 'bg', pe: '10' }),
  toggle: sxRecipe(
    'button',
    { size: 'sm', variant: 'ghost' },
    {
      position: 'absolute',
      insetEnd: '1',
      top: '50%',
      transform: 'translateY(-50%)',
      px: '0',
      minW: '8',
      color: 'fg.muted',
      _icon: { fontSize: '1.1em' },
    },
  ),
};

function EyeIcon({ off }: { off: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {off ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}

export type PasswordFieldProps = Omit<FieldProps, 'type'> & { toggleLabel?: string };

/**
 * A password input with a show/hide toggle: a real button (aria-pressed, aria-controls the
 * input), rendered only once hydrated; without JavaScript it is a plain password input. The
 * typed password is never put back into the page as a default value.
 */
export function PasswordField({
  required,
  inputProps,
  toggleLabel = 'Show password',
  ...frame
}: PasswordFieldProps) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const props = controlProps(frame.meta, 'password', Boolean(frame.hint), required, false);
  return (
    <FieldChrome {...frame} required={Boolean(props.required)}>
      <div className={styles.box}>
        <input
          key={frame.meta.key}
          className={hydrated ? styles.input : fieldStyles.input}
          {...inputProps}
          {...props}
          type={shown ? 'text' : 'password'}
        />
        {hydrated ? (
          <button
            type="button"
            className={styles.toggle}
            aria-label={toggleLabel}
            aria-pressed={shown}
            aria-controls={frame.meta.id}
            onClick={() => setShown((s) => !s)}
          >
            <EyeIcon off={shown} />
          </button>
        ) : null}
      </div>
    </FieldChrome>
  );
}
