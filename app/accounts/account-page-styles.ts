import { sx, sxRecipe } from '~/lib/theme/static-css';

/** Pages under /account: one column, cards at most 800 px wide. */
export const accountPageStyles = {
  page: sx({ maxW: '800px', mx: 'auto', px: '4', py: { base: '6', md: '10' } }),
  heading: sxRecipe('heading', { size: '2xl' }, { mb: '4' }),
  card: sx({
    borderWidth: '1px',
    borderRadius: 'l3',
    p: { base: '4', md: '6' },
    bg: 'bg',
    shadow: 'sm',
    mb: '6',
  }),
  document: sx({ maxH: { md: '60vh' }, overflowY: 'auto', mb: '4' }),
  stack: sx({ display: 'flex', flexDirection: 'column', gap: '4' }),
  submit: sxRecipe('button', { variant: 'solid', size: 'md' }, { alignSelf: 'flex-start' }),
  muted: sx({ color: 'fg.muted', fontSize: 'sm' }),
  back: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontWeight: 'medium' }),
};
