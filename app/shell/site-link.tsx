import { Link, useLocation, useNavigate, type NavigateFunction } from '@remix-run/react';
import type { MouseEvent, ReactNode } from 'react';
import { isExternal } from '~/content/menu-items';

export interface SiteLinkProps {
  to: string;
  /** A static class: sxRecipe('link', { variant: 'plain' }, { ...style props }). */
  className?: string;
  /** The anchor's data-testid. */
  testId?: string;
  children: ReactNode;
}

/**
 * A styled link: a client route for site paths, a plain anchor for outside addresses.
 *
 * The shell renders 40-50 of these on every page (bar, menus, footer). A Remix Link resolves its
 * address against the page's routes three times while rendering (a few JSON round trips of the
 * route matches each time): 5-6 % of a page's server CPU for the shell's links. A site path
 * that needs no resolving (absolute, no dot segments, nothing to normalise: `plainPath`) is
 * written as the anchor Link writes for it, the same attributes in the same order, and followed
 * in the app on a plain click as Link follows it. Anything else stays a Link.
 */
export function SiteLink({ to, className, testId, children }: SiteLinkProps) {
  if (isExternal(to)) {
    return (
      <a href={to} className={className} data-testid={testId}>
        {children}
      </a>
    );
  }
  if (plainPath(to)) {
    return (
      <PathLink to={to} className={className} testId={testId}>
        {children}
      </PathLink>
    );
  }
  return (
    <Link to={to} className={className} data-testid={testId}>
      {children}
    </Link>
  );
}

/**
 * An address Link would write unchanged: a path from the site's root, made of plain characters,
 * without `.` or `..` segments, with an optional non-empty query. (A fragment, an empty `?`,
 * percent signs, spaces or other characters go through Link, which normalises them.)
 */
export function plainPath(to: string): boolean {
  return (
    /^\/(?!\/)[A-Za-z0-9\-_~/]*(\?[A-Za-z0-9\-_~.=&+]+)?$/.test(to) &&
    !/(^|\/)\.\.?(\/|$|\?)/.test(to.split('?')[0]!)
  );
}

function PathLink({ to, className, testId, children }: SiteLinkProps) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <a
      className={className}
      data-testid={testId}
      data-discover="true"
      href={to}
      onClick={(event) => followInApp(event, to, location, navigate)}
    >
      {children}
    </a>
  );
}

/**
 * What Link does with a click: a plain click (the main button, no modifier key, not already
 * taken) navigates in the app, replacing the history entry when the address is the current one;
 * any other click is the browser's.
 */
export function followInApp(
  event: Pick<
    MouseEvent,
    'defaultPrevented' | 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'
  > & { preventDefault(): void },
  to: string,
  location: { pathname: string; search: string; hash: string },
  navigate: NavigateFunction,
): void {
  // The test of ~/lib/ui/delegated-links' isPlainClick, written here: importing it would put that
  // module in a chunk of its own shared with the shell, one more script for every page.
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  const current = `${location.pathname}${location.search}${location.hash}`;
  void navigate(to, { replace: current === to });
}
