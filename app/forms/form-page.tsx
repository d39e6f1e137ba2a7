import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useSubmit,
} from '@remix-run/react';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { isSubmitting } from '~/lib/form-kit/submitting';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { ContentForm } from './content-form';
import { formReply, type FormSetup } from './types';

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
  home: sxRecipe('button', { size: 'md', variant: 'outline' }, { alignSelf: 'flex-start' }),
};

/**
 * A content form on a page of its own (/forms/<slug>): where it posts, what the footer's link
 * opens without JavaScript, and where a post made without JavaScript shows its messages.
 */
export function FormPage() {
  const { setup } = useLoaderData<{ setup: FormSetup }>();
  const reply = formReply(useActionData(), setup.form.slug);
  const pending = isSubmitting(useNavigation(), { formAction: setup.action });
  const submit = useSubmit();
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="form-page-heading">
        <h1 id="form-page-heading" className={styles.heading}>
          {setup.form.title}
        </h1>
        <ContentForm
          setup={setup}
          Form={Form}
          submit={submit}
          lastResult={reply?.result ?? null}
          pending={pending}
          idPrefix="page-"
        />
      </section>
    </div>
  );
}

/** The success page of a form: its stored message, shown once in a success alert. */
export function FormSentPage() {
  const { title, message } = useLoaderData<{ title: string; message: string }>();
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="form-sent-heading">
        <h1 id="form-sent-heading" className={styles.heading}>
          {title}
        </h1>
        <FormAlert status="success">
          <p>{message}</p>
        </FormAlert>
        <Link to="/" className={styles.home}>
          Back to the home page
        </Link>
      </section>
    </div>
  );
}
