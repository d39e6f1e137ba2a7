import { useFetcher } from '@remix-run/react';
import { isSubmitting } from '~/lib/form-kit/submitting';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { ContentForm } from './content-form';
import { formReply, type FormSetup } from './types';

const styles = {
  box: sx({
    borderWidth: '1px',
    borderRadius: 'l3',
    p: { base: '4', md: '6' },
    my: '8',
    display: 'flex',
    flexDirection: 'column',
    gap: '4',
  }),
  heading: sxRecipe('heading', { size: 'lg' }),
};

/**
 * The form a content page names (front matter `form`), under its text. It posts with a fetcher,
 * so a refused post shows its messages in place and a sent one goes to the success page; without
 * JavaScript the same form posts to /forms/<slug>, which answers with the form and its messages.
 */
export function PageForm({ setup }: { setup: FormSetup }) {
  const slug = setup.form.slug;
  const fetcher = useFetcher({ key: `page-form-${slug}` });
  const reply = formReply(fetcher.data, slug);
  const headingId = `page-form-${slug}-heading`;
  return (
    <section className={styles.box} aria-labelledby={headingId} data-testid={`page-form-${slug}`}>
      <h2 id={headingId} className={styles.heading}>
        {setup.form.title}
      </h2>
      <ContentForm
        setup={setup}
        Form={fetcher.Form}
        submit={fetcher.submit}
        lastResult={reply?.result ?? null}
        pending={isSubmitting(fetcher)}
      />
    </section>
  );
}
