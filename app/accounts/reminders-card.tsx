import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { CheckboxField } from '~/lib/form-kit/checkbox-field';
import { SubmitButton } from '~/lib/form-kit/submit-button';
import { useSchemaForm } from '~/lib/form-kit/use-schema-form';
import { accountStyles as styles } from './account-row';
import { REMINDERS_INTENT, remindersSchema } from './reminders-schema';

export interface RemindersCardProps {
  choices: { couponsExpiring: boolean; rewardsReady: boolean };
  programName: string;
  lastResult?: SubmissionResult<string[]>;
  pending: boolean;
}

/**
 * 'E-mail reminders' (docs/reference/reminders.md): the shopper's two reminder e-mails, ticked as
 * they stand (the brand's default until they choose), saved together by a plain post.
 */
export function RemindersCard({ choices, programName, lastResult, pending }: RemindersCardProps) {
  const [form, fields] = useSchemaForm(remindersSchema, {
    id: 'account-reminders',
    lastResult,
    defaultValue: {
      intent: REMINDERS_INTENT,
      couponsExpiring: choices.couponsExpiring,
      rewardsReady: choices.rewardsReady,
    },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  });
  const headingId = 'reminders';
  return (
    <section className={styles.paddedCard} aria-labelledby={`${headingId}-heading`} id={headingId}>
      <h2 id={`${headingId}-heading`} className={styles.cardHeading}>
        E-mail reminders
      </h2>
      <Form method="post" preventScrollReset {...getFormProps(form)} className={styles.form}>
        <input type="hidden" name="intent" value={REMINDERS_INTENT} />
        <CheckboxField
          meta={fields.couponsExpiring}
          label="E-mail me when coupons I clipped end within 3 days"
        />
        <CheckboxField
          meta={fields.rewardsReady}
          label={`E-mail me when a ${programName} reward is ready or a credit expires soon`}
        />
        <div className={styles.actions}>
          <SubmitButton pending={pending}>Save reminders</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
