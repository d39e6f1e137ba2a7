import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form as RemixForm, Link } from '@remix-run/react';
import type { ComponentProps, ComponentType, ReactNode } from 'react';
import { NO_ACCOUNT_MESSAGE, RESET_SENT_MESSAGE } from './messages';
import { EmailField } from '~/lib/form-kit/email-field';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { PasswordField } from '~/lib/form-kit/password-field';
import { SubmitButton } from '~/lib/form-kit/submit-button';
import { useFormValid } from '~/lib/form-kit/use-form-valid';
import { useSchemaForm } from '~/lib/form-kit/use-schema-form';
import { LOGIN_INTENTS, loginSchema, resetRequestSchema } from './schemas';
import { keepFocusOnPress, loginPaneStyles } from './login-pane-styles';

export { keepFocusOnPress, loginPaneStyles };

/**
 * The three panes of the login form (docs/reference/accounts.md "Log in"): 1 login, 2 reset
 * request, 3 sent. The /login page and the header dialog both render these; the page moves between
 * panes with links (works without JavaScript), the dialog with buttons. Both post to the /login
 * action, told apart by `intent`.
 */

export type LoginPane = 'login' | 'reset' | 'sent';

/** What the /login action answers when it does not redirect (see forms/reply.server.ts). */
export interface LoginActionData {
  intent: string;
  result: SubmissionResult<string[]>;
  done: boolean;
}

type FormComponent = ComponentType<ComponentProps<typeof RemixForm>>;

const styles = loginPaneStyles;

export interface LoginPanesProps {
  pane: LoginPane;
  /** Remix's Form (page) or a fetcher's Form (dialog). */
  Form: FormComponent;
  /** Form ids: unique per page (the dialog may sit on a page with another login form). */
  idPrefix: string;
  actionData: LoginActionData | undefined;
  pending: { login: boolean; reset: boolean };
  address: string;
  redirectTo: string;
  /** Plain-text message (e.g. the clip message), shown instead of the content message. */
  reason: string | null;
  /** The content message `login-message` (sanitised HTML). */
  messageHtml: string | null;
  subtitle: string | null;
  notice: string | null;
  /** The pane's heading (an h1 on the page, the dialog title in the dialog). */
  heading: (text: string) => ReactNode;
  /** Page: links; dialog: buttons that switch panes. */
  nav: {
    forgot: ReactNode;
    back: ReactNode;
  };
  /**
   * Single-sign-on mode (/sso/login): the panes post to its action with the `oauth` parameter (when
   * the page has one), and Register leads to /sso/register carrying it.
   */
  sso?: { action: string; registerHref: string; oauth: string | null };
}

export function LoginPanes(props: LoginPanesProps) {
  const { pane, actionData } = props;
  const lastResult = actionData && !actionData.done ? actionData.result : undefined;
  if (pane === 'sent') {
    return (
      <>
        {props.heading('Check your email')}
        <FormAlert status="success" errors={[RESET_SENT_MESSAGE]} />
        <div className={styles.links}>
          {props.nav.back}
          <Link className={styles.link} to="/contact-us">
            Contact Us
          </Link>
        </div>
      </>
    );
  }
  return pane === 'reset' ? (
    <ResetPane
      {...props}
      lastResult={actionData?.intent === LOGIN_INTENTS.resetRequest ? lastResult : undefined}
    />
  ) : (
    <LoginPaneForm
      {...props}
      lastResult={actionData?.intent === LOGIN_INTENTS.login ? lastResult : undefined}
    />
  );
}

type PaneProps = LoginPanesProps & { lastResult: SubmissionResult<string[]> | undefined };

/** Where the panes post, where Register leads, and what rides along (single sign-on). */
function paneTargets(sso: LoginPanesProps['sso']) {
  return {
    action: sso?.action ?? '/login',
    registerHref: sso?.registerHref ?? '/register',
    oauthField: sso?.oauth ? <input type="hidden" name="oauth" value={sso.oauth} /> : null,
  };
}

function LoginPaneForm(props: PaneProps) {
  const { Form, lastResult } = props;
  const targets = paneTargets(props.sso);
  const [form, fields] = useSchemaForm(loginSchema, {
    id: `${props.idPrefix}login`,
    lastResult,
    defaultValue: { email: props.address },
  });
  const valid = useFormValid(form.id, loginSchema);
  return (
    <>
      {props.heading('Log In')}
      {props.subtitle ? <p className={styles.subtitle}>{props.subtitle}</p> : null}
      {props.notice ? <FormAlert status="success" errors={[props.notice]} /> : null}
      {props.reason ? (
        <div className={styles.message} data-testid="login-message">
          {props.reason}
        </div>
      ) : props.messageHtml ? (
        <div
          className={styles.message}
          data-testid="login-message"
          dangerouslySetInnerHTML={{ __html: props.messageHtml }}
        />
      ) : null}
      <Form method="post" action={targets.action} {...getFormProps(form)} className={styles.stack}>
        <input type="hidden" name="intent" value={LOGIN_INTENTS.login} />
        {targets.oauthField}
        {props.redirectTo ? (
          <input type="hidden" name="redirectTo" value={props.redirectTo} />
        ) : null}
        <FormAlert id={form.errorId} errors={form.errors} />
        <EmailField meta={fields.email} inputProps={{ autoComplete: 'username' }} />
        <PasswordField
          meta={fields.password}
          label="Password"
          inputProps={{ autoComplete: 'current-password' }}
        />
        <SubmitButton
          className={styles.submit}
          pending={props.pending.login}
          pendingLabel="Logging in…"
          blocked={valid === false}
        >
          Login
        </SubmitButton>
      </Form>
      <div className={styles.links}>
        <Link className={styles.link} to={targets.registerHref} {...keepFocusOnPress}>
          Register
        </Link>
        {props.nav.forgot}
      </div>
    </>
  );
}

function ResetPane(props: PaneProps) {
  const { Form, lastResult } = props;
  const targets = paneTargets(props.sso);
  const [form, fields] = useSchemaForm(resetRequestSchema, {
    id: `${props.idPrefix}reset-request`,
    lastResult,
    defaultValue: { email: props.address },
  });
  const valid = useFormValid(form.id, resetRequestSchema);
  return (
    <>
      {props.heading('Reset your password')}
      <p className={styles.subtitle}>
        Enter your email address and we will send you a link to reset your password.
      </p>
      <Form method="post" action={targets.action} {...getFormProps(form)} className={styles.stack}>
        <input type="hidden" name="intent" value={LOGIN_INTENTS.resetRequest} />
        {targets.oauthField}
        <FormAlert id={form.errorId} errors={form.errors?.filter((e) => e !== NO_ACCOUNT_MESSAGE)}>
          {form.errors?.includes(NO_ACCOUNT_MESSAGE) ? (
            <p>
              We couldn&apos;t find an account with that email address,{' '}
              <Link to={targets.registerHref} className={styles.link}>
                click here
              </Link>{' '}
              to register your account.
            </p>
          ) : null}
        </FormAlert>
        <EmailField meta={fields.email} />
        <SubmitButton
          className={styles.submit}
          pending={props.pending.reset}
          pendingLabel="Sending…"
          blocked={valid === false}
        >
          Request Password Reset
        </SubmitButton>
      </Form>
      <div className={styles.links}>
        {props.nav.back}
        <Link className={styles.link} to={targets.registerHref} {...keepFocusOnPress}>
          Register
        </Link>
      </div>
    </>
  );
}
