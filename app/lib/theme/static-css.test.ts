import { describe, expect, it } from 'vitest';
import { cx, sx, sxRecipe, sxSlotRecipe } from './static-css';
import { themeStylesheet } from './theme-css.server';

describe('static styles', () => {
  const box = sx({
    px: '4',
    bg: 'brand.solid',
    display: { base: 'none', md: 'block' },
    _hover: { color: 'red.500' },
  });
  const button = sxRecipe('button', { variant: 'solid', size: 'sm' });
  const selectField = sxSlotRecipe('nativeSelect', 'field', { size: 'xs' }, { w: '150px' });

  it('gives the same style the same class name', () => {
    expect(
      sx({
        px: '4',
        bg: 'brand.solid',
        display: { base: 'none', md: 'block' },
        _hover: { color: 'red.500' },
      }),
    ).toBe(box);
    expect(sx({ px: '5' })).not.toBe(box);
  });

  it('writes resolved rules into the brand stylesheet', () => {
    const { css } = themeStylesheet({ primary: '#123456', secondary: '#654321' });
    expect(css).toContain(
      `.${box}{padding-inline:var(--ck-spacing-4);background:var(--ck-colors-brand-solid)`,
    );
    expect(css).toMatch(
      new RegExp(`@media screen and \\(min-width: 48rem\\)\\{\\.${box}\\{display:block;\\}\\}`),
    );
    expect(css).toContain(`.${box}:is(:hover, [data-hover])`);
    expect(css).toContain(`.${button}{`);
    // A slot recipe part: the slot's base and variant styles, then the extra styles.
    const field = css.slice(css.indexOf(`.${selectField}{`)).split('}')[0];
    expect(field).toContain('appearance:none');
    expect(field).toContain('font-size:var(--ck-font-sizes-xs)');
    expect(field).toContain('width:150px;');
    expect(field).not.toContain('width:100%');
    // Brand colours are values of the tokens, not of the static rules.
    expect(css).toMatch(/--ck-colors-brand-raw: ?#123456/);
  });

  it('sets the selection colour once, on <html>, not on every element', () => {
    const { css } = themeStylesheet({ primary: '#123456', secondary: '#654321' });
    expect(css).toMatch(/(^|[},])html::selection\{[^}]*background:/);
    expect(css).not.toMatch(/\*::selection/);
  });

  it('joins class names', () => {
    expect(cx('a', false, null, undefined, 'b')).toBe('a b');
  });
});
