import { getFormProps } from '@conform-to/react';
import type { FetcherWithComponents, Form as RemixForm } from '@remix-run/react';
import { useEffect, useMemo, useRef } from 'react';
import { HoneypotField } from '~/lib/form-kit/bot-check-fields';
import { CheckboxField } from '~/lib/form-kit/checkbox-field';
import { EmailField } from '~/lib/form-kit/email-field';
import { Field } from '~/lib/form-kit/field';
import { alertStyles, FormAlert } from '~/lib/form-kit/form-alert';
import { SelectField } from '~/lib/form-kit/select-field';
import { SubmitButton } from '~/lib/form-kit/submit-button';
import { useFormValid } from '~/lib/form-kit/use-form-valid';
import { useSchemaForm } from '~/lib/form-kit/use-schema-form';
import { cx, sx } from '~/lib/theme/static-css';
import {
  AGE_PLACEHOLDER,
  AGE_RANGES,
  NEWSLETTER_MESSAGES,
  PHARMACY_STORE_PLACEHOLDER,
  SUBSCRIBE_INTENT,
  SUBSCRIBED_LABEL,
  CONFIRM_SENT_LABEL,
  TRAP_FIELD,
} from './messages';
import { pharmacySchema, signupSchema } from './schemas';
import type { SignupActionData, SignupSetup } from './types';

const styles = {
  form: sx({ display: 'flex', flexDirection: 'column', gap: '4' }),
  note: sx({ textStyle: 'xs', color: 'fg.muted' }),
  names: sx({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' }),
  // The thank-you region is always there (a polite live region announces what is put into it).
  // Empty, it takes no room (its margin cancels the form's gap) but stays in the page.
  status: sx({ _empty: { mb: '-4' } }),
  submit: sx({ alignSelf: 'flex-start' }),
};

/** The labels of the store select (the required star is added after them: 'Home Store*'). */
const STORE_LABELS = { standard: 'Home Store', ace: 'Ace Location', pharmacy: 'Store' } as const;
const STORE_PLACEHOLDERS = {
  standard: 'Select a store',
  ace: 'Select a location',
  pharmacy: PHARMACY_STORE_PLACEHOLDER,
} as const;

type SubscribeReply = Extract<SignupActionData, { intent: 'subscribe' }>;

export interface SignupFormProps {
  setup: SignupSetup;
  /** Remix's Form (a page) or a fetcher's (a dialog). */
  Form: typeof RemixForm | FetcherWithComponents<unknown>['Form'];
  /** The action's answer to this form's last post, else null. */
  reply: SubscribeReply | null;
  /** The post is under way (the 'saving' state). */
  pending: boolean;
  /** The address typed in the footer. */
  defaultEmail?: string;
  /** Keeps ids apart when a page and a dialog both hold a form. */
  idPrefix: string;
}

/**
 * One sign-up form (docs/reference/newsletter.md "What the shopper sees"): the footer's (Email*,
 * Home Store* or Ace Location*, first and last name, phone with the (###) ###-#### mask) or the
 * pharmacy's (Email*, store*, age range*, agreement). States: idle; saving (the button's spinner);
 * subscribed ('Thank you for subscribing!' announced, the button reads 'Subscribed!' and is
 * disabled); error (an alert with the outcome's message, docs/reference/newsletter.md "Messages").
 * The submit reads as unavailable until the form is valid, and a press still shows every
 * message (docs/decisions/0030-submit-until-valid.md).
 */
export function SignupForm({
  setup,
  Form,
  reply,
  pending,
  defaultEmail,
  idPrefix,
}: SignupFormProps) {
  const { variant } = setup;
  const schema = useMemo(() => {
    const values = setup.stores.map((s) => s.value);
    return variant === 'pharmacy' ? pharmacySchema(values) : signupSchema(values);
  }, [setup.stores, variant]);
  const id = `${idPrefix}newsletter-${variant}`;
  const [form, fields] = useSchemaForm(schema, {
    id,
    lastResult: reply?.result,
    defaultValue: { email: defaultEmail ?? '', store: setup.selectedStore ?? '' },
  });
  const done = reply?.done === true;
  const pendingConfirmation = done && reply?.intent === 'subscribe' && reply.pending === true;
  const valid = useFormValid(form.id, schema);
  const statusRef = useRef<HTMLDivElement>(null);

  // The button the shopper pressed is disabled once subscribed: focus moves to the thank-you.
  useEffect(() => {
    if (done) statusRef.current?.focus();
  }, [done]);

  return (
    <Form method="post" action={setup.action} {...getFormProps(form)} className={styles.form}>
      <input type="hidden" name="intent" value={SUBSCRIBE_INTENT} />
      <div
        ref={statusRef}
        id={`${id}-status`}
        role="status"
        tabIndex={-1}
        className={cx(styles.status, done && alertStyles.success)}
        data-testid="newsletter-status"
      >
        {done
          ? pendingConfirmation
            ? NEWSLETTER_MESSAGES.confirmSent
            : NEWSLETTER_MESSAGES.subscribed
          : null}
      </div>
      <FormAlert id={form.errorId} errors={done ? null : form.errors} />
      <p className={styles.note}>* indicates required field</p>
      <EmailField meta={fields.email} />
      <SelectField
        meta={fields.store}
        label={STORE_LABELS[variant]}
        placeholder={STORE_PLACEHOLDERS[variant]}
        options={setup.stores}
      />
      {variant !== 'pharmacy' ? (
        <>
          <div className={styles.names}>
            <Field
              meta={fields.firstName}
              label="First Name"
              inputProps={{ autoComplete: 'given-name' }}
            />
            <Field
              meta={fields.lastName}
              label="Last Name"
              inputProps={{ autoComplete: 'family-name' }}
            />
          </div>
          <Field meta={fields.phone} label="Phone" type="tel" />
        </>
      ) : null}
      {variant === 'pharmacy' ? (
        <>
          <SelectField
            meta={fields.age}
            label="Age Range"
            placeholder={AGE_PLACEHOLDER}
            options={AGE_RANGES.map((a) => ({ value: a, label: a }))}
          />
          <CheckboxField meta={fields.agree} label={setup.agreement ?? ''} />
        </>
      ) : null}
      <HoneypotField id={`${id}-trap`} name={TRAP_FIELD} />
      <SubmitButton
        pending={pending}
        pendingLabel="Subscribing…"
        disabled={done}
        blocked={valid === false}
        className={styles.submit}
      >
        {done ? (pendingConfirmation ? CONFIRM_SENT_LABEL : SUBSCRIBED_LABEL) : 'Subscribe'}
      </SubmitButton>
    </Form>
  );
}
