import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it('keeps same-site paths with query and hash', () => {
    expect(safeRedirect('/account?tab=1#x')).toBe('/account?tab=1#x');
  });
  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/\tevil',
    ' //evil.example',
    '',
  ])('refuses %j', (to) => {
    expect(safeRedirect(to, '/home')).toBe('/home');
  });
  it('refuses non-strings', () => {
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect(undefined, '/x')).toBe('/x');
  });
});
