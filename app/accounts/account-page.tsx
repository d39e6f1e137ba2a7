import {
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
} from '@remix-run/react';
import { useEffect, useRef } from 'react';
import {
  AccountCard,
  CharityCard,
  DataPreferencesCard,
  LogOutForm,
  ReceiptsCard,
  RewardChoiceCard,
} from './account-cards';
import { AccountRow, accountStyles as styles, editLinkId, Empty, rowFormId } from './account-row';
import {
  AddressForm,
  BirthdayForm,
  EmailForm,
  FullNameForm,
  OrganizationForm,
  PasswordForm,
  PhoneForm,
  SecondaryPhoneForm,
  StoreForm,
  type RowEditProps,
} from './account-row-forms';
import { WAIT_MESSAGES, WaitDialog } from './wait-dialog';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { accountAction, accountLoader } from './account.server';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { isSubmitting } from '~/lib/form-kit/submitting';
import { scrollToFirstError } from '~/lib/form-kit/scroll-to-error';
import { formatDateUS } from '~/lib/form-kit/fields';
import { ACCOUNT_INTENTS, type AccountIntent } from './schemas';
import { SavingsSection } from '~/rewards/savings-section';

/** The wait dialog's content (see wait-dialog.tsx). */
const WAIT_DIALOG_SELECTOR = '[data-testid="wait-dialog"]';

/**
 * My Account Information (spec accounts-loyalty §2, §4). Which row is edited comes from the URL
 * (`?edit=<row>`), or from a failed save of that row; with JavaScript, focus moves into a row
 * when it opens and back to its Edit link when it closes.
 */
