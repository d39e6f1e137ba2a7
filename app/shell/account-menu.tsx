import { Form, Link } from '@remix-run/react';
import { useLoginLinkProps } from '~/accounts/login-dialog';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import {
  Disclosure,
  disclosureLinkStyle,
  disclosurePanelStyle,
  disclosureSummaryStyle,
} from './disclosure';
import { SiteLink } from './site-link';
import { hstackStyle, stackStyle } from '~/lib/ui/styles';
import type { ShellUser } from './types';

const styles = {
  guestBar: sx({ ...hstackStyle, gap: '1', px: '0' }),
  guestList: sx({ ...hstackStyle, gap: '3', px: '4' }),
  logIn: sxRecipe(
    'button',
    { size: 'sm', variant: 'ghost' },
    { colorPalette: 'brand', color: 'brand.fg' },
  ),
  registerBar: sxRecipe('button', { size: 'sm', variant: 'solid' }, { colorPalette: 'brand' }),
  registerList: sxRecipe('button', { size: 'sm', variant: 'outline' }, { colorPalette: 'brand' }),
  accountLink: sxRecipe('link', { variant: 'plain' }, { ...disclosureLinkStyle, w: 'full' }),
  logOut: sx({
    display: 'flex',
    w: 'full',
    px: '4',
    py: '2',
    textAlign: 'start',
    cursor: 'pointer',
    focusVisibleRing: 'inside',
    _hover: { bg: 'bg.muted' },
  }),
  greeting: sx({ fontWeight: 'semibold', px: '4', pb: '1' }),
  list: sx({ ...stackStyle, listStyleType: 'none', gap: '0' }),
  dropList: sx({ listStyleType: 'none' }),
  summary: sx({
    ...disclosureSummaryStyle,
    px: '3',
    py: '2',
    fontWeight: 'semibold',
    color: 'brand.fg',
  }),
  panel: sx({ ...disclosurePanelStyle, insetStart: 'auto', insetEnd: '0' }),
  name: sx({ maxW: '150px', truncate: true }),
  guestListLink: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontSize: 'sm' }),
};

/** The shopping list's page (app/list). */
const LIST_PATH = '/list';

/**
 * Account menu (docs/reference/shell.md "Account menu"). A guest gets 'Log In' and 'Register'; a
 * signed-in shopper gets 'Hey {first name}!' with 'My Account', 'My Card' (the card to scan at
 * the register) and a 'Log Out' form post. In the
      </li>
      <li>
 * signed-in shopper gets 'Hey {first name}!' with 'My Account', 'Shopping List' and a 'Log Out'
 * form post; the drawer also offers a guest their 'Shopping List'. In the
 * app bar the signed-in menu is a disclosure; in the drawer ('list') everything is shown as a list.
 */
export function AccountMenu({
  user,
  variant = 'bar',
}: {
  user: ShellUser | null;
  variant?: 'bar' | 'list';
}) {
  const loginLink = useLoginLinkProps();
  if (!user) {
    return (
      <div
        className={variant === 'bar' ? styles.guestBar : styles.guestList}
        data-testid="account-menu"
      >
        <Link to="/login" className={styles.logIn} {...(variant === 'bar' ? loginLink : {})}>
          Log In
        </Link>
        <Link
          to="/register"
          className={variant === 'bar' ? styles.registerBar : styles.registerList}
        >
          Register
        </Link>
        {variant === 'list' ? (
          <SiteLink to={LIST_PATH} className={styles.guestListLink}>
            Shopping List
          </SiteLink>
        ) : null}
      </div>
    );
  }
  const greeting = `Hey ${user.firstName}!`;
  const items = (
    <>
      <li>
        <SiteLink to="/account" className={styles.accountLink}>
          My Account
        </SiteLink>
      </li>
      <li>
        <SiteLink to="/card" className={styles.accountLink}>
          My Card
        </SiteLink>
      </li>
      <li>
        <SiteLink to={LIST_PATH} className={styles.accountLink}>
          Shopping List
        </SiteLink>
      </li>
      <li>
        {/* A full page load: the signed-out page replaces the document, so nothing of the shopper's
            stays in the tab's memory or in the page's data script (shared computers). */}
        <Form method="post" action="/logout" reloadDocument>
          <button type="submit" className={styles.logOut}>
            Log Out
          </button>
        </Form>
      </li>
    </>
  );
  if (variant === 'list') {
    return (
      <div data-testid="account-menu">
        <div className={styles.greeting}>{greeting}</div>
        <ul className={styles.list}>{items}</ul>
      </div>
    );
  }
  return (
    <div data-testid="account-menu">
      <Disclosure
        label={<span className={styles.name}>{greeting}</span>}
        summaryClassName={styles.summary}
        panelClassName={styles.panel}
      >
        <ul className={styles.dropList}>{items}</ul>
      </Disclosure>
    </div>
  );
}
