import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { loginAction, redirectIfSignedIn } from '~/lib/accounts/login.server';
import { CLIP_LOGIN_MESSAGE, RESET_SENT_MESSAGE } from '~/lib/accounts/messages';
import {
  Field,
  FormAlert,
  isSubmitting,
  PasswordField,
  SubmitButton,
  useScrollToFirstError,
} from '~/lib/forms/components';
import { LOGIN_INTENTS, loginSchema, resetRequestSchema } from '~/lib/forms/schemas';
import { authCardStyles } from '~/components/account/auth-card-styles';
import { pageMeta } from '~/lib/meta';
import { safeRedirect } from '~/lib/safe-redirect';
import { commitSession, getSession } from '~/lib/session.server';
import { cx, sx } from '~/lib/theme/static-css';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request, context);
  const url = new URL(request.url);
  const session = await getSession(request, context);
  const notice = session.get('notice') ?? null;
  const message = context.services.content.layout(context.tenant.sitePath, 'login-message');
  const redirectTo = url.searchParams.get('redirectTo');
  return data(
    {
      pane: url.searchParams.get('pane') === 'reset' ? ('reset' as const) : ('login' as const),
      address: (url.searchParams.get('address') ?? '').slice(0, 254),
      redirectTo: redirectTo ? safeRedirect(redirectTo, '') : '',
      reason: url.searchParams.get('reason') === 'clip' ? CLIP_LOGIN_MESSAGE : null,
      messageHtml: message?.html ?? null,
      subtitle: context.tenant.registration.loginSubtitle ?? null,
      notice,
    },
    notice ? { headers: { 'Set-Cookie': await commitSession(session, context) } } : undefined,
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return loginAction(request, context);
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Log In');

const styles = {
  ...authCardStyles,
  subtitle: sx({ color: 'fg.muted', mb: '4' }),
  message: sx({ mb: '4', p: '3', bg: 'brand.subtle', borderRadius: 'l2', '& p': { m: 0 } }),
  links: sx({
    display: 'flex',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: '2',
    mt: '4',
    fontSize: 'sm',
  }),
  link: sx({
    color: 'brand.fg',
    textDecoration: 'underline',
    fontWeight: 'medium',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
  }),
};

export default function LoginPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const sent = actionData?.done === true;
  const pane = sent
    ? 'sent'
    : actionData?.intent === LOGIN_INTENTS.resetRequest
      ? 'reset'
      : loaderData.pane;
  const lastResult = actionData && !actionData.done ? actionData.result : undefined;

  const [loginForm, loginFields] = useForm({
    id: 'login',
    lastResult: actionData?.intent === LOGIN_INTENTS.login ? lastResult : undefined,
    defaultValue: { email: loaderData.address },
    constraint: getZodConstraint(loginSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
  });
  const [resetForm, resetFields] = useForm({
    id: 'reset-request',
    lastResult: actionData?.intent === LOGIN_INTENTS.resetRequest ? lastResult : undefined,
    defaultValue: { email: loaderData.address },
    constraint: getZodConstraint(resetRequestSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: resetRequestSchema }),
  });
  useScrollToFirstError(pane === 'reset' ? resetForm : loginForm, lastResult);
  const addressQuery = loaderData.address
    ? `&address=${encodeURIComponent(loaderData.address)}`
    : '';

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="login-heading">
        {pane === 'login' ? (
          <>
            <h1 id="login-heading" className={styles.heading}>
              Log In
            </h1>
            {loaderData.subtitle ? <p className={styles.subtitle}>{loaderData.subtitle}</p> : null}
            {loaderData.notice ? <FormAlert status="success" errors={[loaderData.notice]} /> : null}
            {loaderData.reason ? (
              <div className={styles.message}>{loaderData.reason}</div>
            ) : loaderData.messageHtml ? (
              <div
                className={styles.message}
                dangerouslySetInnerHTML={{ __html: loaderData.messageHtml }}
              />
            ) : null}
            <Form method="post" {...getFormProps(loginForm)} className={styles.stack}>
              <input type="hidden" name="intent" value={LOGIN_INTENTS.login} />
              {loaderData.redirectTo ? (
                <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
              ) : null}
              <FormAlert id={loginForm.errorId} errors={loginForm.errors} />
              <Field
                meta={loginFields.email}
                label="Email"
                type="email"
                inputProps={{ autoComplete: 'username' }}
              />
              <PasswordField
                meta={loginFields.password}
                label="Password"
                inputProps={{ autoComplete: 'current-password' }}
              />
              <SubmitButton
                className={styles.submit}
                pending={isSubmitting(navigation, { intent: LOGIN_INTENTS.login })}
                pendingLabel="Logging in…"
              >
                Login
              </SubmitButton>
            </Form>
            <div className={styles.links}>
              <Link className={styles.link} to="/register">
                Register
              </Link>
              <Link className={styles.link} to={`/login?pane=reset${addressQuery}`}>
                Forgot Password?
              </Link>
            </div>
          </>
        ) : pane === 'reset' ? (
          <>
            <h1 id="login-heading" className={styles.heading}>
              Reset your password
            </h1>
            <p className={styles.subtitle}>
              Enter your email address and we will send you a link to reset your password.
            </p>
            <Form
              method="post"
              action="/login"
              {...getFormProps(resetForm)}
              className={styles.stack}
            >
              <input type="hidden" name="intent" value={LOGIN_INTENTS.resetRequest} />
              <FormAlert id={resetForm.errorId} errors={resetForm.errors} />
              <Field
                meta={resetFields.email}
                label="Email"
                type="email"
                inputProps={{ autoComplete: 'email' }}
              />
              <SubmitButton
                className={styles.submit}
                pending={isSubmitting(navigation, { intent: LOGIN_INTENTS.resetRequest })}
                pendingLabel="Sending…"
              >
                Request Password Reset
              </SubmitButton>
            </Form>
            <div className={styles.links}>
              <Link
                className={styles.link}
                to={`/login${addressQuery ? `?${addressQuery.slice(1)}` : ''}`}
              >
                Back
              </Link>
              <Link className={styles.link} to="/register">
                Register
              </Link>
            </div>
          </>
        ) : (
          <>
            <h1 id="login-heading" className={styles.heading}>
              Check your email
            </h1>
            <FormAlert status="success" errors={[RESET_SENT_MESSAGE]} />
            <div className={cx(styles.links)}>
              <Link className={styles.link} to="/login">
                Back
              </Link>
              <Link className={styles.link} to="/contact-us">
                Contact Us
              </Link>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
