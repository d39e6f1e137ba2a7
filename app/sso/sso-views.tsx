import type { SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import type { ReactNode } from 'react';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { SubmitButton } from '~/lib/form-kit/submit-button';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { SSO_INTENTS } from './messages';
import { SsoLayout, ssoStyles } from './sso-layout';

/** Pieces of the single-sign-on pages (the problem page, 'Continue as'), props only. */

const styles = {
  ...ssoStyles,
  subtitle: sx({ color: 'fg.muted', mb: '5' }),
  submit: sxRecipe('button', { variant: 'solid', size: 'lg' }, { w: 'full' }),
  switch: sx({ mt: '5', textStyle: 'sm', textAlign: 'center' }),
  linkButton: sxRecipe(
    'link',
    { variant: 'underline' },
    {
      color: 'brand.fg',
      fontWeight: 'medium',
      bg: 'transparent',
      border: '0',
      p: '0',
      cursor: 'pointer',
      font: 'inherit',
    },
  ),
  home: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontWeight: 'medium' }),
  stack: sx({ display: 'flex', flexDirection: 'column', gap: '4' }),
};

export const SSO_PROBLEM_HEADING = 'We cannot continue this sign-in';

/** A refused `oauth` parameter: what was wrong, and no way on to the partner (status 400). */
export function OAuthProblemView({ message }: { message: string }) {
  return (
    <>
      <h1 id="sso-heading" className={styles.heading}>
        {SSO_PROBLEM_HEADING}
      </h1>
      <div className={styles.stack}>
        <FormAlert errors={[message]} />
        <p>No one was signed in, and nothing was sent to another site.</p>
        <p>
          <a href="/" className={styles.home}>
            Go to the home page
          </a>
        </p>
      </div>
    </>
  );
}

/** A loader's or action's answer to a refused `oauth` parameter. */
interface Refusal {
  view: 'problem';
  problem: { message: string };
}

const isRefusal = (answer: unknown): answer is Refusal =>
  typeof answer === 'object' &&
  answer !== null &&
  (answer as { view?: unknown }).view === 'problem';

/**
 * A single-sign-on page in its layout, or the problem page when the request's `oauth` parameter
 * was refused: by the loader, or by the action for a post that carried a bad one (which wins, as
 * the newer answer). `children` renders the page's own views from the loader's answer.
 */
export function SsoPage<P extends { view: string }>({
  page,
  answer,
  wide = false,
  children,
}: {
  /** The loader's answer. */
  page: P;
  /** The action's answer, if the page was posted. */
  answer: unknown;
  /** The registration form's width (the problem page keeps the narrow card). */
  wide?: boolean;
  children: (page: Exclude<P, { view: 'problem' }>) => ReactNode;
}) {
  const refused = isRefusal(answer) ? answer : isRefusal(page) ? page : null;
  return refused ? (
    <SsoLayout labelledBy="sso-heading">
      <OAuthProblemView message={refused.problem.message} />
    </SsoLayout>
  ) : (
    <SsoLayout wide={wide} labelledBy="sso-heading">
      {children(page as Exclude<P, { view: 'problem' }>)}
    </SsoLayout>
  );
}

/** The form-level message of a failed post (conform's result), if any. */
export function formMessages(result: SubmissionResult<string[]> | undefined): string[] {
  return result?.error?.[''] ?? [];
}

/**
 * The single sign-on of a shopper already signed in here with a valid token: one click (a post)
 * continues to the partner; 'Not you? Sign out' (a post too) signs out and shows the login form
 * of the same request.
 */
export function ContinueAs({
  firstName,
  continueTo,
  oauth,
  notice,
  errors,
  pending,
}: {
  firstName: string;
  continueTo: string;
  oauth: string;
  notice: string | null;
  errors: string[];
  pending: { continue: boolean; signOut: boolean };
}) {
  return (
    <>
      <h1 id="sso-heading" className={styles.heading}>
        Welcome back{firstName ? `, ${firstName}` : ''}
      </h1>
      <p className={styles.subtitle}>{continueTo}</p>
      <div className={styles.stack}>
        {notice ? <FormAlert status="success" errors={[notice]} /> : null}
        <FormAlert errors={errors} />
        <Form method="post">
          <input type="hidden" name="oauth" value={oauth} />
          <SubmitButton
            name="intent"
            value={SSO_INTENTS.continue}
            className={styles.submit}
            pending={pending.continue}
            pendingLabel="Continuing…"
          >
            {`Continue as ${firstName || 'you'}`}
          </SubmitButton>
        </Form>
      </div>
      <Form method="post" className={styles.switch}>
        <input type="hidden" name="oauth" value={oauth} />
        Not you?{' '}
        <button
          type="submit"
          name="intent"
          value={SSO_INTENTS.signOut}
          className={styles.linkButton}
          disabled={pending.signOut}
        >
          Sign out
        </button>
      </Form>
    </>
  );
}
