import { describe, expect, it } from 'vitest';
import { attr, failedDemo, renderDemo as render, tagWith } from './demo-form.test-utils';

describe('PasswordField (server render, as without JavaScript)', () => {
  it('a plain password input, no toggle, never a value', () => {
    const html = render(failedDemo());
    const input = tagWith(html, 'input', 'name="password"');
    expect(attr(input, 'type')).toBe('password');
    expect(attr(input, 'value')).toBeUndefined();
    expect(html).not.toContain('aria-pressed');
    expect(html).not.toContain('secret');
  });
});
