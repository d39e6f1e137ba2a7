import { describe, expect, it } from 'vitest';
import { sx } from '~/lib/theme/static-css';
import { themeStylesheet } from '~/lib/theme/theme-css.server';
import { hiddenWithJs, JS_ATTRIBUTE, JS_MARK_SCRIPT, withJs } from './js-mark';

describe('the scripted-page mark (no layout shift on hydration)', () => {
  it('marks <html> from an inline script', () => {
    const root = { attributes: new Map<string, string>() };
    const document = {
      documentElement: { setAttribute: (k: string, v: string) => root.attributes.set(k, v) },
    };
    new Function('document', JS_MARK_SCRIPT)(document);
    expect(root.attributes.get(JS_ATTRIBUTE)).toBe('');
  });

  it('writes rules that apply only under the mark into the brand stylesheet', () => {
    const noJsOnly = sx({ display: 'inline-flex', ...hiddenWithJs });
    const reserved = sx({ pe: '4', ...withJs({ pe: '12' }) });
    const { css } = themeStylesheet({ primary: '#123456', secondary: '#654321' });
    // The plain rule for pages without scripts, and the rule under the mark.
    expect(css).toMatch(new RegExp(`\\.${noJsOnly}\\{[^}]*display:inline-flex;\\}`));
    expect(css).toContain(`html[data-js] .${noJsOnly}{display:none;}`);
    expect(css).toMatch(
      new RegExp(`\\.${reserved}\\{[^}]*padding-inline-end:var\\(--ck-spacing-4\\);\\}`),
    );
    expect(css).toMatch(
      new RegExp(
        `html\\[data-js\\] \\.${reserved}\\{[^}]*padding-inline-end:var\\(--ck-spacing-12\\);\\}`,
      ),
    );
  });
});
