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
    // A classic script that parses (ES5 but for `import()`, which every module browser has).
    expect(() => new Function(script)).not.toThrow();
  });
});

/** An image of the fake document: its box on a 400 × 800 screen, and its listeners. */
class FakeImage {
  listeners: Record<string, () => void> = {};
  constructor(
    public complete: boolean,
    private top: number,
    private shown = true,
  ) {}
  getClientRects() {
    return this.shown ? [{}] : [];
  }
  getBoundingClientRect() {
    return { top: this.top, bottom: this.top + 100, left: 0, right: 400 };
  }
  addEventListener(type: string, fn: () => void) {
    this.listeners[type] = fn;
  }
}

describe('the start script in a document', () => {
  interface Run {
    readyState?: 'loading' | 'interactive' | 'complete';
    visibilityState?: 'visible' | 'hidden';
    moduleText?: string;
    preloads?: string[];
    images?: FakeImage[];
    messageChannel?: unknown;
  }
  /**
   * A minimal document: records what the script appends and what it listens to. The chunks'
   * `import()` is the runtime's own: here no chunk exists, so the first one fails.
   */
  function run({
    readyState = 'loading',
    visibilityState = 'visible',
    moduleText = 'import "/x.js";\nimport("/build/entry.js");',
    preloads = ['/build/entry.js', '/build/a.js', '/build/b.js'],
    images = [],
    messageChannel,
  }: Run = {}) {
    const appended: Array<Record<string, string>> = [];
    const listeners: Record<string, () => void> = {};
    const timers: Array<[() => void, number]> = [];
    const frames: Array<() => void> = [];
    const inert = { nonce: 'n0nce', textContent: moduleText };
    const document = {
      readyState,
      visibilityState,
      currentScript: null,
      images,
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
      'innerHeight',
      'innerWidth',
      startScript(preloads),
    )(
      document,
      (type: string, fn: () => void) => (listeners[type] = fn),
      (fn: () => void, ms: number) => timers.push([fn, ms]),
      (fn: () => void) => frames.push(fn),
      messageChannel,
      800,
      400,
    );
    /** Runs the timers of no delay until none is left (the yields between tasks). */
    const flush = () => {
      for (let t = timers.findIndex(([, ms]) => ms === 0); t >= 0; ) {
        timers.splice(t, 1)[0][0]();
        t = timers.findIndex(([, ms]) => ms === 0);
      }
    };
    const fallback = () => timers.find(([, ms]) => ms === START_FALLBACK_MS)![0]();
    return { appended, listeners, timers, frames, flush, fallback };
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

  it("starts once the first screen's images are in and a frame is painted, once", async () => {
    const onScreen = new FakeImage(false, 100);
    const failing = new FakeImage(false, 700);
    const images = [
      onScreen,
      failing,
      new FakeImage(true, 0), // loaded already
      new FakeImage(false, 900), // below the first screen
      new FakeImage(false, 0, false), // not shown
    ];
    const { appended, listeners, timers, frames, fallback } = run({ images });
    expect(appended).toEqual([]);
    listeners.DOMContentLoaded();
    expect(Object.keys(images[3].listeners)).toEqual([]);
    expect(Object.keys(images[4].listeners)).toEqual([]);
    onScreen.listeners.load();
    expect(frames).toHaveLength(0);
    failing.listeners.error();
    expect(frames).toHaveLength(1);
    expect(appended).toEqual([]);
    frames.shift()!();
    timers.find(([, ms]) => ms === 0)![0]();
    // Every chunk requested at once; the module script once the queue has ended (here on the
    // first chunk, which does not exist: the module script then meets the failure itself).
    expect(appended).toEqual(links);
    await vi.waitFor(() => expect(appended).toEqual([...links, moduleScript]));
    // The fallback comes later and adds nothing more.
    fallback();
    expect(appended).toHaveLength(4);
  });

  it('leaves the entry module (it hydrates) to the module script', () => {
    const { appended, fallback } = run({ preloads: ['/build/entry.js'] });
    fallback();
    // Nothing to evaluate first: the module script comes at once.
    expect(appended).toEqual([links[0], moduleScript]);
  });

  it(`adds the links ${PRELOADS_PER_TASK} per task, then evaluates`, async () => {
    const many = ['/build/entry.js', ...Array.from({ length: 19 }, (_, i) => `/build/c${i}.js`)];
    const { appended, flush, fallback } = run({ preloads: many });
    fallback();
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
    const { appended, timers, fallback } = run({ preloads: many, messageChannel: Channel });
    fallback();
    await vi.waitFor(() => expect(appended.at(-1)).toEqual(moduleScript));
    expect(appended.map((e) => e.href).slice(0, -1)).toEqual(many);
    expect(posted).toHaveLength(2);
    expect(timers.filter(([, ms]) => ms === 0)).toEqual([]);
  });

  it('starts by the fallback when the first screen is late', async () => {
    const { appended, listeners, fallback } = run({ images: [new FakeImage(false, 0)] });
    listeners.DOMContentLoaded();
    fallback();
    await vi.waitFor(() => expect(appended).toEqual([...links, moduleScript]));
  });

  it('on a parsed page with nothing to wait for, starts after the next frame; at once when hidden', async () => {
    const parsed = run({ readyState: 'interactive' });
    expect(parsed.frames).toHaveLength(1);
    expect(parsed.appended).toEqual([]);
    const hidden = run({ readyState: 'complete', visibilityState: 'hidden' });
    expect(hidden.appended).toEqual(links);
    await vi.waitFor(() => expect(hidden.appended).toEqual([...links, moduleScript]));
  });
});
