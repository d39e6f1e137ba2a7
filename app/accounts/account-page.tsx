import { LastKnownNotice } from '~/lib/ui/last-known-notice';
import {
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from '@remix-run/react';
import { useEffect, useMemo, useRef } from 'react';
import {
  AccountCard,
  CharityCard,
  DataPreferencesCard,
  LogOutEverywhereCard,
  LogOutForm,
  ReceiptsCard,
  RewardChoiceCard,
} from './account-cards';
import { AccountRow, accountStyles as styles, editLinkId, rowFormId } from './account-row';
import { RemindersCard } from './reminders-card';
import { REMINDERS_INTENT } from './reminders-schema';
import { AccountRowForm } from './account-row-form';
import {
  ACCOUNT_ROW_SPECS,
  mainCardRows,
  type AccountRowSpec,
  type RowContext,
} from './account-row-specs';
import { afterWaitDialog, WAIT_MESSAGES, WaitDialog } from './wait-dialog';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { accountAction, accountLoader } from './account.server';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { isSubmitting } from '~/lib/form-kit/submitting';
import { scrollToFirstError } from '~/lib/form-kit/scroll-to-error';
import { ACCOUNT_INTENTS, type AccountIntent } from './schemas';
import { StreamedSavingsSection } from '~/rewards/savings-section';
import { ShopperCard } from '~/lib/card/shopper-card';

/**
 * My Account Information (docs/reference/accounts.md "Account page"). Which row is edited comes
 * from the URL (`?edit=<row>`), or from a failed save of that row; with JavaScript, focus moves
 * into a row when it opens and back to its Edit link when it closes.
 */
export function AccountPage() {
  const data = useLoaderData<typeof accountLoader>();
  const actionData = useActionData<typeof accountAction>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const pending = isSubmitting(navigation, { formAction: '/account' });

  const { rows } = data;
  const isRow = (value: unknown): value is AccountIntent =>
    typeof value === 'string' && (rows as string[]).includes(value);
  const failed = actionData && !actionData.done ? actionData : undefined;
  const urlEdit = searchParams.get('edit');
  const edit = failed && isRow(failed.intent) ? failed.intent : isRow(urlEdit) ? urlEdit : null;
  const lastResultFor = (intent: AccountIntent) =>
    failed?.intent === intent ? failed.result : undefined;
  // Each refused save remounts the row's form from the reply: the reply never carries a
  // password back, so fields the shopper typed a password into start empty again, as they do
  // without JavaScript, and Save's rule reads the same values the fields show.
  const refusals = useRef(0);
  const formKey = useMemo(() => (failed ? ++refusals.current : refusals.current), [failed]);
  const alertId = failed ? `${rowFormId(failed.intent as AccountIntent)}-error` : 'account-error';
  const topErrors = data.loadError ? [data.loadError] : (failed?.result.error?.[''] ?? []);

  const stores = useMemo(() => data.stores ?? [], [data.stores]);
  const { zipOptional } = data.flags;
  const context = useMemo<RowContext | null>(
    () => (data.account ? { account: data.account, today: data.today, zipOptional, stores } : null),
    [data.account, data.today, zipOptional, stores],
  );
  /** A row in view or edit state; only the edited row's form is rendered. */
  const rowOf = (spec: AccountRowSpec, values: RowContext) => (
    <AccountRow
      key={spec.row}
      row={spec.row}
      label={spec.label}
      editing={edit === spec.row}
      value={spec.value(values)}
      form={
        <AccountRowForm
          key={formKey}
          spec={spec}
          context={values}
          lastResult={lastResultFor(spec.row)}
          pending={pending}
          hydrated={hydrated}
        />
      }
    />
  );

  useEditFocus(edit);
  useEffect(() => {
    if (!failed) return;
    // After a refused save: the first invalid field, else the red alert (a refusal of the
    // service has no field to point at). Done once the wait dialog has given focus back.
    return afterWaitDialog(() => {
      const form = document.getElementById(rowFormId(failed.intent as AccountIntent));
      const onField = form instanceof HTMLFormElement && scrollToFirstError(form);
      if (!onField) document.getElementById(alertId)?.focus();
    });
  }, [failed, alertId]);

  return (
    <div className={styles.page}>
      <LogOutForm mobile />
      <h1 className={styles.heading}>My Account Information</h1>
      {data.notice ? <FormAlert status="success" errors={[data.notice]} /> : null}
      <FormAlert id={alertId} errors={topErrors} />
      {/* From the session alone: shown while the loyalty service is down too. */}
      <ShopperCard card={data.card} headingId="shopper-card-heading" />

      {context ? (
        <>
          <div className={styles.card}>
            <dl className={styles.list}>
              {mainCardRows(rows).map((spec) => rowOf(spec, context))}
            </dl>
          </div>
          {data.stores ? (
            <AccountCard id="home-store-heading" title="Home Store">
              <dl className={styles.list}>{rowOf(ACCOUNT_ROW_SPECS.storeNumber, context)}</dl>
            </AccountCard>
          ) : null}

          {data.rewards ? (
            <RewardChoiceCard
              programName={data.rewards.programName}
              options={data.rewards.options}
              selected={context.account.rewardSubscriptionId}
              lastResult={lastResultFor(ACCOUNT_INTENTS.rewardChoice)}
              pending={pending}
              hydrated={hydrated}
            />
          ) : null}
        </>
      ) : null}

      {data.savings ? (
        <>
          <LastKnownNotice label={data.lastKnown} />
          <StreamedSavingsSection savings={data.savings.table} />
        </>
      ) : null}
      {data.reminders ? (
        <RemindersCard
          choices={data.reminders}
          programName={data.rewardsProgram}
          lastResult={failed?.intent === REMINDERS_INTENT ? failed.result : undefined}
          pending={pending}
        />
      ) : null}
      <ReceiptsCard />
      <CharityCard />
      <DataPreferencesCard />
      {context ? <LogOutEverywhereCard /> : null}
      <p>
        <Link to="/account/terms" className={styles.link}>
          Terms and Conditions
        </Link>
      </p>
      <LogOutForm />
      <WaitDialog open={hydrated && pending} message={WAIT_MESSAGES.account} />
    </div>
  );
}

/**
 * With JavaScript: when a row opens, focus its first input; when it closes (Cancel, Save), focus
 * its Edit link again. Nothing moves on the first render.
 */
function useEditFocus(edit: AccountIntent | null) {
  const previous = useRef(edit);
  useEffect(() => {
    const prev = previous.current;
    previous.current = edit;
    if (edit === prev) return;
    return afterWaitDialog(() => {
      if (edit) {
        document
          .getElementById(rowFormId(edit))
          ?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea')
          ?.focus();
      } else if (prev) {
        document.getElementById(editLinkId(prev))?.focus();
      }
    });
  }, [edit]);
}
