import { sx } from '~/lib/theme/static-css';

/**
 * Style objects shared by the static (sx) markup of the shell and the pages. Class names are
 * declared at module level only (see ~/lib/theme/static-css).
 */

/**
 * Chakra's <VisuallyHidden> style (its `visuallyHiddenStyle`, copied: importing it would put
 * Chakra's runtime into every page's first scripts).
 */
const visuallyHiddenStyle = {
  border: '0',
  clip: 'rect(0, 0, 0, 0)',
  height: '1px',
  width: '1px',
  margin: '-1px',
  padding: '0',
  overflow: 'hidden',
  whiteSpace: 'nowrap',
  position: 'absolute',
} as const;
export const visuallyHidden = sx(visuallyHiddenStyle);
/** Chakra's `srOnly` style prop. */
export const srOnly = sx({ srOnly: true });

/** Chakra's <IconButton> on top of the button recipe: no padding, icons at 1.2em. */
export const iconButtonStyle = { px: '0', py: '0', _icon: { fontSize: '1.2em' } } as const;

/** Chakra's <Stack> (a column) and <HStack> (a centred row), with gap 0.5rem unless given. */
export const stackStyle = { display: 'flex', flexDirection: 'column', gap: '0.5rem' } as const;
export const hstackStyle = {
  display: 'flex',
  alignItems: 'center',
  flexDirection: 'row',
  gap: '0.5rem',
} as const;

/**
 * A message across the page right under the header, where a script-free page says what a
 * snackbar or a popup would (the store notice, the new-terms notice).
 */
export const noticeBarStyle = {
  bg: 'brand.subtle',
  borderBottomWidth: '1px',
  px: '4',
  py: '3',
  textAlign: 'center',
  '& p': { m: 0 },
} as const;

/** A raised panel on the page: a section's bordered box (padding and margins are the caller's). */
export const panelStyle = {
  borderWidth: '1px',
  borderRadius: 'l3',
  bg: 'bg',
  shadow: 'sm',
} as const;

/**
 * A column on phones, a row from the md breakpoint: the items stand `phone` (stretched, or at
 * the start) in the column and `wide` (centred, at the end) in the row.
 */
export const columnThenRowStyle = (phone: 'stretch' | 'flex-start', wide: 'center' | 'flex-end') =>
  ({
    display: 'flex',
    flexDirection: { base: 'column', md: 'row' },
    alignItems: { base: phone, md: wide },
  }) as const;

/** A short warning in the page (a place or a store the address named is not known). */
export const warningNoticeStyle = {
  px: '4',
  py: '3',
  borderRadius: 'l2',
  bg: 'orange.subtle',
  color: 'orange.fg',
  fontSize: 'sm',
} as const;
