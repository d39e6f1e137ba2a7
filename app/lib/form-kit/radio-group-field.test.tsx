import { describe, expect, it } from 'vitest';
import { attr, failedDemo, renderDemo as render, tagWith, textById } from './demo-form.test-utils';

describe('RadioGroupField (server render)', () => {
  it('a fieldset with its legend, radios labelled', () => {
    const html = render(failedDemo());
    expect(html).toMatch(/<fieldset[^>]*><legend[^>]*>Choose your Rewards/);
    const radio = tagWith(html, 'input', 'value="2"');
    expect(attr(radio, 'type')).toBe('radio');
    expect(attr(radio, 'name')).toBe('reward');
    expect(html).toContain(`for="${attr(radio, 'id')}"`);
    expect(textById(html, attr(radio, 'aria-describedby')!)).toBe('This field is required.');
  });
});
