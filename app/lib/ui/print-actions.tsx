import { Link } from '@remix-run/react';
import { ClientOnly } from 'remix-utils/client-only';
import { cx, sx, sxRecipe } from '~/lib/theme/static-css';

const styles = {
  actions: sx({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '4',
    mb: '6',
    '@media print': { display: 'none !important' },
  }),
  print: sxRecipe('button', { variant: 'solid', size: 'md' }, { colorPalette: 'brand' }),
  link: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontWeight: 'medium' }),
};

/**
 * The bar above a print view: 'Print' (with JavaScript: the browser's print dialog; without, the
 * browser's own Print does the same) and the way back. Left off the printed page.
 */
export function PrintActions({
  backTo,
  backLabel,
  className,
}: {
  backTo: string;
  backLabel: string;
  className?: string;
}) {
  return (
    <div className={cx(styles.actions, className)}>
      <ClientOnly>
        {() => (
          <button type="button" className={styles.print} onClick={() => window.print()}>
            Print
          </button>
        )}
      </ClientOnly>
      <Link to={backTo} className={styles.link}>
        {backLabel}
      </Link>
    </div>
  );
}
