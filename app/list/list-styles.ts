import type { SystemStyleObject } from '@chakra-ui/react';
import { sx, sxRecipe } from '~/lib/theme/static-css';

/**
 * Printing shows the list alone: everything around the page's <main> (bars, header, banners,
 * footer, dialogs) and every form control but the lines' boxes is hidden. The selector reaches
 * outside the page through `body:has(&)`; Chakra's types only know selectors that start or end
 * with '&', hence the cast.
 */
const hideShellWhenPrinting = {
  'body:has(&) :has(> #main) > :not(#main), body:has(&) > :not(:has(#main)), body:has(&) :is(header, nav, footer, [role="dialog"])':
    { display: 'none !important' },
} as SystemStyleObject;

const print = (styles: SystemStyleObject) => ({ '@media print': styles });

export const listStyles = {
  page: sx({
    maxW: '760px',
    mx: 'auto',
    px: '4',
    py: { base: '6', md: '10' },
    display: 'flex',
    flexDirection: 'column',
    gap: '5',
    ...print({ maxW: 'none', p: 0, color: 'black', bg: 'white', ...hideShellWhenPrinting }),
  }),
  noPrint: sx(print({ display: 'none !important' })),
  heading: sxRecipe('heading', { size: '2xl' }),
  count: sx({ color: 'fg.muted', fontSize: 'sm', ...print({ display: 'none' }) }),
  addForm: sx({
    display: 'flex',
    flexWrap: 'wrap',
    gap: '2',
    alignItems: 'end',
    ...print({ display: 'none !important' }),
  }),
  field: sx({ display: 'flex', flexDirection: 'column', gap: '1', flex: '1 1 14rem', minW: '0' }),
  qtyField: sx({ display: 'flex', flexDirection: 'column', gap: '1', w: '5.5rem' }),
  label: sx({ fontSize: 'sm', fontWeight: 'medium' }),
  input: sxRecipe('input', { size: 'md', variant: 'outline' }, { bg: 'bg' }),
  qtyInput: sxRecipe('input', { size: 'sm', variant: 'outline' }, { bg: 'bg', w: '4.5rem' }),
  primary: sxRecipe('button', { variant: 'solid', size: 'md' }, { colorPalette: 'brand' }),
  secondary: sxRecipe(
    'button',
    { variant: 'outline', size: 'sm' },
    { colorPalette: 'brand', color: 'brand.fg' },
  ),
  ghost: sxRecipe('button', { variant: 'ghost', size: 'sm' }, { colorPalette: 'gray' }),
  group: sx({
    display: 'flex',
    flexDirection: 'column',
    gap: '1',
    ...print({ breakInside: 'avoid' }),
  }),
  groupHeading: sxRecipe('heading', { size: 'md' }, { borderBottomWidth: '2px', pb: '1' }),
  lines: sx({ listStyleType: 'none', p: '0', m: '0' }),
  line: sx({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '2',
    py: '2',
    borderBottomWidth: '1px',
    borderColor: 'border',
    ...print({ borderColor: 'black', py: '1' }),
  }),
  pending: sx({ opacity: 0.6 }),
  box: sx({
    flex: 'none',
    w: '7',
    h: '7',
    borderWidth: '2px',
    borderColor: 'fg',
    borderRadius: 'l1',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontWeight: 'bold',
    cursor: 'pointer',
    bg: 'bg',
    focusVisibleRing: 'outside',
    ...print({ w: '5', h: '5', borderColor: 'black' }),
  }),
  text: sx({ flex: '1 1 10rem', minW: '0', overflowWrap: 'anywhere' }),
  done: sx({ textDecoration: 'line-through', color: 'fg.muted' }),
  detail: sx({ display: 'block', fontSize: 'sm', color: 'fg.muted' }),
  couponLink: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontSize: 'sm' }),
  qtyForm: sx({ display: 'flex', gap: '1', alignItems: 'center', ...print({ display: 'none' }) }),
  printQty: sx({ display: 'none', ...print({ display: 'inline' }) }),
  inlineFormPrintable: sx({ display: 'inline-flex' }),
  srOnlyLabel: sx({ srOnly: true }),
  inlineForm: sx({ display: 'inline-flex', ...print({ display: 'none' }) }),
  lineError: sx({ flexBasis: 'full', fontSize: 'sm', color: 'red.700' }),
  actions: sx({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' }),
  share: sx({
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
    borderWidth: '1px',
    borderRadius: 'l3',
    p: '4',
    ...print({ display: 'none !important' }),
  }),
  shareUrl: sxRecipe('input', { size: 'sm', variant: 'outline' }, { fontFamily: 'mono' }),
  empty: sx({ color: 'fg.muted' }),
  link: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontWeight: 'medium' }),
};
