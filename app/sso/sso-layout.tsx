import { useRouteError } from '@remix-run/react';
import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { errorTitle, normalizeError } from '~/lib/errors';
import { cx, sx, sxRecipe } from '~/lib/theme/static-css';
import { useRootData } from '~/shell/root-data';

/**
 * The single-sign-on pages' own layout, separate and minimal: the brand's logo above one card,
 * nothing else: no header, menus, footer, popups or cookie notice, so the shopper sees only the
 * sign-in a partner sent them to. The routes say `handle = ssoHandle`, and the root then leaves the
 * site's shell out.
 */

export const ssoHandle = { ownLayout: true };

const styles = {
  root: sx({
    colorPalette: 'brand',
    minH: '100vh',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    bg: 'bg.subtle',
    px: '4',
    py: { base: '6', md: '10' },
  }),
  brand: sx({ mb: '6', display: 'flex', justifyContent: 'center' }),
  logo: sx({ h: 'var(--logo-height)', maxH: '64px', w: 'auto' }),
  name: sx({ fontSize: '2xl', fontWeight: 'bold', color: 'brand.fg' }),
  main: sx({ w: 'full', maxW: '475px', _focus: { outline: 'none' } }),
  wide: sx({ maxW: '720px' }),
  card: sx({
    borderWidth: '1px',
    borderRadius: 'l3',
    p: { base: '5', md: '8' },
    bg: 'bg',
    shadow: 'sm',
  }),
  heading: sxRecipe('heading', { size: '2xl' }, { mb: '3' }),
  text: sx({ mb: '4' }),
};

export const ssoStyles = styles;

/** The brand's logo (or name), not a link: the page is one step of a partner's sign-in. */
function BrandMark() {
  const tenant = useRootData()?.tenant;
  if (!tenant) return null;
  return (
    <header className={styles.brand}>
      {tenant.logo ? (
        <img
          src={tenant.logo.src}
          alt={tenant.logo.alt}
          // The box has the logo's shape before it loads (no layout shift).
          width={tenant.logo.width}
          height={tenant.logo.height}
          className={styles.logo}
          data-testid="sso-logo"
          style={{ '--logo-height': `${tenant.logo.height}px` } as CSSProperties}
        />
      ) : (
        <p className={styles.name} data-testid="sso-logo">
          {tenant.retailerName}
        </p>
      )}
    </header>
  );
}

export function SsoLayout({
  children,
  wide = false,
  labelledBy,
}: {
  children: ReactNode;
  /** The registration form's width (720) instead of the login card's (475). */
  wide?: boolean;
  /** The id of the page's h1. */
  labelledBy?: string;
}) {
  // Marks the page as interactive, as the site's shell does (end-to-end tests wait for it).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <div className={styles.root}>
      <BrandMark />
      <main id="main" tabIndex={-1} className={cx(styles.main, wide ? styles.wide : undefined)}>
        <section className={styles.card} aria-labelledby={labelledBy}>
          {children}
        </section>
      </main>
    </div>
  );
}

/** The error page of a single-sign-on route, in the same layout. */
export function SsoErrorBoundary() {
  const error = normalizeError(useRouteError());
  return (
    <SsoLayout labelledBy="sso-error-heading">
      <h1 id="sso-error-heading" className={styles.heading}>
        {errorTitle(error.statusCode)}
      </h1>
      <p className={styles.text} data-testid="error-message">
        {error.message}
      </p>
    </SsoLayout>
  );
}
