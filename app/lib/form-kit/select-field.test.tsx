import { describe, expect, it } from 'vitest';
import { attr, failedDemo, renderDemo as render, tagWith, textById } from './demo-form.test-utils';

describe('SelectField (server render)', () => {
  it('native select with its empty placeholder option', () => {
    const html = render();
    expect(html).toMatch(/<option value="">Select a store<\/option>/);
    expect(html).toMatch(/<option value="0202">Hill Road<\/option>/);
  });

  it('with an error: aria-invalid, the message named by aria-describedby', () => {
    const html = render(failedDemo());
    const select = tagWith(html, 'select', 'name="storeNumber"');
    expect(attr(select, 'aria-invalid')).toBe('true');
    expect(textById(html, attr(select, 'aria-describedby')!)).toBe('Please choose your store.');
  });
});
