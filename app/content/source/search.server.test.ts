import MiniSearch from 'minisearch';
import { describe, expect, it, vi } from 'vitest';
import { createSearchIndex, makeSnippet } from './search.server';
import type { Post } from './types';

function post(over: Partial<Post> & { slug: string }): Post {
  return {
    path: `/posts/recipes/${over.slug}`,
    category: 'recipes',
    title: over.slug,
    description: null,
    date: null,
    endDate: null,
    searchable: true,
    coverImage: null,
    altText: null,
    link: null,
    card: false,
    displayFrequency: null,
    hideOverlay: false,
    signup: null,
    form: null,
    order: null,
    shared: false,
    html: '',
    text: '',
    ...over,
  };
}

const filler = (n: number) => 'lorem ipsum '.repeat(Math.ceil(n / 12)).slice(0, n);

describe('makeSnippet', () => {
  it('starts at 0 when the first match is early', () => {
    const s = makeSnippet('Roast the turkey slowly.', ['turkey']);
    expect(s.content).toBe('Roast the <mark>turkey</mark> slowly.');
    expect(s.texts).toEqual([
      { type: 'text', value: 'Roast the ' },
      { type: 'hit', value: 'turkey' },
      { type: 'text', value: ' slowly.' },
    ]);
  });

  it("starts 100 characters before a match beyond 200 characters, with '…'", () => {
    const text = `${filler(250)}TURKEY${filler(500)}`;
    const s = makeSnippet(text, ['turkey']);
    expect(s.content.startsWith(`…${text.slice(150, 250)}<mark>TURKEY</mark>`)).toBe(true);
    expect(s.content.endsWith('…')).toBe(true);
    const plain = s.texts.map((t) => t.value).join('');
    expect(plain).toBe(`…${text.slice(150, 450)}…`);
  });

  it('keeps a match at exactly 200 characters in a snippet from the start', () => {
    const text = `${filler(200)}turkey`;
    expect(makeSnippet(text, ['turkey']).content.startsWith('lorem')).toBe(true);
  });

  it('is about 300 characters with a trailing ellipsis when cut', () => {
    const s = makeSnippet(filler(1000), ['nothing']);
    const plain = s.texts.map((t) => t.value).join('');
    expect(plain.length).toBe(301);
    expect(plain.endsWith('…')).toBe(true);
    expect(makeSnippet('short', ['x']).content).toBe('short');
  });

  it('marks every case-insensitive occurrence, longest term first', () => {
    const s = makeSnippet('Turkey, turkey and more TURKEY; turk.', ['turk', 'turkey']);
    expect(s.content).toBe(
      '<mark>Turkey</mark>, <mark>turkey</mark> and more <mark>TURKEY</mark>; <mark>turk</mark>.',
    );
  });

  it('escapes HTML in the text and in hits', () => {
    const s = makeSnippet('Use <b>salt</b> & "pepper" & <salt>', ['salt']);
    expect(s.content).toBe(
      'Use &lt;b&gt;<mark>salt</mark>&lt;/b&gt; &amp; &quot;pepper&quot; &amp; &lt;<mark>salt</mark>&gt;',
    );
  });

  it('treats terms as plain text, not patterns', () => {
    expect(makeSnippet('a.b axb', ['a.b']).content).toBe('<mark>a.b</mark> axb');
  });
});

describe('createSearchIndex', () => {
  const posts = [
    post({ slug: 'turkey', title: 'Roast Turkey', text: 'Roast the turkey for four hours.' }),
    post({
      slug: 'pie',
      title: 'Pumpkin Pie',
      text: 'A pie with pumpkin and spice. Serve after the turkey.',
    }),
    post({ slug: 'hidden', title: 'Secret Turkey', text: 'turkey', searchable: false }),
    post({
      slug: 'news',
      category: 'news',
      path: '/posts/news/news',
      title: 'Store news',
      text: 'Turkeys are on sale.',
    }),
  ];
  const index = createSearchIndex(posts);

  it('finds posts, title matches first, with snippet and highlights', () => {
    const results = index.search('turkey');
    expect(results.map((r) => r.path)).toContain('/posts/recipes/turkey');
    expect(results[0].path).toBe('/posts/recipes/turkey');
    expect(results[0].content).toContain('<mark>turkey</mark>');
    expect(results[0].highlights[0].path).toBe('content');
    expect(results[0].highlights[0].texts.some((t) => t.type === 'hit')).toBe(true);
    for (const r of results) expect(r.score).toBeGreaterThan(0);
  });

  it("leaves out posts with 'searchable: false'", () => {
    expect(index.search('secret')).toEqual([]);
  });

  it('matches prefixes and small typos, and needs all terms', () => {
    expect(index.search('pump').map((r) => r.path)).toEqual(['/posts/recipes/pie']);
    expect(index.search('pumpkn').map((r) => r.path)).toEqual(['/posts/recipes/pie']);
    expect(index.search('pumpkin turkey').map((r) => r.path)).toEqual(['/posts/recipes/pie']);
    expect(index.search('pumpkin zebra')).toEqual([]);
  });

  it('filters by category, accept() and limit', () => {
    expect(index.search('turkey', { category: 'news' }).map((r) => r.path)).toEqual([
      '/posts/news/news',
    ]);
    expect(
      index.search('turkey', { accept: (p) => p !== '/posts/recipes/turkey' }).map((r) => r.path),
    ).not.toContain('/posts/recipes/turkey');
    expect(index.search('turkey', { limit: 1 })).toHaveLength(1);
  });

  it('returns nothing for an empty query', () => {
    expect(index.search('   ')).toEqual([]);
  });

  it('drops results whose score is zero', () => {
    const hit = (path: string, score: number) => ({
      id: path,
      score,
      terms: ['turkey'],
      queryTerms: ['turkey'],
      match: {},
      title: path,
      path,
      text: 'turkey',
      category: 'recipes',
    });
    vi.spyOn(MiniSearch.prototype, 'search').mockReturnValue([
      hit('/a', 2),
      hit('/b', 0),
      hit('/c', 1),
    ]);
    expect(index.search('turkey').map((r) => r.path)).toEqual(['/a', '/c']);
  });
});
