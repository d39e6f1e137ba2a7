import { sx, sxRecipe } from '~/lib/theme/static-css';
import { tablesNarrow } from '~/lib/ui/responsive-table';
import { panelStyle } from '~/lib/ui/styles';

/** The box of a rewards dialog: `width` wide, the whole screen below 769 px. */
export const fullScreenBelowTables = (width: string) =>
  ({
    maxW: width,
    w: 'full',
    mx: '4',
    [tablesNarrow]: { maxW: '100vw', w: '100vw', minH: '100dvh', m: '0', borderRadius: '0' },
  }) as const;

/**
 * The parts the rewards page's dialogs share (the coupon, the points and credit details): the
 * heading and the close link of their section without JavaScript, and the dialog's Close button.
 */
export const rewardsDialogStyles = {
  title: sxRecipe('heading', { size: 'lg' }, { mb: '3' }),
  close: sxRecipe('button', { variant: 'solid', size: 'md' }, { colorPalette: 'brand' }),
  closeLink: sxRecipe(
    'button',
    { variant: 'solid', size: 'md' },
    { colorPalette: 'brand', mt: '4' },
  ),
  /** The details' section without JavaScript: the page's width. */
  wideSection: sx({ ...panelStyle, p: { base: '4', md: '6' }, mb: '6' }),
};
