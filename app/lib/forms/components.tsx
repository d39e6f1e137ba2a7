import {
  getCollectionProps,
  getInputProps,
  getSelectProps,
  type FieldMetadata,
} from '@conform-to/react';
import {
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { cx, sx, sxRecipe } from '~/lib/theme/static-css';
import { maskPhoneEdit, parsePhone } from './mask';

export { useScrollToFirstError } from './scroll-to-error';
export { FormAlert, type FormAlertProps } from './form-alert';
export { isSubmitting, type SubmissionState } from './submitting';

/**
 * The form pieces every account form uses (DESIGN.md: shared Field/ErrorList wrappers setting
 * aria-invalid and aria-describedby). Plain inputs, selects and buttons styled with Chakra's
 * recipes as static classes (~/lib/theme/static-css): server-rendered, working as real form
 * controls without JavaScript, and costing no Chakra runtime in the browser. Inputs stay
 * uncontrolled (conform's `getInputProps`), so no `useInputControl` is needed: the phone mask
 * rewrites the input's own value before conform reads it.
 */

/** Conform's metadata of one field (errors as a list of messages). */
export type FieldMeta = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/*
 * Chakra's field, nativeSelect and alert slot recipes written out as static styles (slot
 * recipes have no static-class helper), with the input, button and spinner recipes as they are.
 */
const label = {
  display: 'inline-flex',
  alignItems: 'center',
  textAlign: 'start',
  textStyle: 'sm',
  fontWeight: 'medium',
  gap: '1',
} as const;

const styles = {
  root: sx({
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '1.5',
    w: 'full',
    position: 'relative',
  }),
  label: sx(label),
  requiredMark: sx({ color: 'red.700', lineHeight: '1' }),
  hint: sx({ color: 'fg.muted', textStyle: 'xs' }),
  errorList: sx({ listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: '0.5' }),
  error: sx({ color: 'red.700', textStyle: 'xs', fontWeight: 'medium' }),
  input: sxRecipe('input', { size: 'md', variant: 'outline' }, { bg: 'bg' }),
  passwordBox: sx({ position: 'relative', w: 'full' }),
  passwordInput: sxRecipe('input', { size: 'md', variant: 'outline' }, { bg: 'bg', pe: '10' }),
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
  checkRow: sx({ display: 'flex', alignItems: 'flex-start', gap: '2' }),
  checkLabel: sx({ textStyle: 'sm', cursor: 'pointer' }),
  // Native boxes keep working (and keyboard-accessible) without JavaScript; brand-coloured.
  checkbox: sx({
    accentColor: 'brand.solid',
    boxSize: '4',
    mt: '0.5',
    flexShrink: '0',
    cursor: 'pointer',
    _invalid: { outline: '2px solid', outlineColor: 'border.error', outlineOffset: '1px' },
  }),
  fieldset: sx({
    border: '0',
    p: '0',
    m: '0',
    minW: '0',
    display: 'flex',
    flexDirection: 'column',
    gap: '1.5',
  }),
  legend: sx({ ...label, p: '0', mb: '1.5' }),
  options: sx({ display: 'flex', flexDirection: 'column', gap: '2' }),
  selectRoot: sx({ position: 'relative', display: 'flex', w: 'full' }),
  // The input recipe fits a native select too (border, height, focus and invalid states).
  select: sxRecipe(
    'input',
    { size: 'md', variant: 'outline' },
    { bg: 'bg', pe: '8', lineHeight: 'normal', cursor: 'pointer', '& > option': { bg: 'bg' } },
  ),
  selectIndicator: sx({
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
  submit: sxRecipe('button', { size: 'md', variant: 'solid' }, { colorPalette: 'brand' }),
  spinner: sxRecipe('spinner', { size: 'sm' }),
};

const hintId = (meta: FieldMeta) => meta.descriptionId;

function RequiredMark() {
  // The input's `required` attribute tells assistive technology; the star is for the eye
  // (the page explains '* indicates required field').
  return (
    <span aria-hidden="true" className={styles.requiredMark}>
      *
    </span>
  );
}

/** The messages of one field or form, under the id its control's aria-describedby names. */
export function ErrorList({ id, errors }: { id?: string; errors?: readonly string[] | null }) {
  const list = errors?.filter(Boolean) ?? [];
  if (list.length === 0) return null;
  return (
    <ul id={id} className={styles.errorList}>
      {list.map((error) => (
        <li key={error} className={styles.error}>
          {error}
        </li>
      ))}
    </ul>
  );
}

interface FieldChromeProps {
  meta: FieldMeta;
  label: ReactNode;
  hint?: ReactNode;
  required: boolean;
  children: ReactNode;
  className?: string;
}

/** Label, control, hint and errors, stacked; the wrapper is what a failed submit scrolls to. */
function FieldChrome({ meta, label, hint, required, children, className }: FieldChromeProps) {
  return (
    <div className={cx(styles.root, className)} data-form-field={meta.name}>
      <label htmlFor={meta.id} className={styles.label}>
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children}
      {hint ? (
        <p id={hintId(meta)} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** Input attributes a caller may add (autoComplete, placeholder, min, max, ...). */
export type ExtraInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'id' | 'form' | 'type' | 'defaultValue' | 'value' | 'aria-describedby' | 'aria-invalid'
>;

export interface FieldProps {
  meta: FieldMeta;
  label: ReactNode;
  type?: 'text' | 'email' | 'tel' | 'password' | 'date';
  /** Shown under the input and read with it (aria-describedby). */
  hint?: ReactNode;
  /** Star and `required` attribute; defaults to the schema's constraint. */
  required?: boolean;
  inputProps?: ExtraInputProps;
  className?: string;
}

/** The control's props from conform, plus the hint in aria-describedby, `key` kept apart. */
function controlProps(
  meta: FieldMeta,
  type: NonNullable<FieldProps['type']> | 'checkbox',
  hint: boolean,
  required: boolean | undefined,
  value?: false,
) {
  const ariaDescribedBy = hint ? hintId(meta) : undefined;
  const { key: _key, ...props } = getInputProps(
    meta,
    type === 'checkbox'
      ? { type, ariaDescribedBy }
      : { type, ariaDescribedBy, ...(value === false ? { value } : {}) },
  );
  return { ...props, required: (required ?? meta.required) || undefined };
}

function withoutType<T extends { type?: unknown }>({ type: _type, ...rest }: T) {
  return rest;
}

/**
 * A labelled input (text, email, tel, password, date) with hint and errors; `aria-invalid` and
 * `aria-describedby` (errors when any, then the hint) set on the input. `tel` inputs get the
 * phone mask.
 */
export function Field({
  meta,
  label,
  type = 'text',
  hint,
  required,
  inputProps,
  className,
}: FieldProps) {
  const props = controlProps(meta, type, Boolean(hint), required);
  return (
    <FieldChrome
      meta={meta}
      label={label}
      hint={hint}
      required={Boolean(props.required)}
      className={className}
    >
      {type === 'tel' ? (
        <PhoneInput
          key={meta.key}
          className={styles.input}
          {...inputProps}
          {...withoutType(props)}
        />
      ) : (
        <input key={meta.key} className={styles.input} {...inputProps} {...props} />
      )}
    </FieldChrome>
  );
}

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

/**
 * A password input with a show/hide toggle: a real button (aria-pressed, aria-controls the
 * input), rendered only once hydrated; without JavaScript it is a plain password input. The
 * typed password is never put back into the page as a default value.
 */
export function PasswordField({
  meta,
  label,
  hint,
  required,
  inputProps,
  className,
  toggleLabel = 'Show password',
}: Omit<FieldProps, 'type'> & { toggleLabel?: string }) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(false);
  const props = controlProps(meta, 'password', Boolean(hint), required, false);
  return (
    <FieldChrome
      meta={meta}
      label={label}
      hint={hint}
      required={Boolean(props.required)}
      className={className}
    >
      <div className={styles.passwordBox}>
        <input
          key={meta.key}
          className={hydrated ? styles.passwordInput : styles.input}
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
            aria-controls={meta.id}
            onClick={() => setShown((s) => !s)}
          >
            <EyeIcon off={shown} />
          </button>
        ) : null}
      </div>
    </FieldChrome>
  );
}

/**
 * A phone input masking (###) ###-#### as the shopper types or pastes. Only an enhancement: the
 * server takes bare digits too (what a shopper without JavaScript may type). Uncontrolled; a
 * default value of ten digits is shown masked.
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

export interface CheckboxFieldProps {
  meta: FieldMeta;
  /** May hold links (terms and privacy dialogs). */
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  inputProps?: Omit<ExtraInputProps, 'checked'>;
  className?: string;
}

/** A native checkbox with its label beside it, hint and errors under. Posts 'on' when checked. */
export function CheckboxField({
  meta,
  label,
  hint,
  required,
  inputProps,
  className,
}: CheckboxFieldProps) {
  const props = controlProps(meta, 'checkbox', Boolean(hint), required);
  return (
    <div className={cx(styles.root, className)} data-form-field={meta.name}>
      <div className={styles.checkRow}>
        <input key={meta.key} className={styles.checkbox} {...inputProps} {...props} />
        <label htmlFor={meta.id} className={styles.checkLabel}>
          {label}
          {props.required ? <RequiredMark /> : null}
        </label>
      </div>
      {hint ? (
        <p id={hintId(meta)} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export interface ChoiceOption {
  value: string;
  label: ReactNode;
}

export interface RadioGroupFieldProps {
  meta: FieldMeta;
  legend: ReactNode;
  options: readonly ChoiceOption[];
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** e.g. submit at once (reward choice saves on change). */
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  className?: string;
}

/** Radio buttons in a fieldset with its legend; each radio carries aria-invalid/describedby. */
export function RadioGroupField({
  meta,
  legend,
  options,
  hint,
  required,
  disabled,
  onChange,
  className,
}: RadioGroupFieldProps) {
  const isRequired = required ?? meta.required ?? false;
  const radios = getCollectionProps(meta, {
    type: 'radio',
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
        {isRequired ? <RequiredMark /> : null}
      </legend>
      <div className={styles.options}>
        {radios.map(({ key, ...radio }, i) => (
          <div key={key ?? radio.value} className={styles.checkRow}>
            <input
              className={styles.checkbox}
              {...radio}
              required={isRequired || undefined}
              onChange={onChange}
            />
            <label htmlFor={radio.id} className={styles.checkLabel}>
              {options[i].label}
            </label>
          </div>
        ))}
      </div>
      {hint ? (
        <p id={hintId(meta)} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <ErrorList id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

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
      <div className={styles.selectRoot}>
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
        <div className={styles.selectIndicator}>
          <svg viewBox="0 0 24 24" className={styles.chevron} aria-hidden="true" focusable="false">
            <path d="m6 9 6 6 6-6" />
          </svg>
        </div>
      </div>
    </FieldChrome>
  );
}

export interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** The form is being submitted (see `isSubmitting`): spinner, pending label, disabled. */
  pending?: boolean;
  /** Text while pending, e.g. 'Logging in…'; the children otherwise. */
  pendingLabel?: ReactNode;
}

/** A submit button with a pending state; name/value carry an `intent` when a page has several forms. */
export function SubmitButton({
  pending = false,
  pendingLabel,
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
      aria-busy={pending || undefined}
    >
      {pending ? <span aria-hidden="true" className={styles.spinner} /> : null}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}

/**
 * Whether any field of the form currently shows an error (form-level messages such as 'Invalid
 * email address or password.' do not count). Submit buttons the spec disables "while the form is
 * invalid" use this once hydrated, so a first submit still reveals every message and a shopper
 * without JavaScript is never stuck.
 */
export function hasFieldErrors(form: { id: string; allErrors: Record<string, unknown> }): boolean {
  return Object.entries(form.allErrors).some(
    ([name, errors]) =>
      name !== '' && name !== form.id && Array.isArray(errors) && errors.length > 0,
  );
}
