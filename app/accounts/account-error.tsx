import { useRouteError } from '@remix-run/react';
import { normalizeError } from '~/lib/errors';
import { ErrorView } from '~/lib/ui/error-view';
import { accountPageStyles as styles } from './account-page-styles';

/**
 * The error boundary of the /account pages: the shell stays, the page says what went wrong and
 * leads back to My Account.
 */
export function AccountErrorBoundary() {
  const error = normalizeError(useRouteError());
  return (
    <ErrorView {...error}>
      <p className={styles.muted}>
        <a href="/account" className={styles.back}>
          Back to My Account
        </a>
      </p>
    </ErrorView>
  );
}
