import { describe, expect, it } from 'vitest';
import { mailText } from './mail-text';

describe('mailText', () => {
  it('keeps paragraphs, line breaks, list items and link addresses', () => {
    const html =
      '<h2>Hi &amp; welcome</h2><p>Line one<br />line   two</p>' +
      '<p><a href="https://x.test/r?a=1&amp;b=2">Reset <strong>now</strong></a></p>' +
      '<ul><li>first</li><li><a href="https://x.test/">https://x.test/</a></li></ul>' +
      '<!-- note --><p>Dan&#39;s</p>';
    expect(mailText(html)).toBe(
      'Hi & welcome\n\nLine one\nline two\n\nReset now (https://x.test/r?a=1&b=2)\n\n' +
        "- first\n- https://x.test/\n\nDan's\n",
    );
  });
});
