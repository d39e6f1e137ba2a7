import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

const FALLBACK = '/home';

/**
 * What a browser does with the answer as a Location header on a page of the site: it stays on the
 * site (resolved against a page deep in the site, as a browser would), and the value is one '/'
 * followed by printable ASCII (a valid header value, never '//' or '/\').
 */
function staysOnSite(target: string): boolean {
  if (!/^\/(?![/\\])[\x21-\x7e]*$/.test(target)) return false;
  const resolved = new URL(target, 'https://shop.example/deep/page?x=1');
  return resolved.origin === 'https://shop.example';
}

/** Open-redirect payloads (most from real attack lists); each must come back as the fallback. */
const REFUSED: [string, string][] = [
  ['dot segments to //', '/..//evil.example'],
  ['single dot to //', '/.//x'],
  ['encoded dots to //', '/%2e%2e//x'],
  ['mixed-case encoded dots', '/%2E%2E//evil.example'],
  ['half-encoded dots', '/.%2e//evil.example'],
  ['dots after a segment', '/a/..//x'],
  ['dots deep down', '/a/b/../..//evil.example'],
  ['encoded dots then an encoded slash', '/%2E%2E/%2F/x'],
  ['dot segment to a backslash', '/./\\evil.example'],
  ['protocol-relative', '//evil'],
  ['protocol-relative with a path', '//evil.example/login'],
  ['triple slash', '///evil'],
  ['four slashes', '////evil.example'],
  ['slash backslash', '/\\evil'],
  ['backslash backslash', '\\\\evil'],
  ['slash and a tab', '/\t/evil'],
  ['a tab inside //', '/\t/evil.example'],
  ['a newline inside //', '/\n/evil.example'],
  ['a carriage return inside //', '/\r/evil.example'],
  ['CRLF header injection', '/x\r\nSet-Cookie: a=b'],
  ['a NUL', '/x\u0000y'],
  ['DEL', '/x\u007f'],
  ['a C1 control', '/x\u0085y'],
  ['encoded slashes in the path', '/%2f%2fevil'],
  ['an encoded backslash in the path', '/%5cevil'],
  ['encoded slash after a slash', '/%2F/evil.example'],
  ['absolute https', 'https://evil.example/'],
  ['scheme without slashes', 'https:evil'],
  ['javascript', 'javascript:alert(1)'],
  ['javascript behind a backslash', '\\javascript:alert(1)'],
  ['data URL', 'data:text/html,<script>alert(1)</script>'],
  ['leading space', ' //evil.example'],
  ['leading tab', '\t/account'],
  ['a relative path', 'account'],
  ['a query alone', '?tab=1'],
  ['full-width slashes alone', '\uff0f\uff0fevil.example'],
  ['user info', '//user@evil.example'],
  ['an @ after //', '/\\@evil.example'],
  ['empty', ''],
  ['too long', `/${'a'.repeat(5000)}`],
];

/** Same-site targets that a page really uses: they come back as given. */
const KEPT = [
  '/digital-coupons?tab=clipped#x',
  '/account',
  '/a/b?c=d%20e',
  '/',
  '/login?redirectTo=%2Fdigital-coupons%2Fprint',
  '/posts/recipes/summer-salad',
  '/digital-coupons?category=Dairy&sort=expiry',
];

describe('safeRedirect', () => {
  it.each(REFUSED.map(([name, to]) => [name, to.length > 60 ? `${to.slice(0, 20)}…` : to, to]))(
    'refuses %s: %j',
    (_name, _shown, to) => {
      expect(safeRedirect(to, FALLBACK)).toBe(FALLBACK);
    },
  );

  it('checks at least 30 payloads', () => {
    expect(REFUSED.length).toBeGreaterThanOrEqual(30);
  });

  it.each(KEPT)('keeps %j unchanged', (to) => {
    expect(safeRedirect(to, FALLBACK)).toBe(to);
    expect(staysOnSite(to)).toBe(true);
  });

  it('keeps what resolves to a plain path on the site, resolved', () => {
    expect(safeRedirect('/a/../account')).toBe('/account');
    expect(safeRedirect('/a/%2e%2e/account')).toBe('/account');
    expect(safeRedirect('/../../account')).toBe('/account');
    // Full-width slashes are just characters of a path: percent-encoded, they stay on the site.
    expect(safeRedirect('/\uff0f\uff0fevil.example')).toBe('/%EF%BC%8F%EF%BC%8Fevil.example');
  });

  it('answers printable ASCII only, so the Location header is always valid', () => {
    expect(safeRedirect('/café?q=über#ä')).toBe('/caf%C3%A9?q=%C3%BCber#%C3%A4');
    expect(safeRedirect('/a b?c d')).toBe('/a%20b?c%20d');
    expect(safeRedirect('/\u0100\u2028\ud800')).toBe('/%C4%80%E2%80%A8%EF%BF%BD');
    const result = safeRedirect('/search?q="<script>"');
    expect(result).toBe('/search?q=%22%3Cscript%3E%22');
    expect(() => new Headers({ Location: result })).not.toThrow();
  });

  it('refuses non-strings', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect(undefined, '/x')).toBe('/x');
    expect(safeRedirect(new File(['x'], '/x') as FormDataEntryValue, '/y')).toBe('/y');
  });

  it('never leaves the site, whatever the input (property)', () => {
    // Pieces attackers combine: slashes in every spelling, dots, controls, schemes, hosts.
    const piece = fc.constantFrom(
      '/',
      '/',
      '\\',
      '.',
      '..',
      '%2e',
      '%2f',
      '%5c',
      '\t',
      '\n',
      '\uff0f',
      '@',
      ':',
      '?',
      'evil.example',
      'https:',
    );
    const crafted = fc.array(piece, { maxLength: 7 }).map((parts) => parts.join(''));
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    const anything = fc.oneof(
      { arbitrary: crafted.map((s) => `/${s}`), weight: 4 },
      { arbitrary: crafted, weight: 1 },
      { arbitrary: text.map((s) => `/${s}`), weight: 1 },
      { arbitrary: text, weight: 1 },
    );
    fc.assert(
      fc.property(anything, (to) => {
        const result = safeRedirect(to, FALLBACK);
        expect(result === FALLBACK || staysOnSite(result)).toBe(true);
        // A checked target checks again to itself.
        expect(safeRedirect(result, FALLBACK)).toBe(result);
      }),
      { numRuns: 5000 },
    );
  });
});
