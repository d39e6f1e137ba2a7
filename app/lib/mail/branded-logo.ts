import type { Tenant } from '~/lib/tenant/schema';
import { mailLink } from './mail-link';

/**
 * The logo at the top of a brand's e-mail: the tenant's raster `mail.logo` (PNG, JPEG or GIF) as
 * an absolute address on the brand's origin, or null, and the layout writes the retailer's name
 * as styled text. The site's own logo is an SVG, which Gmail and Outlook do not show: a mail
 * with it would open on an empty box and its alt text.
 */
export function mailLogo(tenant: Pick<Tenant, 'origin'> & { mail?: Partial<Tenant['mail']> }) {
  const logo = tenant.mail?.logo;
  if (!logo) return null;
  return { ...logo, src: mailLink(tenant, logo.src) };
}
