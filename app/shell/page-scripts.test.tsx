import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lowerPreloads } from './page-scripts';

describe('page scripts', () => {
  it("puts every modulepreload link of Remix's <Scripts> shape at low priority, nothing else", () => {
    // The shape <Scripts> returns: a fragment of a link, a keyed list of links and the scripts.
    const scripts = (
      <>
        <link rel="modulepreload" href="/build/entry.client-A.js" />
        {['/build/_shared/chunk-B.js', '/build/root-C.js'].map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        <>
          <script dangerouslySetInnerHTML={{ __html: 'window.__remixContext = {};' }} />
          <script type="module" async dangerouslySetInnerHTML={{ __html: 'import "/x.js";' }} />
        </>
        {null}
      </>
    );
    const html = renderToStaticMarkup(<>{lowerPreloads(scripts)}</>);
    expect(html.match(/<link [^>]*>/g)).toEqual([
      '<link rel="modulepreload" href="/build/entry.client-A.js" fetchpriority="low"/>',
      '<link rel="modulepreload" href="/build/_shared/chunk-B.js" fetchpriority="low"/>',
      '<link rel="modulepreload" href="/build/root-C.js" fetchpriority="low"/>',
    ]);
    expect(html).toContain('<script>window.__remixContext = {};</script>');
    expect(html).toContain('<script type="module" async="">import "/x.js";</script>');
  });

  it('leaves other links and a hydrated (empty) answer alone', () => {
    expect(lowerPreloads(null)).toBeNull();
    const other = <link rel="stylesheet" href="/theme/a.css" />;
    expect(lowerPreloads(other)).toBe(other);
  });
});
