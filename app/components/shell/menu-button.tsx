import { Button, IconButton, VisuallyHidden } from '@chakra-ui/react';
import { MenuIcon } from './icons';

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
      <Button
        asChild
        variant="ghost"
        colorPalette="brand"
        color="brand.fg"
        px="2"
        data-testid="menu-button"
      >
        <a href={fallbackHref}>
          <MenuIcon size="1.5em" />
          <VisuallyHidden>Menu</VisuallyHidden>
        </a>
      </Button>
    );
  }
  return (
    <IconButton
      variant="ghost"
      colorPalette="brand"
      color="brand.fg"
      aria-label="Menu"
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={onOpen}
      data-testid="menu-button"
    >
      <MenuIcon size="1.5em" />
    </IconButton>
  );
}
