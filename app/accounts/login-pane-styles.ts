import { sx } from '~/lib/theme/static-css';
import { authCardStyles } from './auth-card-styles';

/*
 * The login panes' styles and press handling, apart from login-panes.tsx so that the header
 * dialog can use them without loading the panes (and their forms, conform and zod) up front.
 */

export const loginPaneStyles = {
  ...authCardStyles,
  subtitle: sx({ color: 'fg.muted', mb: '4' }),
  message: sx({ mb: '4', p: '3', bg: 'brand.subtle', borderRadius: 'l2', '& p': { m: 0 } }),
  links: sx({
    display: 'flex',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: '2',
    mt: '4',
    fontSize: 'sm',
  }),
  link: sx({
    color: 'brand.fg',
    textDecoration: 'underline',
    fontWeight: 'medium',
    bg: 'transparent',
    cursor: 'pointer',
    p: '0',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
  }),
};
/**
 * For the pane links and buttons: pressing them does not take focus from the field being typed
 * in. Otherwise the field's blur validation adds its message first, the layout moves, and the
 * release lands beside the control, so the click is lost.
 */
export const keepFocusOnPress = {
  onMouseDown: (event: { preventDefault(): void }) => event.preventDefault(),
};
