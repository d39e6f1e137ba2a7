import { Link } from '@remix-run/react';
import { CheckboxField } from '~/lib/form-kit/checkbox-field';
import { RadioGroupField } from '~/lib/form-kit/choice-group-field';
import { EmailField } from '~/lib/form-kit/email-field';
import { Field } from '~/lib/form-kit/field';
import type { ChoiceOption, FieldMeta } from '~/lib/form-kit/field-base';
import { MIN_PASSWORD_LENGTH } from '~/lib/form-kit/fields';
import { SelectField } from '~/lib/form-kit/select-field';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { EMAIL_USERNAME_HINT } from './messages';
import { NewPasswordFields } from './new-password-fields';
import {
  DocumentLink,
  type RegisterDocument,
  type RegisterDocumentName,
} from './register-documents';
import type { RegisterFlags } from './schemas';

/**
 * The sections of the registration form, in page order: who you are, how to reach you, the
 * address, the brand's questions and choices, the password, the consents, and the way to the
 * login for a shopper who has an account. Each renders its fields without a wrapper of its own,
 * so the form's layout (one column, pairs side by side on wide screens) is the form's.
 */

/** The registration's fields (conform's metadata by name; which exist depends on the brand). */
export type RegisterFields = Record<string, FieldMeta>;

export const PROMO_EMAILS_LABEL = 'Send me promotional emails, weekly ad and digital coupon alerts';
export const TERMS_NOTE = 'You must agree to the terms in order to create an account.';

const styles = {
  pair: sx({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
    gap: '5',
    alignItems: 'start',
  }),
  footer: sx({ textStyle: 'sm', textAlign: 'center' }),
  footerLink: sxRecipe(
    'link',
    { variant: 'underline' },
    { color: 'brand.fg', fontWeight: 'medium' },
  ),
};

/** Names and birth date ('Free ice cream for your birthday' on the brands that offer it). */
export function AboutYouSection({
  fields,
  birthDates,
  birthdayHint,
}: {
  fields: RegisterFields;
  birthDates: { min: string; max: string };
  birthdayHint: string | null;
}) {
  return (
    <>
      <div className={styles.pair}>
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
      <Field
        meta={fields.birthday}
        label="Birth Date"
        type="date"
        hint={birthdayHint ?? undefined}
        inputProps={{ min: birthDates.min, max: birthDates.max, autoComplete: 'bday' }}
      />
    </>
  );
}

/** The e-mail (the future username) and the phones; Phone 2 is never autofilled. */
export function ContactSection({ fields }: { fields: RegisterFields }) {
  return (
    <>
      <EmailField meta={fields.email} hint={EMAIL_USERNAME_HINT} />
      <div className={styles.pair}>
        <Field meta={fields.phone} label="Phone" type="tel" />
        <Field
          meta={fields.secondaryPhone}
          label="Phone 2"
          type="tel"
          inputProps={{ autoComplete: 'off' }}
        />
      </div>
    </>
  );
}

/** The address block; some brands ask for none. */
export function AddressSection({ fields, hidden }: { fields: RegisterFields; hidden: boolean }) {
  if (hidden) return null;
  return (
    <>
      <Field
        meta={fields.address1}
        label="Address"
        inputProps={{ autoComplete: 'address-line1' }}
      />
      <div className={styles.pair}>
        <Field
          meta={fields.address2}
          label="Apartment/Building"
          inputProps={{ autoComplete: 'address-line2' }}
        />
        <Field
          meta={fields.zip}
          label="Zip Code"
          inputProps={{ autoComplete: 'postal-code', inputMode: 'numeric' }}
        />
      </div>
    </>
  );
}

/**
 * What the brand asks besides: how the shopper heard of the program, the home store (when the
 * brand has more than one location) and the reward, each only where the brand's flags say so.
 */
export function ChoicesSection({
  fields,
  flags,
  stores,
  rewards,
  programName,
}: {
  fields: RegisterFields;
  flags: Pick<RegisterFlags, 'organizationQuestion' | 'storeRequired' | 'rewardChoice'>;
  stores: readonly ChoiceOption[];
  rewards: readonly ChoiceOption[];
  programName: string;
}) {
  return (
    <>
      {flags.organizationQuestion ? (
        <Field meta={fields.organization} label="How did you hear about our rewards program?" />
      ) : null}
      {flags.storeRequired ? (
        <SelectField
          meta={fields.storeNumber}
          label="My Store"
          placeholder="Select your store"
          options={stores}
        />
      ) : null}
      {flags.rewardChoice ? (
        <RadioGroupField
          meta={fields.rewardSubscriptionId}
          legend={`Choose your ${programName}`}
          options={rewards}
        />
      ) : null}
    </>
  );
}

/** The password and its confirmation, side by side on wide screens. */
export function PasswordSection({ fields }: { fields: RegisterFields }) {
  return (
    <div className={styles.pair}>
      <NewPasswordFields
        password={fields.password}
        confirmation={fields.confirmPassword}
        label="Password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        toggleLabels={{ confirmation: 'Show confirmation' }}
      />
    </div>
  );
}

/** The promotional-email opt-in, and the agreement with links to the terms and privacy policy. */
export function ConsentSection({
  fields,
  documents,
  onOpenDocument,
}: {
  fields: RegisterFields;
  documents: Record<RegisterDocumentName, RegisterDocument | null>;
  onOpenDocument: (name: RegisterDocumentName) => void;
}) {
  return (
    <>
      <CheckboxField meta={fields.promoEmails} label={PROMO_EMAILS_LABEL} />
      <CheckboxField
        meta={fields.acceptTerms}
        label={
          <>
            I agree to the{' '}
            <DocumentLink
              href="/account/terms"
              document={documents.terms}
              onOpen={() => onOpenDocument('terms')}
            >
              Terms and Conditions
            </DocumentLink>{' '}
            and the{' '}
            <DocumentLink
              href="/account/privacy"
              document={documents.privacy}
              onOpen={() => onOpenDocument('privacy')}
            >
              Privacy Policy
            </DocumentLink>
          </>
        }
        hint={TERMS_NOTE}
      />
    </>
  );
}

/** 'Already have an account?': the site's /login, or the single-sign-on login of the request. */
export function LoginLinkSection({ ssoLoginHref }: { ssoLoginHref?: string }) {
  return (
    <p className={styles.footer}>
      Already have an account?{' '}
      {ssoLoginHref ? (
        <Link className={styles.footerLink} to={ssoLoginHref}>
          Click here to log in
        </Link>
      ) : (
        <Link className={styles.footerLink} to="/login">
          Log in
        </Link>
      )}
    </p>
  );
}
