import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { START_SCRIPT } from './inline/inline-scripts.generated';
import { DEFERRED_MODULE_TYPE, StartScript, deferModules } from './page-scripts';

// The shape <Scripts> returns: a fragment of a link, a keyed list of links and the scripts.
const scripts = (
  <>
    <link rel="modulepreload" href="/build/entry.client-A.js" />
    {['/build/_shared/chunk-B.js', '/build/root-C.js', '/build/entry.client-A.js'].map(
      (href, i) => (
        <link key={i} rel="modulepreload" href={href} />
      ),
    )}
    <>
      <script dangerouslySetInnerHTML={{ __html: 'window.__remixContext = {};' }} />
      <script type="module" async dangerouslySetInnerHTML={{ __html: 'import "/x.js";' }} />
    </>
    {null}
  </>
);

describe('page scripts', () => {
  it("takes the modulepreload links out of Remix's <Scripts> shape, in order, each once", () => {
    const { preloads, rest } = deferModules(scripts);
    expect(preloads).toEqual([
      '/build/entry.client-A.js',
      '/build/_shared/chunk-B.js',
      '/build/root-C.js',
    ]);
    const html = renderToStaticMarkup(<>{rest}</>);
    expect(html).not.toContain('<link');
    expect(html).toContain('<script>window.__remixContext = {};</script>');
    expect(html).toContain(
      `<script type="${DEFERRED_MODULE_TYPE}" async="">import "/x.js";</script>`,
    );
    expect(html).not.toContain('type="module"');
  });

  it('leaves other elements and a hydrated (empty) answer alone', () => {
    expect(deferModules(null)).toEqual({ preloads: [], rest: null });
    const other = <link rel="stylesheet" href="/theme/a.css" />;
    expect(deferModules(other).rest).toBe(other);
  });

  it('renders the start script with its addresses in an attribute no address can break out of', () => {
    const evil = '/build/</script><script>alert(1)//.js';
    const html = renderToStaticMarkup(<StartScript chunks={['/build/a.js', evil]} nonce="n0nce" />);
    expect(html.startsWith('<script nonce="n0nce" data-chunks="[&quot;/build/a.js&quot;,')).toBe(
      true,
    );
    // The element ends once, where it ends: the address's `<` is escaped in the attribute.
    expect(html.indexOf('</script>')).toBe(html.length - '</script>'.length);
    expect(html).toContain(`>${START_SCRIPT}</script>`);
  });
});
