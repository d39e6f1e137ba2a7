import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DEFERRED_MODULE_TYPE, deferModules, startScript } from './page-scripts';

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

  it('names every address in a start script no address can break out of', () => {
    const script = startScript(['/build/a.js', '/build/</script><script>alert(1)//.js']);
    expect(script).toContain('"/build/a.js"');
    expect(script).not.toContain('</script>');
    expect(script).toContain('\\u003c/script>');
    // Plain ES5 that parses (it runs before any module, in every browser the site serves).
    expect(() => new Function(script)).not.toThrow();
  });
});

describe('the start script in a document', () => {
  /** A minimal document: records what the script appends and what it listens to. */
  function run(readyState: 'loading' | 'complete', visibilityState = 'visible') {
    const appended: Array<Record<string, string>> = [];
    const listeners: Record<string, () => void> = {};
    const timers: Array<[() => void, number]> = [];
    const frames: Array<() => void> = [];
    const inert = { nonce: 'n0nce', textContent: 'import "/x.js";' };
    const document = {
      readyState,
      visibilityState,
      head: { appendChild: (el: Record<string, string>) => appended.push({ ...el }) },
      createElement: (tag: string) => ({ tag }),
      querySelector: (sel: string) =>
        sel === `script[type="${DEFERRED_MODULE_TYPE}"]` ? inert : null,
    };
    new Function(
      'document',
      'addEventListener',
      'setTimeout',
      'requestAnimationFrame',
      startScript(['/build/a.js', '/build/b.js']),
    )(
      document,
      (type: string, fn: () => void) => (listeners[type] = fn),
      (fn: () => void, ms: number) => timers.push([fn, ms]),
      (fn: () => void) => frames.push(fn),
    );
    return { appended, listeners, timers, frames };
  }

  const started = [
    { tag: 'link', rel: 'modulepreload', href: '/build/a.js' },
    { tag: 'link', rel: 'modulepreload', href: '/build/b.js' },
    { tag: 'script', type: 'module', nonce: 'n0nce', textContent: 'import "/x.js";' },
  ];

  it('starts after the load event and the next frame, once', () => {
    const { appended, listeners, timers, frames } = run('loading');
    expect(appended).toEqual([]);
    listeners.load();
    expect(appended).toEqual([]);
    frames.shift()!();
    const afterFrame = timers.find(([, ms]) => ms === 0)!;
    afterFrame[0]();
    expect(appended).toEqual(started);
    // The fallback comes later and adds nothing more.
    timers.find(([, ms]) => ms === 3000)![0]();
    expect(appended).toHaveLength(3);
  });

  it('starts by the fallback when the load event is late', () => {
    const { appended, timers } = run('loading');
    timers.find(([, ms]) => ms === 3000)![0]();
    expect(appended).toEqual(started);
  });

  it('starts after the next frame on a page already loaded, at once in a hidden tab', () => {
    const loaded = run('complete');
    expect(loaded.frames).toHaveLength(1);
    expect(loaded.appended).toEqual([]);
    const hidden = run('complete', 'hidden');
    expect(hidden.appended).toEqual(started);
  });
});
