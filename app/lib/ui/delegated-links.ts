import { useNavigate } from '@remix-run/react';
import type { MouseEvent } from 'react';

/**
 * Click handler for a list of cards: a plain click on a card's link marked with the data
 * attribute `attribute` (e.g. `data-details-link`) becomes an in-app navigation, as a Remix Link's
 * would, without rendering a Link component per card (48 cards a page). A click with a modifier
 * key, or one a handler already took, is left to the browser.
 *
 * `preventScrollReset` keeps the list where it is (a card that opens a dialog over the list).
 * Not remix-utils' `useDelegatedAnchors`: that one cannot keep the scroll position, and it takes
 * every same-origin link in the list from a native listener that runs before React's, so a
 * card's 'Log In to Clip' link would go to /login even as its own handler opens the dialog.
 */
export function useDelegatedLinks(
  attribute: `data-${string}`,
  { preventScrollReset = false }: { preventScrollReset?: boolean } = {},
) {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (!isPlainClick(event)) return;
    const link = (event.target as Element).closest?.(`a[${attribute}]`);
    if (!(link instanceof HTMLAnchorElement)) return;
    event.preventDefault();
    navigate(link.getAttribute('href') ?? '', { preventScrollReset });
  };
}

/** A click the browser would turn into following a link in the same tab. */
export function isPlainClick(event: {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  return !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
}
