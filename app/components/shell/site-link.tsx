import { Link as ChakraLink, type LinkProps } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { isExternal } from './menu-items';

export type SiteLinkProps = Omit<LinkProps, 'href' | 'asChild'> & { to: string };

/** A styled link: a client route for site paths, a plain anchor for outside addresses. */
export function SiteLink({ to, children, ...rest }: SiteLinkProps) {
  if (isExternal(to)) {
    return (
      <ChakraLink href={to} {...rest}>
        {children}
      </ChakraLink>
    );
  }
  return (
    <ChakraLink asChild {...rest}>
      <Link to={to}>{children}</Link>
    </ChakraLink>
  );
}
