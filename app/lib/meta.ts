import type { MetaDescriptor } from '@remix-run/react';

interface MatchLike {
  id: string;
  data?: unknown;
}

/** 'Page - Retailer' (spec §2); just the retailer when the page has no name. */
export function pageTitle(matches: readonly MatchLike[], page?: string | null): string {
  const root = matches.find((m) => m.id === 'root')?.data as
    | { tenant?: { title?: string } }
    | undefined;
  const site = root?.tenant?.title ?? '';
  if (!page) return site;
  return site ? `${page} - ${site}` : page;
}

export function pageMeta(
  matches: readonly MatchLike[],
  page?: string | null,
  description?: string | null,
): MetaDescriptor[] {
  const out: MetaDescriptor[] = [{ title: pageTitle(matches, page) }];
  if (description) out.push({ name: 'description', content: description });
  return out;
}
