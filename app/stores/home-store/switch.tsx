import type { ChangeEventHandler } from 'react';
import { sx } from '~/lib/theme/static-css';
import { srOnly } from '~/lib/ui/styles';

/** A checkbox drawn as a switch: a track with a knob that slides right when checked. */
const track = (off: string, on: string, ring: string) =>
  sx({
    appearance: 'none',
    position: 'relative',
    flexShrink: 0,
    w: '9',
    h: '5',
    m: 0,
    borderRadius: 'full',
    bg: off,
    cursor: 'pointer',
    transition: 'background 0.15s',
    _before: {
      content: '""',
      position: 'absolute',
      top: '2px',
      left: '2px',
      w: '4',
      h: '4',
      borderRadius: 'full',
      bg: 'white',
      shadow: 'sm',
      transition: 'transform 0.15s',
    },
    _checked: { bg: on, _before: { transform: 'translateX(16px)' } },
    _focusVisible: { outline: '2px solid', outlineColor: ring, outlineOffset: '2px' },
    // Already the saved store: it stays on, and looks it.
    '&[aria-disabled=true]': { opacity: 0.6, cursor: 'not-allowed' },
    '@media (prefers-reduced-motion: reduce)': {
      transition: 'none',
      _before: { transition: 'none' },
    },
  });

const styles = {
  row: sx({ display: 'inline-flex', alignItems: 'center', gap: '2' }),
  label: sx({ fontSize: 'sm', fontWeight: 'medium', cursor: 'pointer' }),
  light: track('gray.500', 'brand.solid', 'brand.solid'),
  dark: track('gray.500', 'green.500', 'white'),
};

/**
 * 'Make this my home store' (docs/reference/stores.md "Home store"): a real checkbox with
 * role="switch", labelled, so it is reached by Tab, toggled by Space and announced as a switch.
 * `name` makes it a field of its form (the page without JavaScript posts it as makeHome). `locked`:
 * already the saved store, so it shows on and cannot be turned off (aria-disabled keeps it
 * focusable and announced).
 */
export function HomeStoreSwitch({
  id,
  name,
  checked,
  defaultChecked,
  onChange,
  locked = false,
  tone = 'light',
  description,
  label = 'Make this my home store',
}: {
  id: string;
  name?: string;
  checked?: boolean;
  defaultChecked?: boolean;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  locked?: boolean;
  tone?: 'light' | 'dark';
  /** Said after the label by screen readers (what turning it on does). */
  description?: string;
  label?: string;
}) {
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <span className={styles.row}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        name={name}
        className={tone === 'dark' ? styles.dark : styles.light}
        checked={checked}
        defaultChecked={defaultChecked}
        onChange={onChange}
        onClick={locked ? (event) => event.preventDefault() : undefined}
        aria-disabled={locked || undefined}
        aria-describedby={descriptionId}
      />
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {description ? (
        <span id={descriptionId} className={srOnly}>
          {description}
        </span>
      ) : null}
    </span>
  );
}
