import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { isExternal } from '~/content/menu-items';

export interface SiteLinkProps {
  to: string;
  /** A static class: sxRecipe('link', { variant: 'plain' }, { ...style props }). */
  className?: string;
  children: ReactNode;
}

/** A styled link: a client route for site paths, a plain anchor for outside addresses. */
export function SiteLink({ to, className, children }: SiteLinkProps) {
  if (isExternal(to)) {
    return (
      <a href={to} className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={className}>
      {children}
    </Link>
  );
}