export function AccountPage() {
  const data = useLoaderData<typeof accountLoader>();
  const actionData = useActionData<typeof accountAction>();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const pending = isSubmitting(navigation, { formAction: '/account' });
  const { account, flags, stores } = data;

  const { rows } = data;
  const isRow = (value: unknown): value is AccountIntent =>
    typeof value === 'string' && (rows as string[]).includes(value);
  const failed = actionData && !actionData.done ? actionData : undefined;
  const urlEdit = searchParams.get('edit');
  const edit = failed && isRow(failed.intent) ? failed.intent : isRow(urlEdit) ? urlEdit : null;
  const lastResultFor = (intent: AccountIntent) =>
    failed?.intent === intent ? failed.result : undefined;
  const alertId = failed ? `${rowFormId(failed.intent as AccountIntent)}-error` : 'account-error';
  const topErrors = data.loadError ? [data.loadError] : (failed?.result.error?.[''] ?? []);

  const rowPropsFor =
    (values: RowEditProps['account']) =>
    (row: AccountIntent): RowEditProps => ({
      account: values,
      lastResult: lastResultFor(row),
      pending,
      hydrated,
    });

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

      {account ? (
        <>
          <AccountRows
            account={account}
            edit={edit}
            rowProps={rowPropsFor(account)}
            zipOptional={flags.zipOptional}
            organizationQuestion={flags.organizationQuestion}
            today={data.today}
          />
          {stores ? (
            <AccountCard id="home-store-heading" title="Home Store">
              <dl className={styles.list}>
                <AccountRow
                  row={ACCOUNT_INTENTS.storeNumber}
                  label="My Store"
                  editing={edit === ACCOUNT_INTENTS.storeNumber}
                  value={stores.find((s) => s.value === account.myStore)?.label ?? <Empty />}
                  form={
                    <StoreForm
                      {...rowPropsFor(account)(ACCOUNT_INTENTS.storeNumber)}
                      stores={stores}
                    />
                  }
                />
              </dl>
            </AccountCard>
          ) : null}

          {data.rewards ? (
            <RewardChoiceCard
              programName={data.rewards.programName}
              options={data.rewards.options}
              selected={account.rewardSubscriptionId}
              lastResult={lastResultFor(ACCOUNT_INTENTS.rewardChoice)}
              pending={pending}
              hydrated={hydrated}
            />
          ) : null}
        </>
      ) : null}

      {data.savings ? <SavingsSection savings={data.savings.table} /> : null}
      <ReceiptsCard />
      <CharityCard />
      <DataPreferencesCard />
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

interface AccountRowsProps {
  account: RowEditProps['account'] & { city: string; state: string };
  edit: AccountIntent | null;
  rowProps: (row: AccountIntent) => RowEditProps;
  zipOptional: boolean;
  organizationQuestion: boolean;
  today: string;
}

/** The rows of the main card, each in view or edit state. */
function AccountRows({
  account,
  edit,
  rowProps,
  zipOptional,
  organizationQuestion,
  today,
}: AccountRowsProps) {
  return (
    <div className={styles.card}>
      <dl className={styles.list}>
        <AccountRow
          row={ACCOUNT_INTENTS.fullName}
          label="Name"
          editing={edit === ACCOUNT_INTENTS.fullName}
          value={`${account.firstName} ${account.lastName}`.trim() || <Empty />}
          form={<FullNameForm {...rowProps(ACCOUNT_INTENTS.fullName)} />}
        />
        <AccountRow
          row={ACCOUNT_INTENTS.phone}
          label="Phone"
          editing={edit === ACCOUNT_INTENTS.phone}
          value={account.phone || <Empty />}
          form={<PhoneForm {...rowProps(ACCOUNT_INTENTS.phone)} />}
        />
        <AccountRow
          row={ACCOUNT_INTENTS.secondaryPhone}
          label="Phone 2"
          editing={edit === ACCOUNT_INTENTS.secondaryPhone}
          value={account.secondaryPhone || <Empty />}
          form={<SecondaryPhoneForm {...rowProps(ACCOUNT_INTENTS.secondaryPhone)} />}
        />
        <AccountRow
          row={ACCOUNT_INTENTS.email}
          label="Email"
          editing={edit === ACCOUNT_INTENTS.email}
          value={account.email || <Empty />}
          form={<EmailForm {...rowProps(ACCOUNT_INTENTS.email)} />}
        />
        <AccountRow
          row={ACCOUNT_INTENTS.password}
          label="Password"
          editing={edit === ACCOUNT_INTENTS.password}
          value={
            account.hasPassword ? (
              <>
                <span aria-hidden="true">••••••••</span>
                <span className={styles.srOnly}>Hidden</span>
              </>
            ) : (
              <Empty>Not set</Empty>
            )
          }
          form={<PasswordForm {...rowProps(ACCOUNT_INTENTS.password)} />}
        />
        <AccountRow
          row={ACCOUNT_INTENTS.birthday}
          label="Birthdate"
          editing={edit === ACCOUNT_INTENTS.birthday}
          value={account.birthday ? formatDateUS(account.birthday) : <Empty />}
          form={<BirthdayForm {...rowProps(ACCOUNT_INTENTS.birthday)} today={today} />}
        />
        <AccountRow
          row={ACCOUNT_INTENTS.fullAddress}
          label="Address"
          editing={edit === ACCOUNT_INTENTS.fullAddress}
          value={<AddressLines account={account} />}
          form={
            <AddressForm {...rowProps(ACCOUNT_INTENTS.fullAddress)} zipOptional={zipOptional} />
          }
        />
        {organizationQuestion ? (
          <AccountRow
            row={ACCOUNT_INTENTS.organization}
            label="How did you hear about us?"
            editing={edit === ACCOUNT_INTENTS.organization}
            value={account.organization || <Empty />}
            form={<OrganizationForm {...rowProps(ACCOUNT_INTENTS.organization)} />}
          />
        ) : null}
      </dl>
    </div>
  );
}

/** Address lines, 'City, ST' and zip, one per line. */
function AddressLines({
  account,
}: {
  account: { address1: string; address2: string; city: string; state: string; zip: string };
}) {
  const place = [account.city, account.state].filter(Boolean).join(', ');
  const lines = [account.address1, account.address2, place, account.zip].filter(Boolean);
  if (lines.length === 0) return <Empty />;
  return (
    <>
      {lines.map((line, i) => (
        <span key={i} className={styles.line}>
          {line}
        </span>
      ))}
    </>
  );
}

/**
 * Runs `fn` once the wait dialog is gone: while it is open its focus trap pulls focus back into
 * it, and on closing it returns focus to the element focused before (the Save button).
 */
function afterWaitDialog(fn: () => void): () => void {
  let frame = requestAnimationFrame(function tick() {
    if (document.querySelector(WAIT_DIALOG_SELECTOR)) frame = requestAnimationFrame(tick);
    else fn();
  });
  return () => cancelAnimationFrame(frame);
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
