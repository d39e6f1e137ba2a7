import { describe, expect, it } from 'vitest';
import { attr, failedDemo, renderDemo as render, tagWith, textById } from './demo-form.test-utils';

describe('CheckboxField (server render)', () => {
  it('a native checkbox, its error named by aria-describedby', () => {
    const html = render(failedDemo());
    const terms = tagWith(html, 'input', 'name="acceptTerms"');
    expect(attr(terms, 'type')).toBe('checkbox');
    expect(textById(html, attr(terms, 'aria-describedby')!)).toBe(
      'You must accept the terms of use.',
    );
  });
});
