import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form, Link, useSubmit } from '@remix-run/react';
import { useMemo, type ReactNode } from 'react';
import type { ChoiceOption } from '~/lib/form-kit/field-base';
import { RadioGroupField } from '~/lib/form-kit/choice-group-field';
import { SubmitButton } from '~/lib/form-kit/submit-button';
import { useSchemaForm } from '~/lib/form-kit/use-schema-form';
import { EVERYWHERE_FIELD } from './intents';
import { ACCOUNT_INTENTS, accountRewardChoiceSchema } from './schemas';
import { cx } from '~/lib/theme/static-css';
import { accountStyles as styles, rowFormId } from './account-row';

/** A titled card of the account page. */
export function AccountCard({
  id,
  title,
  children,
}: {
  /** Id of the heading, which names the section. */
  id: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={styles.paddedCard} aria-labelledby={id}>
      <h2 id={id} className={styles.cardHeading}>
        {title}
      </h2>
      {children}
    </section>
  );
}

export interface RewardChoiceCardProps {
  programName: string;
  options: readonly ChoiceOption[];
  /** The chosen reward subscription id, '' for none. */
  selected: string;
  lastResult?: SubmissionResult<string[]>;
  pending: boolean;
  hydrated: boolean;
}

/**
 * 'Choose your {programName}' (docs/reference/accounts.md "Account page"): a radio group that saves
 * as soon as the choice changes. Without JavaScript a Save button posts the same form.
 */
export function RewardChoiceCard({
  programName,
  options,
  selected,
  lastResult,
  pending,
  hydrated,
}: RewardChoiceCardProps) {
  const submit = useSubmit();
  const rewardIds = useMemo(() => options.map((o) => o.value), [options]);
  const schema = useMemo(() => accountRewardChoiceSchema({ rewardIds }), [rewardIds]);
  const [form, fields] = useSchemaForm(schema, {
    id: rowFormId(ACCOUNT_INTENTS.rewardChoice),
    lastResult,
    defaultValue: { intent: ACCOUNT_INTENTS.rewardChoice, rewardSubscriptionId: selected },
    // Checked on submit only: a change submits at once, and a blur meanwhile (the wait dialog
    // takes focus) must not start a validation submit of its own.
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  });
  const headingId = 'reward-choice-heading';
  return (
    <section className={styles.paddedCard} aria-labelledby={headingId}>
      <Form method="post" preventScrollReset {...getFormProps(form)} className={styles.form}>
        <input type="hidden" name="intent" value={ACCOUNT_INTENTS.rewardChoice} />
        <RadioGroupField
          meta={fields.rewardSubscriptionId}
          legend={
            <h2 id={headingId} className={styles.cardHeading}>
              Choose your {programName}
            </h2>
          }
          options={options}
          required={false}
          onChange={(event) => {
            if (hydrated && event.currentTarget.form) {
              submit(event.currentTarget.form, { preventScrollReset: true });
            }
          }}
        />
        <p>
          <a href="/about-rewards" target="_blank" rel="noopener" className={styles.link}>
            Learn more
            <span className={styles.srOnly}> about {programName} (opens in a new tab)</span>
          </a>
        </p>
        {hydrated ? null : (
          <div className={styles.actions}>
            <SubmitButton pending={pending}>Save</SubmitButton>
          </div>
        )}
      </Form>
    </section>
  );
}

/** Links to the shopper's receipts (a card of every signed-in shopper's account page). */
export function ReceiptsCard() {
  return (
    <AccountCard id="receipts-heading" title="Receipts">
      <p className={styles.text}>
        See what you bought, what you saved and the points you earned on each trip.
      </p>
      <p>
        <Link to="/account/receipts" className={styles.link}>
          View your receipts
        </Link>
      </p>
    </AccountCard>
  );
}

/**
 * Links to the charity picker (the page is the rewards area's: docs/reference/rewards.md
 * "Charity").
 */
export function CharityCard() {
  return (
    <AccountCard id="charity-heading" title="Charity">
      <p className={styles.text}>Choose the school or charity that your shopping helps support.</p>
      <p>
        <Link to="/rewards/charity" className={styles.link}>
          Choose your charity
        </Link>
      </p>
    </AccountCard>
  );
}

/** Links to the data-sharing preferences page. */
export function DataPreferencesCard() {
  return (
    <AccountCard id="data-preferences-heading" title="Data preferences">
      <p className={styles.text}>
        Choose whether we may share information about your shopping with our partners.
      </p>
      <p>
        <Link to="/account/data-preferences" className={styles.link}>
          Manage data preferences
        </Link>
      </p>
    </AccountCard>
  );
}

/** Log Out posts to /logout; `mobile` is the full-width one shown at the top on small screens. */
export function LogOutForm({ mobile = false }: { mobile?: boolean }) {
  return (
    <Form
      method="post"
      action="/logout"
      // A full page load: nothing of the shopper's stays in the tab (shared computers).
      reloadDocument
      className={cx(mobile && styles.mobileOnly)}
      data-testid={mobile ? 'account-logout-top' : 'account-logout'}
    >
      <button type="submit" className={mobile ? styles.logOutMobile : styles.logOut}>
        Log Out
      </button>
    </Form>
  );
}

/**
 * 'Log Out Everywhere' (docs/reference/accounts.md "Account page"): ends every session of the
 * shopper on this brand, this one included, and every partner site's sign-in made with this
 * account. A plain post: it works without JavaScript.
 */
export function LogOutEverywhereCard() {
  return (
    <AccountCard id="everywhere-heading" title="Signed in somewhere else?">
      <p className={styles.text}>
        Log out on every device and browser where you are signed in, and from the partner sites you
        signed in to with this account.
      </p>
      <Form method="post" action="/logout" reloadDocument data-testid="account-logout-everywhere">
        <input type="hidden" name={EVERYWHERE_FIELD} value="1" />
        <button type="submit" className={styles.logOut}>
          Log Out Everywhere
        </button>
      </Form>
    </AccountCard>
  );
}
