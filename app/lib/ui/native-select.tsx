import type { SelectHTMLAttributes } from 'react';
import { sx, sxSlotRecipe } from '~/lib/theme/static-css';

const xs = { size: 'xs', variant: 'outline' };
const sm = { size: 'sm', variant: 'outline' };

/**
 * The looks of a store select: `compact` (the header's chooser: extra small, 150 px wide, the
 * store's name in bold and cut short) and `field` (a form's: small, as wide as its longest
 * store).
 */
const looks = {
  compact: {
    root: sxSlotRecipe('nativeSelect', 'root', xs, { w: '150px' }),
    field: sxSlotRecipe('nativeSelect', 'field', xs, { fontWeight: 'semibold', truncate: true }),
    indicator: sxSlotRecipe('nativeSelect', 'indicator', xs),
  },
  field: {
    root: sxSlotRecipe('nativeSelect', 'root', sm, { w: 'auto', minW: '14rem' }),
    field: sxSlotRecipe('nativeSelect', 'field', sm),
    indicator: sxSlotRecipe('nativeSelect', 'indicator', sm),
  },
};
const chevron = sx({
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: '2',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
});

export interface NativeSelectProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'children'> {
  look: keyof typeof looks;
  options: { value: string; label: string }[];
  /** A first, empty choice that cannot be chosen back ('Select a store'), shown while none is. */
  placeholder?: string | null;
  'data-testid'?: string;
}

/**
 * A native select styled as Chakra's NativeSelect, as static styles (no Chakra runtime among a
 * page's first scripts): it works without JavaScript and with every keyboard and screen reader
 * as the browser's own.
 */
export function NativeSelect({ look, options, placeholder, ...select }: NativeSelectProps) {
  const styles = looks[look];
  return (
    <div className={styles.root}>
      <select className={styles.field} {...select}>
        {placeholder ? (
          <option value="" disabled>
            {placeholder}
          </option>
        ) : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <div className={styles.indicator}>
        <svg viewBox="0 0 24 24" className={chevron} aria-hidden="true" focusable="false">
          <path d="m6 9 6 6 6-6" />
        </svg>
      </div>
    </div>
  );
}
