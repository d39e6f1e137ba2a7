import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { pageMeta } from '~/lib/meta';
import { sxRecipe } from '~/lib/theme/static-css';
import { SSO_MESSAGES } from '~/sso/messages';
import { ssoLogoutLoader } from '~/sso/logout.server';
import { ssoHandle, SsoErrorBoundary, SsoLayout, ssoStyles } from '~/sso/sso-layout';

/** A GET (OpenID Connect RP-initiated logout): see app/sso/logout.server.ts for why that is safe. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return ssoLogoutLoader(request, context);
}

export { headers } from '~/lib/http/cache.server';

export const handle = ssoHandle;

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Signed Out');

export const ErrorBoundary = SsoErrorBoundary;

const styles = {
  ...ssoStyles,
  link: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontWeight: 'medium' }),
};

/** Signed out, where the partner's post-logout address was not one to send the browser to. */
export default function SsoLogoutPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <SsoLayout labelledBy="sso-heading">
      <h1 id="sso-heading" className={styles.heading}>
        {SSO_MESSAGES.signedOut}
      </h1>
      {page.message ? <FormAlert errors={[page.message]} /> : null}
      <p className={styles.text}>
        You are no longer signed in here. Close this window, or go on below.
      </p>
      <p className={styles.text}>
        {page.back && page.clientName ? (
          <a href={page.back} className={styles.link}>
            {`Return to ${page.clientName}`}
          </a>
        ) : (
          <a href="/" className={styles.link}>
            Go to the home page
          </a>
        )}
      </p>
    </SsoLayout>
  );
}
