import { sx, sxRecipe } from '~/lib/theme/static-css';

/** The narrow card of the login and password pages (475 wide, as the login dialog). */
export const authCardStyles = {
  page: sx({ maxW: '475px', mx: 'auto', px: '4', py: '10' }),
  /** The registration's page: its form is two columns wide. */
  widePage: sx({ maxW: '720px', mx: 'auto', px: '4', py: '10' }),
  card: sx({
    borderWidth: '1px',
    borderRadius: 'l3',
    p: { base: '5', md: '8' },
    bg: 'bg',
    shadow: 'sm',
  }),
  heading: sxRecipe('heading', { size: '2xl' }, { mb: '3' }),
  stack: sx({ display: 'flex', flexDirection: 'column', gap: '4' }),
  submit: sxRecipe('button', { variant: 'solid', size: 'lg' }, { w: 'full' }),
};
