import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { cx, sxRecipe } from '~/lib/theme/static-css';

const styles = {
  submit: sxRecipe('button', { size: 'md', variant: 'solid' }, { colorPalette: 'brand' }),
  spinner: sxRecipe('spinner', { size: 'sm' }),
};

export interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** The form is being submitted (see `isSubmitting`): spinner, pending label, disabled. */
  pending?: boolean;
  /** Text while pending, e.g. 'Logging in…'; the children otherwise. */
  pendingLabel?: ReactNode;
  /**
   * Shown and announced as unavailable (aria-disabled) while the button stays focusable and
   * pressable: pressing it runs the form's validation, which posts nothing while a field is
   * invalid and moves focus to the first message (docs/decisions/0028-submit-buttons-in-form-dialogs.md).
   */
  blocked?: boolean;
}

/** A submit button with a pending state; name/value carry an `intent` when a page has several forms. */
export function SubmitButton({
  pending = false,
  pendingLabel,
  blocked = false,
  disabled,
  children,
  className,
  ...props
}: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={cx(styles.submit, className)}
      {...props}
      disabled={pending || disabled}
      aria-disabled={(blocked && !pending && !disabled) || undefined}
      aria-busy={pending || undefined}
    >
      {pending ? <span aria-hidden="true" className={styles.spinner} /> : null}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
