import { sxRecipe } from '~/lib/theme/static-css';
import { MenuIcon } from '~/lib/ui/icons';
import { iconButtonStyle, visuallyHidden } from '~/lib/ui/styles';
import { preloadNavDrawer } from './nav-drawer';

const styles = {
  link: sxRecipe(
    'button',
    { variant: 'ghost', size: 'md' },
    { colorPalette: 'brand', color: 'brand.fg', px: '2' },
  ),
  button: sxRecipe(
    'button',
    { variant: 'ghost', size: 'md' },
    { ...iconButtonStyle, colorPalette: 'brand', color: 'brand.fg' },
  ),
};

/**
 * Opens the navigation drawer on small screens. Before JavaScript runs it is a link to the
 * menu list near the bottom of the page (#site-nav), so the menu is always reachable.
 */
export function MenuButton({
  hydrated,
  open,
  onOpen,
  fallbackHref = '#site-nav',
}: {
  hydrated: boolean;
  open: boolean;
  onOpen: () => void;
  fallbackHref?: string;
}) {
  if (!hydrated) {
    return (
      <a href={fallbackHref} className={styles.link} data-testid="menu-button">
        <MenuIcon size="1.5em" />
        <span className={visuallyHidden}>Menu</span>
      </a>
    );
  }
  return (
    <button
      type="button"
      className={styles.button}
      aria-label="Menu"
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={onOpen}
      onPointerEnter={preloadNavDrawer}
      onPointerDown={preloadNavDrawer}
      onFocus={preloadNavDrawer}
      data-testid="menu-button"
    >
      <MenuIcon size="1.5em" />
    </button>
  );
}
