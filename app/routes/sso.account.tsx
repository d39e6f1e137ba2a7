import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { pageMeta } from '~/lib/meta';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { ssoAccountLoader } from '~/sso/account.server';
import { ssoHandle, SsoErrorBoundary, SsoLayout, ssoStyles } from '~/sso/sso-layout';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return ssoAccountLoader(request, context);
}

export { headers } from '~/lib/http/cache.server';

export const handle = ssoHandle;

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'My Account');

export const ErrorBoundary = SsoErrorBoundary;

const styles = {
  ...ssoStyles,
  list: sx({
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: '4',
    rowGap: '2',
    mb: '6',
    '& dt': { fontWeight: 'semibold' },
    '& dd': { m: 0, overflowWrap: 'anywhere' },
  }),
  links: sx({ display: 'flex', flexDirection: 'column', gap: '3' }),
  primary: sxRecipe('button', { variant: 'solid', size: 'lg' }, { w: 'full' }),
  link: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontWeight: 'medium' }),
};

/** The signed-in shopper's summary in the minimal layout; the full page is /account. */
export default function SsoAccountPage() {
  const page = useLoaderData<typeof loader>();
  return (
    <SsoLayout labelledBy="sso-heading">
      <h1 id="sso-heading" className={styles.heading}>
        My Account
      </h1>
      {page.error ? <FormAlert errors={[page.error]} /> : null}
      <dl className={styles.list} data-testid="sso-account-summary">
        <dt>Name</dt>
        <dd>{page.name}</dd>
        {page.email ? (
          <>
            <dt>Email</dt>
            <dd>{page.email}</dd>
          </>
        ) : null}
        <dt>Card number</dt>
        <dd>{page.cardNumber}</dd>
        <dt>Home store</dt>
        <dd>{page.homeStore ?? 'Not chosen yet'}</dd>
      </dl>
      <div className={styles.links}>
        {page.partner ? (
          <Link to={page.partner.href} className={styles.primary}>
            {`Continue to ${page.partner.name}`}
          </Link>
        ) : null}
        <a href="/account" className={styles.link}>
          See your full account
        </a>
        <a href="/sso/logout" className={styles.link}>
          Sign out
        </a>
      </div>
    </SsoLayout>
  );
}
