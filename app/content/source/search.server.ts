/**
 * Content quick search (docs/reference/content.md "Search"): a MiniSearch index over the searchable
 * posts of one site, and the snippet with <mark>ed matches shown under each result.
 */
import MiniSearch from 'minisearch';
import { escapeHtml } from '~/lib/markdown.server';
import type { Post, SearchHighlightText, SearchResult } from './types';

/** A match further into the text than this moves the snippet start. */
export const SNIPPET_MATCH_LIMIT = 200;
/** How far before such a match the snippet starts. */
export const SNIPPET_LEAD = 100;
/** Snippet length before the trailing ellipsis. */
export const SNIPPET_LENGTH = 300;
export const DEFAULT_SEARCH_LIMIT = 10;

const ELLIPSIS = '…';

export interface Snippet {
  /** HTML: escaped text, matches wrapped in <mark>, '…' where the text was cut. */
  content: string;
  /** The same snippet as plain-text pieces. */
  texts: SearchHighlightText[];
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One case-insensitive pattern for all terms, longest first so 'turkey' wins over 'turk'. */
function termsPattern(terms: string[]): RegExp | null {
  const unique = [...new Set(terms.map((t) => t.trim().toLowerCase()).filter(Boolean))];
  // One-letter terms would mark half the snippet; use them only when nothing else is left.
  const useful = unique.filter((t) => t.length > 1);
  const chosen = (useful.length ? useful : unique).sort((a, b) => b.length - a.length);
  if (!chosen.length) return null;
  return new RegExp(chosen.map(escapeRegExp).join('|'), 'gi');
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * Builds the result snippet from a post's plain text. Starts at 0 unless the first match is
 * beyond 200 characters, in which case it starts 100 characters before it with '…'; about
 * 300 characters long, with a trailing '…' when cut. Every occurrence of a term is a hit.
 */
export function makeSnippet(text: string, terms: string[]): Snippet {
  const pattern = termsPattern(terms);
  let first = -1;
  let firstLength = 0;
  if (pattern) {
    const match = pattern.exec(text);
    if (match) {
      first = match.index;
      firstLength = match[0].length;
    }
  }
  let start = first > SNIPPET_MATCH_LIMIT ? first - SNIPPET_LEAD : 0;
  // Never split a surrogate pair (emoji) in two.
  if (start > 0 && isHighSurrogate(text.charCodeAt(start - 1))) start -= 1;
  let end = Math.min(text.length, Math.max(start + SNIPPET_LENGTH, first + firstLength));
  if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end += 1;

  const texts: SearchHighlightText[] = [];
  const pushText = (value: string) => {
    if (!value) return;
    const last = texts[texts.length - 1];
    if (last && last.type === 'text') last.value += value;
    else texts.push({ type: 'text', value });
  };
  if (start > 0) pushText(ELLIPSIS);
  const slice = text.slice(start, end);
  let at = 0;
  if (pattern) {
    pattern.lastIndex = 0;
    for (const match of slice.matchAll(pattern)) {
      pushText(slice.slice(at, match.index));
      texts.push({ type: 'hit', value: match[0] });
      at = match.index + match[0].length;
    }
  }
  pushText(slice.slice(at));
  if (end < text.length) pushText(ELLIPSIS);

  const content = texts
    .map((t) => (t.type === 'hit' ? `<mark>${escapeHtml(t.value)}</mark>` : escapeHtml(t.value)))
    .join('');
  return { content, texts };
}

export interface SearchOptions {
  /** Only posts of this category. */
  category?: string;
  /** Most results to return (default 10). */
  limit?: number;
  /** Extra filter by post path, e.g. visibility at the time of the query. */
  accept?: (path: string) => boolean;
}

export interface SearchIndex {
  search(text: string, options?: SearchOptions): SearchResult[];
}

interface StoredFields {
  title: string;
  path: string;
  text: string;
  category: string | null;
}

/**
 * Indexes the searchable posts (title boosted x3; prefix matching; fuzzy 0.2 for terms of four
 * or more characters; all terms must match). Visibility is checked per query through `accept`
 * so a post whose date arrives shows up without rebuilding the index.
 */
export function createSearchIndex(posts: Post[]): SearchIndex {
  const mini = new MiniSearch<Post>({
    idField: 'path',
    fields: ['title', 'description', 'text'],
    storeFields: ['title', 'path', 'text', 'category'],
    extractField: (doc, field) => {
      const value = (doc as unknown as Record<string, unknown>)[field];
      return value === null || value === undefined ? '' : (value as string);
    },
    searchOptions: {
      boost: { title: 3 },
      prefix: true,
      fuzzy: (term) => (term.length >= 4 ? 0.2 : false),
      combineWith: 'AND',
    },
  });
  // The path is the id: keep the first of any duplicates instead of throwing.
  const seen = new Set<string>();
  mini.addAll(posts.filter((p) => p.searchable && !seen.has(p.path) && seen.add(p.path)));

  return {
    search(text, options = {}) {
      const query = typeof text === 'string' ? text.trim() : '';
      if (!query) return [];
      const limit =
        options.limit && Number.isInteger(options.limit) && options.limit > 0
          ? options.limit
          : DEFAULT_SEARCH_LIMIT;
      const { category, accept } = options;
      const hits = mini.search(query, {
        filter: (r) =>
          (category === undefined || r.category === category) && (!accept || accept(String(r.id))),
      });
      const results: SearchResult[] = [];
      for (const hit of hits) {
        if (!(hit.score > 0)) continue; // a result scoring 0 is dropped
        const stored = hit as unknown as StoredFields;
        // Document terms (what prefix/fuzzy matched) first, then the typed terms.
        const snippet = makeSnippet(stored.text ?? '', [...hit.terms, ...hit.queryTerms]);
        results.push({
          title: stored.title,
          path: stored.path,
          content: snippet.content,
          score: hit.score,
          highlights: [{ path: 'content', texts: snippet.texts }],
        });
        if (results.length >= limit) break;
      }
      return results;
    },
  };
}
