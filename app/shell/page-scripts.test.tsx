import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import {
  DEFERRED_MODULE_TYPE,
  PRELOADS_PER_TASK,
  START_FALLBACK_MS,
  deferModules,
  startScript,
} from './page-scripts';

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
  /**
   * A minimal document: records what the script appends and what it listens to. The chunks'
   * `import()` is the runtime's own: here no chunk exists, so the first one fails.
   */
  function run(
    readyState: 'loading' | 'complete',
    visibilityState = 'visible',
    moduleText = 'import "/x.js";\nimport("/build/entry.js");',
    preloads = ['/build/entry.js', '/build/a.js', '/build/b.js'],
    messageChannel: unknown = undefined,
  ) {
    const appended: Array<Record<string, string>> = [];
    const listeners: Record<string, () => void> = {};
    const timers: Array<[() => void, number]> = [];
    const frames: Array<() => void> = [];
    const inert = { nonce: 'n0nce', textContent: moduleText };
    const document = {
      readyState,
      visibilityState,
      currentScript: null,
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
      'MessageChannel',
      startScript(preloads),
    )(
      document,
      (type: string, fn: () => void) => (listeners[type] = fn),
      (fn: () => void, ms: number) => timers.push([fn, ms]),
      (fn: () => void) => frames.push(fn),
      messageChannel,
    );
    /** Runs the timers of no delay until none is left (the yields between tasks). */
    const flush = () => {
      for (let t = timers.findIndex(([, ms]) => ms === 0); t >= 0; ) {
        timers.splice(t, 1)[0][0]();
        t = timers.findIndex(([, ms]) => ms === 0);
      }
    };
    return { appended, listeners, timers, frames, flush };
  }

  const links = ['/build/entry.js', '/build/a.js', '/build/b.js'].map((href) => ({
    tag: 'link',
    rel: 'modulepreload',
    href,
  }));
  const moduleScript = {
    tag: 'script',
    type: 'module',
    nonce: 'n0nce',
    textContent: 'import "/x.js";\nimport("/build/entry.js");',
  };

  it('starts after the load event and the next frame, once', async () => {
    const { appended, listeners, timers, frames } = run('loading');
    expect(appended).toEqual([]);
    listeners.load();
    expect(appended).toEqual([]);
    frames.shift()!();
    timers.find(([, ms]) => ms === 0)![0]();
    // Every chunk requested at once; the module script once the queue has ended (here on the
    // first chunk, which does not exist: the module script then meets the failure itself).
    expect(appended).toEqual(links);
    await vi.waitFor(() => expect(appended).toEqual([...links, moduleScript]));
    // The fallback comes later and adds nothing more.
    timers.find(([, ms]) => ms === START_FALLBACK_MS)![0]();
    expect(appended).toHaveLength(4);
  });

  it('leaves the entry module (it hydrates) to the module script', () => {
    const { appended, timers } = run('loading', 'visible', moduleScript.textContent, [
      '/build/entry.js',
    ]);
    timers.find(([, ms]) => ms === START_FALLBACK_MS)![0]();
    // Nothing to evaluate first: the module script comes at once.
    expect(appended).toEqual([links[0], moduleScript]);
  });

  it(`adds the links ${PRELOADS_PER_TASK} per task, then evaluates`, async () => {
    const many = ['/build/entry.js', ...Array.from({ length: 19 }, (_, i) => `/build/c${i}.js`)];
    const { appended, timers, flush } = run('loading', 'visible', moduleScript.textContent, many);
    timers.find(([, ms]) => ms === START_FALLBACK_MS)![0]();
    expect(appended.map((e) => e.href)).toEqual(many.slice(0, PRELOADS_PER_TASK));
    flush();
    expect(appended.map((e) => e.href)).toEqual(many);
    await vi.waitFor(() => expect(appended.at(-1)).toEqual(moduleScript));
  });

  it('yields by message where there are message channels (no timer)', async () => {
    const posted: number[] = [];
    class Channel {
      port1: { onmessage: null | (() => void) } = { onmessage: null };
      port2 = {
        postMessage: (n: number) => {
          posted.push(n);
          setImmediate(() => this.port1.onmessage!());
        },
      };
    }
    const many = ['/build/entry.js', ...Array.from({ length: 19 }, (_, i) => `/build/c${i}.js`)];
    const { appended, timers } = run('loading', 'visible', moduleScript.textContent, many, Channel);
    timers.find(([, ms]) => ms === START_FALLBACK_MS)![0]();
    await vi.waitFor(() => expect(appended.at(-1)).toEqual(moduleScript));
    expect(appended.map((e) => e.href).slice(0, -1)).toEqual(many);
    expect(posted).toHaveLength(2);
    expect(timers.filter(([, ms]) => ms === 0)).toEqual([]);
  });

  it('starts by the fallback when the load event is late', async () => {
    const { appended, timers } = run('loading');
    timers.find(([, ms]) => ms === START_FALLBACK_MS)![0]();
    await vi.waitFor(() => expect(appended).toEqual([...links, moduleScript]));
  });

  it('starts after the next frame on a page already loaded, at once in a hidden tab', async () => {
    const loaded = run('complete');
    expect(loaded.frames).toHaveLength(1);
    expect(loaded.appended).toEqual([]);
    const hidden = run('complete', 'hidden');
    expect(hidden.appended).toEqual(links);
    await vi.waitFor(() => expect(hidden.appended).toEqual([...links, moduleScript]));
  });
});
