import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { formData } from '@test/forms';
import { attr, demoSchema, renderDemo as render, tagWith } from './demo-form.test-utils';

describe('PhoneInput (server render)', () => {
  it('a phone default of bare digits is shown masked', () => {
    const html = render(
      parseWithZod(formData({ phone: '8015551234' }), { schema: demoSchema }).reply(),
    );
    expect(attr(tagWith(html, 'input', 'name="phone"'), 'value')).toBe('(801) 555-1234');
  });
});
