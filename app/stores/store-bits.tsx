import { srOnly } from '~/lib/ui/styles';
import { cx } from '~/lib/theme/static-css';
import { storeStyles as styles } from './store-styles';
import type { OpenStatus, StoreSummary } from './types';

/** 'Open now · closes 9 PM' in green, 'Closed · opens 7 AM' in red (with words, not colour alone). */
export function OpenNow({ status, className }: { status: OpenStatus | null; className?: string }) {
  if (!status) return null;
  return (
    <p
      className={cx(status.open ? styles.open : styles.closed, className)}
      data-testid="open-now"
      data-open={status.open}
    >
      {status.text}
    </p>
  );
}

/** The store's address on two or three lines. */
export function StoreAddress({ store }: { store: StoreSummary }) {
  return (
    <address className={styles.address}>
      {store.address}
      {store.addressLine2 ? (
        <>
          <br />
          {store.addressLine2}
        </>
      ) : null}
      <br />
      {store.city}, {store.state} {store.zip}
    </address>
  );
}

/** The phone number as a link that calls it (as text when it has no digits to dial). */
export function PhoneLink({
  phone,
  href,
  label,
}: {
  phone: string | null;
  href: string | null;
  label?: string;
}) {
  if (!phone) return null;
  return href ? (
    <a href={href} className={styles.link}>
      {label ? <span className={srOnly}>{label} </span> : null}
      {phone}
    </a>
  ) : (
    <span>{phone}</span>
  );
}

/** Google Maps directions in a new tab, said so to screen readers. */
export function DirectionsLink({ store }: { store: StoreSummary }) {
  return (
    <a href={store.directionsUrl} target="_blank" rel="noopener noreferrer" className={styles.link}>
      Directions<span className={srOnly}> to {store.name} (opens in a new tab)</span>
    </a>
  );
}
