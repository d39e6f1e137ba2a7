import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form, useSubmit } from '@remix-run/react';
import { useMemo } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { BotCheckFields, type PublicBotCheck } from '~/lib/form-kit/bot-check-fields';
import { useBotCheckSubmit } from '~/lib/form-kit/bot-check-submit';
import type { ChoiceOption } from '~/lib/form-kit/field-base';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { SubmitButton } from '~/lib/form-kit/submit-button';
import { useFormValid } from '~/lib/form-kit/use-form-valid';
import { useSchemaForm } from '~/lib/form-kit/use-schema-form';
import { registerSchema, type RegisterFlags } from './schemas';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { useDocumentDialogs, type RegisterDocument } from './register-documents';
import {
  AboutYouSection,
  AddressSection,
  ChoicesSection,
  ConsentSection,
  ContactSection,
  LoginLinkSection,
  PasswordSection,
  type RegisterFields,
} from './register-sections';
import { WaitDialog, WAIT_MESSAGES } from './wait-dialog';

export const REGISTER_FORM_ID = 'register';

export type { PublicBotCheck, RegisterDocument };

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

const styles = {
  form: sx({ display: 'flex', flexDirection: 'column', gap: '5' }),
  note: sx({ color: 'fg.muted', textStyle: 'sm' }),
  submit: sxRecipe(
    'button',
    { variant: 'solid', size: 'lg' },
    { w: 'full', colorPalette: 'brand' },
  ),
};

export interface RegisterFormProps {
  data: RegisterFormData;
  /** The action's conform result after a failed post. */
  lastResult?: SubmissionResult<string[]> | null;
  /** A registration post is under way (wait dialog, disabled button). */
  pending: boolean;
  /**
   * The oauth flow (/sso/register): the `oauth` parameter posted with the form, and the link back
   * to the single-sign-on login ('Already have an account? Click here to log in').
   */
  sso?: { oauth: string; loginHref: string };
}

/**
 * The registration form (docs/reference/accounts.md "Registration" and "Field rules"): a real form
 * posting to /register that works without JavaScript (the server validates and renders the errors
 * in place); with JavaScript, conform validates on blur and re-validates on input, Create Account
 * reads as unavailable until the form is valid, is disabled while a post is under way, and a wait
 * dialog blocks the page.
 */
export function RegisterForm({ data, lastResult, pending, sso }: RegisterFormProps) {
  const { flags } = data;
  const hydrated = useHydrated();
  const submit = useSubmit();
  const schema = useMemo(() => registerSchema(flags), [flags]);
  const botCheck = useBotCheckSubmit(data.botCheck, (formData) =>
    submit(formData, { method: 'post' }),
  );
  const documents = { terms: data.terms, privacy: data.privacy };
  const dialogs = useDocumentDialogs(documents);

  const [form, fields] = useSchemaForm(schema, {
    id: REGISTER_FORM_ID,
    lastResult,
    defaultValue: data.homeStore ? { storeNumber: data.homeStore } : undefined,
    onSubmit: botCheck.onSubmit,
  });
  const busy = pending || botCheck.verifying;
  // Create Account reads as unavailable until the form is valid, yet a press still shows every
  // message (docs/decisions/0030-submit-until-valid.md); it is disabled until the bot check has
  // loaded. A form-level alert (e.g. 'Please try submitting again.') does not block a retry.
  const valid = useFormValid(form.id, schema);
  const disabled = hydrated && !botCheck.ready;
  const f = fields as unknown as RegisterFields;

  return (
    <>
      <Form method="post" {...getFormProps(form)} className={styles.form}>
        {sso ? <input type="hidden" name="oauth" value={sso.oauth} /> : null}
        <p className={styles.note}>* indicates required field</p>
        <FormAlert id={form.errorId} errors={form.errors} />
        <AboutYouSection
          fields={f}
          birthDates={{ min: flags.minBirthDate, max: flags.maxBirthDate }}
          birthdayHint={data.birthdayHint}
        />
        <ContactSection fields={f} />
        <AddressSection fields={f} hidden={flags.addressHidden} />
        <ChoicesSection
          fields={f}
          flags={flags}
          stores={data.stores}
          rewards={data.rewards}
          programName={data.programName}
        />
        <PasswordSection fields={f} />
        <ConsentSection fields={f} documents={documents} onOpenDocument={dialogs.open} />
        <BotCheckFields botCheck={data.botCheck} idPrefix={REGISTER_FORM_ID} />
        <SubmitButton
          className={styles.submit}
          pending={busy}
          pendingLabel="Creating Account…"
          disabled={disabled}
          blocked={valid === false}
        >
          Create Account
        </SubmitButton>
        <LoginLinkSection ssoLoginHref={sso?.loginHref} />
      </Form>
      <WaitDialog open={busy} message={WAIT_MESSAGES.register} />
      {dialogs.dialogs}
    </>
  );
}
