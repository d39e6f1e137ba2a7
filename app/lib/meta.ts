import type { MetaDescriptor } from '@remix-run/react';

interface MatchLike {
  id: string;
  data?: unknown;
}

/** 'Page - Retailer'; just the retailer when the page has no name. */
export function pageTitle(matches: readonly MatchLike[], page?: string | null): string {
  const root = matches.find((m) => m.id === 'root')?.data as
    | { tenant?: { title?: string } }
    | undefined;
  const site = root?.tenant?.title ?? '';
  if (!page) return site;
  return site ? `${page} - ${site}` : page;
}

/** A page's description: its own text (content pages), or one written around the retailer's name. */
export type PageDescription = string | ((retailer: string) => string) | null | undefined;

/**
 * The page's title and, when there is one, its meta description: search engines show it under
 * the title, and a page without one gets whatever text they pick from its body.
 */
export function pageMeta(
  matches: readonly MatchLike[],
  page?: string | null,
  description?: PageDescription,
): MetaDescriptor[] {
  const out: MetaDescriptor[] = [{ title: pageTitle(matches, page) }];
  const retailer = retailerName(matches);
  const text = typeof description === 'function' ? retailer && description(retailer) : description;
  if (text) out.push({ name: 'description', content: text });
  return out;
}

function retailerName(matches: readonly MatchLike[]): string {
  const root = matches.find((m) => m.id === 'root')?.data as
    | { tenant?: { title?: string } }
    | undefined;
  return root?.tenant?.title ?? '';
}
