import type { Tenant } from '~/lib/tenant/schema';

/** An absolute link on the brand's canonical origin: `mailLink(tenant, '/account', { a: '1' })`. */
export function mailLink(
  tenant: Pick<Tenant, 'origin'>,
  pathname: string,
  query: Record<string, string> = {},
): string {
  const url = new URL(pathname, tenant.origin);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}
