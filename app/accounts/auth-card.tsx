import type { ReactNode } from 'react';
import { authCardStyles as styles } from './auth-card-styles';

/**
 * The card of the login, registration and password pages, named by its heading. `title` is the
 * heading; without one the content brings its own h1 with `headingId` (the login panes, whose
 * heading follows the pane). `wide`: the registration form's width instead of the login's.
 */
export function AuthCard({
  headingId,
  title,
  wide = false,
  children,
}: {
  headingId: string;
  title?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? styles.widePage : styles.page}>
      <section className={styles.card} aria-labelledby={headingId}>
        {title !== undefined ? (
          <h1 id={headingId} className={styles.heading}>
            {title}
          </h1>
        ) : null}
        {children}
      </section>
    </div>
  );
}
