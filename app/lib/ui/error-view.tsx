import type { ReactNode } from 'react';
import { errorTitle, type NormalizedError } from '~/lib/errors';
import { sx, sxRecipe } from '~/lib/theme/static-css';

const styles = {
  section: sx({ maxW: '3xl', mx: 'auto', px: '4', py: '16', textAlign: 'center' }),
  heading: sxRecipe('heading', { size: '2xl' }, { mb: '4' }),
  text: sx({ mb: '6' }),
  home: sxRecipe('link', { variant: 'plain' }, { color: 'brand.fg', fontWeight: 'semibold' }),
};

/**
 * The error page (docs/reference/shell.md "Titles and error pages"): 'Page not found' for 404, else
 * 'An error occurred' and the message. `children`: links of the area the error happened in (e.g.
 * back to My Account).
 */
export function ErrorView({
  statusCode,
  message,
  children,
}: NormalizedError & { children?: ReactNode }) {
  const notFound = statusCode === 404;
  return (
    <section className={styles.section}>
      <h1 className={styles.heading}>{errorTitle(statusCode)}</h1>
      <p className={styles.text} data-testid="error-message">
        {notFound ? message || 'This page could not be found' : message}
      </p>
      {notFound ? (
        <p className={styles.text}>
          The page you were looking for may have moved, or the address may be mistyped. Try the
          search box above, or start again from the home page.
        </p>
      ) : null}
      {children}
      <a href="/" className={styles.home}>
        Go to the home page
      </a>
    </section>
  );
}
