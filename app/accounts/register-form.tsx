import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form, Link, useSubmit } from '@remix-run/react';
import { useMemo, useState, type MouseEvent, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { MIN_PASSWORD_LENGTH } from '~/lib/form-kit/fields';
import { BotCheckFields, type PublicBotCheck } from '~/lib/form-kit/bot-check-fields';
import { CheckboxField } from '~/lib/form-kit/checkbox-field';
import { Field } from '~/lib/form-kit/field';
import type { ChoiceOption, FieldMeta } from '~/lib/form-kit/field-base';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { PasswordField } from '~/lib/form-kit/password-field';
import { RadioGroupField } from '~/lib/form-kit/choice-group-field';
import { SelectField } from '~/lib/form-kit/select-field';
import { SubmitButton } from '~/lib/form-kit/submit-button';
import { useSchemaForm } from '~/lib/form-kit/use-schema-form';
import { recaptchaToken, useRecaptchaReady } from '~/lib/security/recaptcha-client';
import { registerSchema, type RegisterFlags } from './schemas';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { DocumentDialog, preloadDocumentDialog } from './document-dialog';
import { WaitDialog, WAIT_MESSAGES } from './wait-dialog';

export const REGISTER_FORM_ID = 'register';

export interface RegisterDocument {
  title: string;
  html: string;
}

export type { PublicBotCheck };

export interface RegisterFormData {
  flags: RegisterFlags & { minBirthDate: string; maxBirthDate: string };
  stores: ChoiceOption[];
  /** The store the selector starts on (the visitor's home store), else null: the placeholder. */
  homeStore: string | null;
  rewards: ChoiceOption[];
  birthdayHint: string | null;
  programName: string;
  terms: RegisterDocument | null;
  privacy: RegisterDocument | null;
  botCheck: PublicBotCheck;
}

export const PROMO_EMAILS_LABEL = 'Send me promotional emails, weekly ad and digital coupon alerts';
export const TERMS_NOTE = 'You must agree to the terms in order to create an account.';

const styles = {
  form: sx({ display: 'flex', flexDirection: 'column', gap: '5' }),
  note: sx({ color: 'fg.muted', textStyle: 'sm' }),
  pair: sx({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
    gap: '5',
    alignItems: 'start',
  }),
  fieldset: sx({
    border: '0',
    p: '0',
    m: '0',
    minW: '0',
    display: 'flex',
    flexDirection: 'column',
    gap: '5',
  }),
  legend: sx({ textStyle: 'md', fontWeight: 'semibold', mb: '3', p: '0' }),
  docLink: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontWeight: 'medium' }),
  submit: sxRecipe(
    'button',
    { variant: 'solid', size: 'lg' },
    { w: 'full', colorPalette: 'brand' },
  ),
  footer: sx({ textStyle: 'sm', textAlign: 'center' }),
  footerLink: sxRecipe(
    'link',
    { variant: 'underline' },
    { color: 'brand.fg', fontWeight: 'medium' },
  ),
};

/** A link to a document page that, with JavaScript, opens the document in a dialog instead. */
function DocumentLink({
  href,
  document,
  onOpen,
  children,
}: {
  href: string;
  document: RegisterDocument | null;
  onOpen: () => void;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const dialog = hydrated && document !== null;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!dialog || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onOpen();
  };
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={styles.docLink}
      aria-haspopup={dialog ? 'dialog' : undefined}
      onClick={onClick}
      onPointerEnter={dialog ? preloadDocumentDialog : undefined}
      onFocus={dialog ? preloadDocumentDialog : undefined}
    >
      {children}
    </a>
  );
}

export interface RegisterFormProps {
  data: RegisterFormData;
  /** The action's conform result after a failed post. */
  lastResult?: SubmissionResult<string[]> | null;
  /** A registration post is under way (wait dialog, disabled button). */
  pending: boolean;
  /**
   * The oauth flow (/sso/register): the `oauth` parameter posted with the form, and the link back
   * to the single-sign-on login ('Already have an account? Click here to log in', spec §2).
   */
  sso?: { oauth: string; loginHref: string };
}

/**
 * The registration form (spec §2 "Registration page", §5 "Registration"): a real form posting to
 * /register that works without JavaScript (the server validates and renders the errors in
 * place); with JavaScript, conform validates on blur and re-validates on input, Create Account
 * is disabled while field errors show or a post is under way, and a wait dialog blocks the page.
 */
