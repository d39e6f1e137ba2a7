import { sx, sxRecipe } from '~/lib/theme/static-css';

/** Static styles the locator and the store page share (class names declared once, here). */
export const storeStyles = {
  link: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontWeight: 'medium' }),
  open: sx({ color: 'green.700', fontWeight: 'semibold' }),
  closed: sx({ color: 'red.700', fontWeight: 'semibold' }),
  address: sx({ fontStyle: 'normal' }),
  muted: sx({ color: 'fg.muted', fontSize: 'sm' }),
  badge: sx({
    display: 'inline-block',
    px: '2',
    py: '0.5',
    borderRadius: 'l2',
    fontSize: 'xs',
    fontWeight: 'semibold',
    bg: 'brand.solid',
    color: 'brand.contrast',
    verticalAlign: 'middle',
  }),
  actions: sx({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', mt: '2' }),
  button: sxRecipe('button', { variant: 'solid', size: 'sm' }, { colorPalette: 'brand' }),
  outlineButton: sxRecipe('button', { variant: 'outline', size: 'sm' }, { colorPalette: 'brand' }),
  checkRow: sx({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm' }),
  checkbox: sx({ accentColor: 'brand.solid', boxSize: '4', flexShrink: '0', cursor: 'pointer' }),
  form: sx({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' }),
};
