import { sx, sxRecipe } from '~/lib/theme/static-css';

const styles = {
  section: sx({ maxW: '3xl', mx: 'auto', px: '4', py: '16' }),
  heading: sxRecipe('heading', { size: '2xl' }, { mb: '4' }),
  text: sx({ mb: '4' }),
  list: sx({ mb: '6', pl: '5', listStyleType: 'disc' }),
  link: sxRecipe('link', { variant: 'plain' }, { color: 'brand.fg', fontWeight: 'semibold' }),
};

/**
 * The page a navigation gets when the site cannot be reached (docs/reference/offline.md): the
 * service worker keeps it and answers it for any page it has no copy of. It names the pages a
 * signed-in shopper finds offline (`links`), as plain links (it is served without scripts).
 */
export function OfflinePage({ links }: { links: { href: string; label: string }[] }) {
  return (
    <section className={styles.section} data-testid="offline-page">
      <h1 className={styles.heading}>You are offline</h1>
      <p className={styles.text}>
        This page cannot be shown without a connection. It will be back as soon as your device is
        online again.
      </p>
      <p className={styles.text}>
        When you are signed in, these pages stay on this device as you last opened them:
      </p>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.href}>
            <a className={styles.link} href={link.href}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
      <a href="/" className={styles.link}>
        Try the home page
      </a>
    </section>
  );
}
