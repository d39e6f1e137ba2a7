import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFERRED_MODULE_TYPE, StartScript } from '../app/lib/browser/page-scripts';
import { firstLoadScripts } from './first-load-js';

describe('first-load scripts of a page', () => {
  it('counts the chunks the start script preloads and the modules the hydration script imports', () => {
    const start = renderToStaticMarkup(
      createElement(StartScript, {
        chunks: ['/build/entry.client-A.js', '/build/_shared/chunk-B.js', '/build/root-C.js'],
        nonce: 'n0nce',
      }),
    );
    const html = `<html><head><link rel="stylesheet" href="/theme/a.css"></head><body>
<script>window.__remixContext = {};</script>
<script type="${DEFERRED_MODULE_TYPE}" async="">import "/build/manifest-1.js";
import * as route0 from "/build/root-C.js";
import * as route1 from "/build/routes/_index-D.js";
window.__remixRouteModules = {"root":route0,"routes/_index":route1};

import("/build/entry.client-A.js");</script>
${start}
<script src="/vendor/x.js"></script>
</body></html>`;
    expect(firstLoadScripts(html)).toEqual([
      '/build/entry.client-A.js',
      '/build/_shared/chunk-B.js',
      '/build/root-C.js',
      '/build/routes/_index-D.js',
      '/vendor/x.js',
    ]);
  });

  it('reads an address with escaped characters as the page holds it', () => {
    const start = renderToStaticMarkup(
      createElement(StartScript, { chunks: ['/build/a&b"c\'<d>.js'] }),
    );
    expect(firstLoadScripts(start)).toEqual(['/build/a&b"c\'<d>.js']);
  });

  it('still reads modulepreload links, and ignores a list that is not one', () => {
    const html = `<link rel="modulepreload" href="/build/a.js"><script data-chunks="[not json]"></script>`;
    expect(firstLoadScripts(html)).toEqual(['/build/a.js']);
  });
});