export function RegisterForm({ data, lastResult, pending, sso }: RegisterFormProps) {
  const { flags, botCheck } = data;
  const hydrated = useHydrated();
  const submit = useSubmit();
  const schema = useMemo(() => registerSchema(flags), [flags]);
  const recaptcha = botCheck.mode === 'recaptcha' ? botCheck : null;
  const recaptchaReady = useRecaptchaReady(recaptcha?.siteKey ?? null);
  const [verifying, setVerifying] = useState(false);
  const [openDocument, setOpenDocument] = useState<'terms' | 'privacy' | null>(null);

  const [form, fields] = useSchemaForm(schema, {
    id: REGISTER_FORM_ID,
    lastResult,
    defaultValue: data.homeStore ? { storeNumber: data.homeStore } : undefined,
    onSubmit: recaptcha
      ? (event, { formData }) => {
          // reCAPTCHA v3: fetch a token for this post, then send the form with it.
          event.preventDefault();
          setVerifying(true);
          void recaptchaToken(recaptcha.siteKey, recaptcha.action).then((token) => {
            formData.set(recaptcha.tokenField, token);
            submit(formData, { method: 'post' });
            setVerifying(false);
          });
        }
      : undefined,
  });

  // Field errors on screen keep Create Account disabled until they are fixed; a form-level alert
  // (e.g. 'Please try submitting again.') does not, so the shopper can try again.
  const fieldErrorsShown = Object.entries(form.allErrors).some(
    ([name, errors]) => name !== '' && errors.length > 0,
  );
  const busy = pending || verifying;
  const disabled = hydrated && (fieldErrorsShown || (recaptcha !== null && !recaptchaReady));
  const f = fields as unknown as Record<string, FieldMeta>;

  return (
    <>
      <Form method="post" {...getFormProps(form)} className={styles.form}>
        {sso ? <input type="hidden" name="oauth" value={sso.oauth} /> : null}
        <p className={styles.note}>* indicates required field</p>
        <FormAlert id={form.errorId} errors={form.errors} />

        <div className={styles.pair}>
          <Field
            meta={f.firstName}
            label="First Name"
            inputProps={{ autoComplete: 'given-name' }}
          />
          <Field meta={f.lastName} label="Last Name" inputProps={{ autoComplete: 'family-name' }} />
        </div>
        <Field
          meta={f.birthday}
          label="Birth Date"
          type="date"
          hint={data.birthdayHint ?? undefined}
          inputProps={{ min: flags.minBirthDate, max: flags.maxBirthDate, autoComplete: 'bday' }}
        />
        <Field
          meta={f.email}
          label="Email"
          type="email"
          hint="Your email address is your username."
          inputProps={{ autoComplete: 'email' }}
        />
        <div className={styles.pair}>
          <Field meta={f.phone} label="Phone" type="tel" />
          <Field
            meta={f.secondaryPhone}
            label="Phone 2"
            type="tel"
            inputProps={{ autoComplete: 'off' }}
          />
        </div>

        {flags.addressHidden ? null : (
          <>
            <Field
              meta={f.address1}
              label="Address"
              inputProps={{ autoComplete: 'address-line1' }}
            />
            <div className={styles.pair}>
              <Field
                meta={f.address2}
                label="Apartment/Building"
                inputProps={{ autoComplete: 'address-line2' }}
              />
              <Field
                meta={f.zip}
                label="Zip Code"
                inputProps={{ autoComplete: 'postal-code', inputMode: 'numeric' }}
              />
            </div>
          </>
        )}

        {flags.organizationQuestion ? (
          <Field meta={f.organization} label="How did you hear about our rewards program?" />
        ) : null}

        {flags.storeRequired ? (
          <SelectField
            meta={f.storeNumber}
            label="My Store"
            placeholder="Select your store"
            options={data.stores}
          />
        ) : null}

        {flags.rewardChoice ? (
          <RadioGroupField
            meta={f.rewardSubscriptionId}
            legend={`Choose your ${data.programName}`}
            options={data.rewards}
          />
        ) : null}

        <div className={styles.pair}>
          <PasswordField
            meta={f.password}
            label="Password"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            inputProps={{ autoComplete: 'new-password' }}
          />
          <PasswordField
            meta={f.confirmPassword}
            label="Confirm Password"
            toggleLabel="Show confirmation"
            inputProps={{ autoComplete: 'new-password' }}
          />
        </div>

        <CheckboxField meta={f.promoEmails} label={PROMO_EMAILS_LABEL} />
        <CheckboxField
          meta={f.acceptTerms}
          label={
            <>
              I agree to the{' '}
              <DocumentLink
                href="/account/terms"
                document={data.terms}
                onOpen={() => setOpenDocument('terms')}
              >
                Terms and Conditions
              </DocumentLink>{' '}
              and the{' '}
              <DocumentLink
                href="/account/privacy"
                document={data.privacy}
                onOpen={() => setOpenDocument('privacy')}
              >
                Privacy Policy
              </DocumentLink>
            </>
          }
          hint={TERMS_NOTE}
        />

        <BotCheckFields botCheck={botCheck} idPrefix={REGISTER_FORM_ID} />

        <SubmitButton
          className={styles.submit}
          pending={busy}
          pendingLabel="Creating Account…"
          disabled={disabled}
        >
          Create Account
        </SubmitButton>
        <p className={styles.footer}>
          Already have an account?{' '}
          {sso ? (
            <Link className={styles.footerLink} to={sso.loginHref}>
              Click here to log in
            </Link>
          ) : (
            <Link className={styles.footerLink} to="/login">
              Log in
            </Link>
          )}
        </p>
      </Form>

      <WaitDialog open={busy} message={WAIT_MESSAGES.register} />
      {data.terms ? (
        <DocumentDialog
          document={data.terms}
          open={openDocument === 'terms'}
          onOpenChange={(open) => setOpenDocument(open ? 'terms' : null)}
        />
      ) : null}
      {data.privacy ? (
        <DocumentDialog
          document={data.privacy}
          open={openDocument === 'privacy'}
          onOpenChange={(open) => setOpenDocument(open ? 'privacy' : null)}
        />
      ) : null}
    </>
  );
}
