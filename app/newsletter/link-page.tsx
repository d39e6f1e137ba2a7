import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { SubmitButton } from '~/lib/form-kit/submit-button';
import { isSubmitting } from '~/lib/form-kit/submitting';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import type { LinkPageData, LinkPageReply } from './link-pages.server';
import { SIGNUP_DIALOG_WIDTH } from './messages';

const styles = {
  page: sx({ maxW: `${SIGNUP_DIALOG_WIDTH + 40}px`, mx: 'auto', px: '4', py: '10' }),
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
};

/**
 * The page a sign-up e-mail's link opens (confirm a held sign-up, or leave the list): a prompt
 * and one button posting the token, then the post's message in place of both.
 */
export function LinkPage() {
  const page = useLoaderData<LinkPageData>();
  const reply = useActionData<LinkPageReply>();
  const pending = isSubmitting(useNavigation());
  const message = reply?.message ?? page.message;
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="newsletter-link-heading">
        <h1 id="newsletter-link-heading" className={styles.heading}>
          {page.title}
        </h1>
        {message ? (
          <FormAlert status={reply ? (reply.ok ? 'success' : 'error') : 'info'}>
            <p data-testid="newsletter-link-message">{message}</p>
          </FormAlert>
        ) : null}
        {page.prompt && !reply?.ok ? (
          <Form method="post" replace>
            <p>{page.prompt}</p>
            <input type="hidden" name="token" value={page.token} />
            <SubmitButton pending={pending} style={{ marginTop: '1rem' }}>
              {page.button}
            </SubmitButton>
          </Form>
        ) : null}
      </section>
    </div>
  );
}
