import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormAlert } from './form-alert';
import { attr, failedDemo, renderDemo as render, tagWith, textById } from './demo-form.test-utils';

describe('FormAlert (server render)', () => {
  it('shows the form-level message, and the form names its alert', () => {
    const html = render(failedDemo());
    const alert = tagWith(html, 'div', 'role="alert"');
    expect(textById(html, attr(alert, 'id')!)).toBe('Invalid email address or password.');
    // The form names its alert.
    expect(attr(tagWith(html, 'form', 'id="demo"'), 'aria-describedby')).toBe(attr(alert, 'id'));
  });

  it('nothing without messages; success notices are status messages', () => {
    expect(renderToString(<FormAlert errors={[]} />)).toBe('');
    const ok = renderToString(
      <FormAlert status="success" errors={['Your password has been reset.']} />,
    );
    expect(ok).toContain('role="status"');
    expect(ok).toContain('Your password has been reset.');
  });
});
