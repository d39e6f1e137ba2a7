import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { SubmitButton } from '~/lib/form-kit/submit-button';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import type { UnsubscribeView } from './unsubscribe.server';

const styles = {
  page: sx({ maxW: '2xl', mx: 'auto', px: '4', py: '10' }),
  card: sx({
    borderWidth: '1px',
    borderRadius: 'l3',
    p: { base: '5', md: '8' },
    bg: 'bg',
    display: 'flex',
    flexDirection: 'column',
    gap: '4',
  }),
  heading: sxRecipe('heading', { size: '2xl' }),
  link: sxRecipe('button', { size: 'md', variant: 'outline' }, { alignSelf: 'flex-start' }),
};

/** The unsubscribe page of reminder e-mails: the question, the answer, or a bad link. */
export function UnsubscribePage() {
  const loaded = useLoaderData<UnsubscribeView>();
  const view = useActionData<UnsubscribeView>() ?? loaded;
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="unsubscribe-heading">
        <h1 id="unsubscribe-heading" className={styles.heading}>
          Unsubscribe
        </h1>
        {view.state === 'ask' ? (
          <Form method="post" replace>
            <input type="hidden" name="t" value={view.token} />
            <p>Stop sending {view.what} to this account&apos;s address?</p>
            <p>
              <SubmitButton>Unsubscribe</SubmitButton>
            </p>
          </Form>
        ) : view.state === 'done' ? (
          <FormAlert status="success" title="You are unsubscribed">
            <p>
              You will no longer get {view.what}. You can turn them on again under E-mail reminders
              on your account page.
            </p>
          </FormAlert>
        ) : (
          <FormAlert title="This unsubscribe link does not work">
            <p>
              It may have been cut short when copied, or it belongs to another site. You can choose
              which e-mails you get under E-mail reminders on your account page.
            </p>
          </FormAlert>
        )}
        <Link to="/account#reminders" className={styles.link}>
          Your e-mail choices
        </Link>
      </section>
    </div>
  );
}
