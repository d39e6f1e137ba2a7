import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  fillPlaceholders,
  htmlToText,
  isLocalPath,
  parseMarkdown,
  renderEmailTemplate,
  renderMarkdown,
} from './markdown.server';

describe('parseMarkdown', () => {
  it('splits front matter from the body', () => {
    const { data, body } = parseMarkdown('---\ntitle: Hello\ndate: 2026-11-01\n---\nBody text\n');
    expect(data.title).toBe('Hello');
    expect(data.date).toBeInstanceOf(Date);
    expect(body.trim()).toBe('Body text');
  });

  it('accepts a file without front matter', () => {
    expect(parseMarkdown('Just text')).toEqual({ data: {}, body: 'Just text' });
  });

  it('throws on invalid YAML', () => {
    expect(() => parseMarkdown('---\ntitle: [oops\n---\nx')).toThrow();
  });

  it('never evaluates JavaScript front matter', () => {
    expect(() => parseMarkdown('---js\n{ title: "x" }\n---\nbody')).toThrow(/YAML/);
  });

  it('rejects front matter that is not a mapping', () => {
    expect(() => parseMarkdown('---\n- a\n- b\n---\nbody')).toThrow(/front matter/);
  });
});

describe('renderMarkdown', () => {
  it('renders Markdown to HTML', () => {
    const { html } = renderMarkdown('# Title\n\nSome **bold** text.\n\n- one\n- two\n');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<li>one</li>');
  });

  it('removes scripts, event handlers, styles and iframes', () => {
    const { html } = renderMarkdown(
      'Hi <script>alert(1)</script><b onclick="x()" style="color:red">b</b>\n\n<iframe src="https://x.test"></iframe>\n\n<img src="/a.svg" onerror="alert(1)">',
    );
    expect(html).not.toMatch(/script|alert|onclick|onerror|style=|iframe/i);
    expect(html).toContain('<b>b</b>');
    expect(html).toContain('<img src="/a.svg" />');
  });

  it("keeps images from '/' and drops the others", () => {
    const r = renderMarkdown(
      '![ok](/x.svg) ![remote](http://cdn.test/a.png) <img src="//cdn.test/b.png"> <img src="data:image/png;base64,AAAA">',
    );
    expect(r.html).toContain('<img src="/x.svg" alt="ok" />');
    expect(r.html).not.toContain('cdn.test');
    expect(r.html).not.toContain('data:');
    expect(r.images).toEqual(['/x.svg']);
    expect(r.droppedImages).toEqual([
      'http://cdn.test/a.png',
      '//cdn.test/b.png',
      'data:image/png;base64,AAAA',
    ]);
  });

  it('allows http(s), mailto, tel and relative links only', () => {
    const { html } = renderMarkdown(
      '[a](https://example.com) [b](/weekly-ad) [c](mailto:x@y.test) [d](tel:+15550100) [e](javascript:alert(1)) <a href="//evil.test">f</a>',
    );
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">a</a>');
    expect(html).toContain('<a href="/weekly-ad">b</a>');
    expect(html).toContain('href="mailto:x@y.test"');
    expect(html).toContain('href="tel:+15550100"');
    expect(html).not.toContain('javascript');
    expect(html).not.toContain('evil.test');
  });

  it('adds rel to links that open a new window', () => {
    const { html } = renderMarkdown('<a href="/coupons" target="_blank" rel="nofollow">c</a>');
    expect(html).toContain('rel="nofollow noopener noreferrer"');
    expect(html).toContain('target="_blank"');
  });

  it('keeps tables', () => {
    const { html } = renderMarkdown('| a | b |\n|---|:-:|\n| 1 | 2 |\n');
    expect(html).toContain('<table>');
    expect(html).toContain('<td align="center">2</td>');
  });

  it('produces plain text for search', () => {
    const { text } = renderMarkdown(
      '# Fish &amp; chips\n\nBest <em>ever</em> &copy; 2026.\n\n- a\n- b',
    );
    expect(text).toBe('Fish & chips Best ever © 2026. a b');
  });
});

describe('htmlToText', () => {
  it('strips tags, decodes entities and collapses whitespace', () => {
    expect(htmlToText('<p>A&nbsp;&lt;b&gt;</p>\n\n<p>  c&#39;d &#x41;</p>')).toBe("A <b> c'd A");
  });
});

describe('isLocalPath', () => {
  it("accepts '/x' and refuses protocol-relative and absolute addresses", () => {
    expect(isLocalPath('/images/a.svg')).toBe(true);
    expect(isLocalPath('//cdn.test/a.svg')).toBe(false);
    expect(isLocalPath('/\\cdn.test/a.svg')).toBe(false);
    expect(isLocalPath('/\t/cdn.test/a.svg')).toBe(false);
    expect(isLocalPath('https://cdn.test/a.svg')).toBe(false);
    expect(isLocalPath('images/a.svg')).toBe(false);
    expect(isLocalPath(null)).toBe(false);
  });
});

describe('placeholders', () => {
  it('fills values HTML-escaped; unknown names become empty', () => {
    expect(
      fillPlaceholders('Hi {{name}}, {{ other }}!{{missing}}', {
        name: '<b>Al & "Bo"</b>',
        other: 3,
      }),
    ).toBe('Hi &lt;b&gt;Al &amp; &quot;Bo&quot;&lt;/b&gt;, 3!');
    expect(escapeHtml("'")).toBe('&#39;');
  });

  it('can leave values unescaped for plain text', () => {
    expect(fillPlaceholders('{{a}}', { a: 'x & y' }, { escape: false })).toBe('x & y');
  });

  it('renders an e-mail template', () => {
    const mail = renderEmailTemplate(
      {
        subject: 'Reset your {{retailerName}} password',
        body: 'Hello,\n\n[Reset]({{resetLink}})\n\n{{note}}',
      },
      {
        retailerName: 'Corner Market',
        resetLink: 'https://shop.test/reset?token=a&b=1',
        note: '<script>x</script>',
      },
    );
    expect(mail.subject).toBe('Reset your Corner Market password');
    expect(mail.html).toContain('href="https://shop.test/reset?token=a&amp;b=1"');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).not.toContain('<script>');
  });
});
