import type { ReactNode } from 'react';
import { cx, sx } from '~/lib/theme/static-css';

/** Chakra's alert (subtle variant) written out as static styles; no conform here. */
const alert = (palette: 'red' | 'green' | 'blue') =>
  sx({
    colorPalette: palette,
    display: 'flex',
    flexDirection: 'column',
    gap: '1',
    w: 'full',
    position: 'relative',
    borderRadius: 'l3',
    px: '4',
    py: '3',
    textStyle: 'sm',
    bg: 'colorPalette.subtle',
    color: 'colorPalette.fg',
    shadow: 'inset 0 0 0px 1px var(--shadow-color)',
    shadowColor: 'colorPalette.muted',
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.solid' },
  });

/**
 * The alert boxes by status; exported for a region that must stay in the page while empty (a
 * polite live region only announces what is put into an element already there), which puts the
 * box's style on itself once it has something to say.
 */
export const alertStyles = {
  error: alert('red'),
  success: alert('green'),
  info: alert('blue'),
};

const styles = {
  ...alertStyles,
  title: sx({ fontWeight: 'semibold' }),
};

export interface FormAlertProps {
  /** The form's error id (conform's `form.errorId`), named by the form's aria-describedby. */
  id?: string;
  /** Form-level messages, e.g. from `submission.reply({ formErrors })`. */
  errors?: readonly string[] | null;
  title?: ReactNode;
  /** Red error alert by default; 'success' and 'info' notices are polite status messages. */
  status?: 'error' | 'success' | 'info';
  children?: ReactNode;
  className?: string;
}

/**
 * Form-level messages in a red alert (role="alert"), e.g. 'Invalid email address or password.'.
 * Focusable by script, so a failed submit without field errors can move focus to it.
 */
export function FormAlert({
  id,
  errors,
  title,
  status = 'error',
  children,
  className,
}: FormAlertProps) {
  const list = errors?.filter(Boolean) ?? [];
  if (list.length === 0 && !children) return null;
  const style =
    status === 'error' ? styles.error : status === 'success' ? styles.success : styles.info;
  return (
    <div
      id={id}
      role={status === 'error' ? 'alert' : 'status'}
      tabIndex={-1}
      className={cx(style, className)}
      data-form-alert={status}
    >
      {title ? <p className={styles.title}>{title}</p> : null}
      {list.map((error) => (
        <p key={error}>{error}</p>
      ))}
      {children}
    </div>
  );
}
