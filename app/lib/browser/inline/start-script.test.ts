import { describe, expect, it, vi } from 'vitest';
import { START_SCRIPT } from './inline-scripts.generated';
import {
  CHUNKS_ATTRIBUTE,
  DEFERRED_MODULE_TYPE,
  EARLY_INPUT_EVENTS,
  HELD_SUBMIT_MAX_MS,
  HYDRATED_ATTRIBUTE,
  PRELOADS_PER_TASK,
  START_FALLBACK_MS,
  startScripts,
  type StartWindow,
} from './start-script';

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

interface Page {
  readyState?: 'loading' | 'interactive' | 'complete';
  visibilityState?: 'visible' | 'hidden';
  moduleText?: string;
  /** The inert module script's nonce (the browser hides it from no script). */
  moduleNonce?: string;
  images?: FakeImage[];
  messageChannel?: unknown;
}

const MODULE_TEXT = 'import "/x.js";\nimport("/build/entry.js");';
const CHUNKS = ['/build/entry.js', '/build/a.js', '/build/b.js'];

/**
 * A minimal browser: records what the script appends to <head> and what it listens to; the
 * timers and frames wait until the test runs them.
 */
function fakePage({
  readyState = 'loading',
  visibilityState = 'visible',
  moduleText = MODULE_TEXT,
  moduleNonce = 'n0nce',
  images = [],
  messageChannel,
}: Page = {}) {
  const appended: Array<Record<string, string>> = [];
  const listeners: Record<string, (event?: unknown) => void> = {};
  const timers: Array<[() => void, number]> = [];
  const frames: Array<() => void> = [];
  const inert = { nonce: moduleNonce, textContent: moduleText };
  const htmlAttributes: Record<string, string> = {};
  const posted: PostedForm[] = [];
  const observers: Array<() => void> = [];
  const document = {
    documentElement: { getAttribute: (name: string) => htmlAttributes[name] ?? null },
    readyState,
    visibilityState,
    currentScript: null as unknown,
    images,
    head: { appendChild: (el: Record<string, string>) => appended.push({ ...el }) },
    createElement: (tag: string) =>
      tag === 'form'
        ? {
            tag,
            children: [] as unknown[],
            appendChild(c: unknown) {
              this.children.push(c);
            },
            submit: vi.fn(),
          }
        : { tag },
    body: { appendChild: (el: unknown) => posted.push(el as PostedForm) },
    querySelector: (sel: string) =>
      sel === `script[type="${DEFERRED_MODULE_TYPE}"]` ? inert : null,
  };
  const win = {
    document,
    addEventListener: (type: string, fn: (event?: unknown) => void) => (listeners[type] = fn),
    setTimeout: (fn: () => void, ms: number) => timers.push([fn, ms]),
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    MessageChannel: messageChannel,
    FormData: FakeFormData,
    MutationObserver: class {
      constructor(private fn: () => void) {}
      observe() {
        observers.push(this.fn);
      }
      disconnect() {
        observers.splice(observers.indexOf(this.fn), 1);
      }
    },
    innerHeight: 800,
    innerWidth: 400,
  };
  /** Runs the timers of no delay until none is left (the yields between tasks). */
  const flush = () => {
    for (let t = timers.findIndex(([, ms]) => ms === 0); t >= 0; ) {
      timers.splice(t, 1)[0][0]();
      t = timers.findIndex(([, ms]) => ms === 0);
    }
  };
  const fallback = () => timers.find(([, ms]) => ms === START_FALLBACK_MS)![0]();
  /** The shell marks the page hydrated. */
  const hydrate = () => {
    htmlAttributes[HYDRATED_ATTRIBUTE] = 'true';
    for (const fn of [...observers]) fn();
  };
  return {
    win,
    document,
    appended,
    listeners,
    timers,
    frames,
    flush,
    fallback,
    hydrate,
    observers,
    posted,
  };
}

/** The start script on a fake page; by default no chunk exists (each load fails). */
function run(
  page: Page & {
    chunks?: string[];
    load?: (href: string) => Promise<unknown>;
  } = {},
) {
  const fake = fakePage(page);
  const load = vi.fn(page.load ?? (() => Promise.reject(new TypeError('no such chunk'))));
  startScripts(fake.win as unknown as StartWindow, {
    chunks: page.chunks ?? CHUNKS,
    nonce: 'own-n0nce',
    load,
  });
  return { ...fake, load };
}

const links = CHUNKS.map((href) => ({ tag: 'link', rel: 'modulepreload', href }));
const moduleScript = { tag: 'script', type: 'module', nonce: 'n0nce', textContent: MODULE_TEXT };

describe('the start script in a document', () => {
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
    const { appended, fallback, load } = run({ chunks: ['/build/entry.js'] });
    fallback();
    // Nothing to evaluate first: the module script comes at once.
    expect(appended).toEqual([links[0], moduleScript]);
    expect(load).not.toHaveBeenCalled();
  });

  it('evaluates the chunks one by one, in order, a task each, then hydrates', async () => {
    const { appended, timers, flush, fallback, load } = run({ load: () => Promise.resolve({}) });
    const yielded = () => expect(timers.some(([, ms]) => ms === 0)).toBe(true);
    fallback();
    expect(load.mock.calls).toEqual([['/build/a.js']]);
    // The next chunk waits for a task of its own (here a timer: no message channels).
    await vi.waitFor(yielded);
    expect(load).toHaveBeenCalledTimes(1);
    flush();
    expect(load.mock.calls).toEqual([['/build/a.js'], ['/build/b.js']]);
    expect(appended).toEqual(links);
    await vi.waitFor(yielded);
    flush();
    expect(appended).toEqual([...links, moduleScript]);
  });

  it("gives the module script its own nonce, or the start script's where it has none", () => {
    const { appended, fallback } = run({ chunks: ['/build/entry.js'], moduleNonce: '' });
    fallback();
    expect(appended.at(-1)).toEqual({ ...moduleScript, nonce: 'own-n0nce' });
  });

  it(`adds the links ${PRELOADS_PER_TASK} per task, then evaluates`, async () => {
    const many = ['/build/entry.js', ...Array.from({ length: 19 }, (_, i) => `/build/c${i}.js`)];
    const { appended, flush, fallback } = run({ chunks: many });
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
    const { appended, timers, fallback } = run({ chunks: many, messageChannel: Channel });
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

  it('does nothing on a page without a module script', () => {
    const { appended, fallback, document } = run();
    document.querySelector = () => null;
    fallback();
    expect(appended).toEqual([]);
  });
});

/** A copy of a held form the start script posted natively. */
interface PostedForm {
  tag: string;
  method: string;
  action: string;
  children: Array<{ type: string; name: string; value: string }>;
  submit: () => void;
}

/** What the fake FormData reads of a form: its fields (the submitter's last). */
interface FakeFormFields {
  fields: string[][];
}
class FakeFormData {
  private pairs: string[][];
  constructor(form: FakeFormFields, submitter: { name?: string; value?: string } | null) {
    this.pairs = [...form.fields, ...(submitter?.name ? [[submitter.name, submitter.value!]] : [])];
  }
  forEach(fn: (value: string, name: string) => void) {
    for (const [name, value] of this.pairs) fn(value, name);
  }
}

/** A form of the fake page, its submitter, and a submit event of it. */
function fakeForm({
  method = 'post',
  requestSubmit = true,
  enctype = 'application/x-www-form-urlencoded',
} = {}) {
  const form = {
    method,
    action: 'http://x.localhost/digital-coupons',
    enctype,
    isConnected: true,
    fields: [
      ['intent', 'clip'],
      ['offerId', '100042'],
    ],
    requestSubmit: requestSubmit ? vi.fn() : undefined,
  };
  const button = { form, isConnected: true, name: 'b', value: '1' };
  const submitEvent = (defaultPrevented = false) => ({
    target: form,
    submitter: button,
    defaultPrevented,
    preventDefault: vi.fn(),
  });
  return { form, button, submitEvent };
}

describe('the start script and the early tap', () => {
  it(`starts at once on the first ${EARLY_INPUT_EVENTS.join(', ')}, without the first screen`, () => {
    for (const type of EARLY_INPUT_EVENTS) {
      const { appended, listeners, frames } = run({ images: [new FakeImage(false, 0)] });
      listeners.DOMContentLoaded();
      expect(appended).toEqual([]);
      listeners[type]();
      expect(frames).toHaveLength(0);
      expect(appended).toEqual(links);
    }
  });

  it('holds a submit made before hydration, starts, and submits it again once hydrated', () => {
    const page = run({ images: [new FakeImage(false, 0)] });
    const { form, button, submitEvent } = fakeForm();
    const event = submitEvent();
    page.listeners.submit(event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(page.appended).toEqual(links);
    expect(form.requestSubmit).not.toHaveBeenCalled();
    // Its second submit is the hydrated page's to handle (it prevents the post itself).
    form.requestSubmit!.mockImplementation(() => {
      const again = submitEvent(true);
      page.listeners.submit(again);
      expect(again.preventDefault).not.toHaveBeenCalled();
    });
    page.hydrate();
    expect(form.requestSubmit).toHaveBeenCalledExactlyOnceWith(button);
    expect(page.observers).toEqual([]);
    // The deadline comes later and sends nothing more; after hydration nothing is held.
    page.timers.find(([, ms]) => ms === HELD_SUBMIT_MAX_MS)![0]();
    const late = submitEvent();
    page.listeners.submit(late);
    expect(late.preventDefault).not.toHaveBeenCalled();
    expect(form.requestSubmit).toHaveBeenCalledTimes(1);
  });

  /** The one form the page posted natively, with the held fields. */
  const expectPostedAsTapped = (posted: PostedForm[]) => {
    expect(posted).toHaveLength(1);
    const [copy] = posted;
    expect(copy).toMatchObject({ tag: 'form', method: 'post' });
    expect(copy.action).toBe('http://x.localhost/digital-coupons');
    expect(copy.children.map((c) => [c.type, c.name, c.value])).toEqual([
      ['hidden', 'intent', 'clip'],
      ['hidden', 'offerId', '100042'],
      ['hidden', 'b', '1'],
    ]);
    expect(copy.submit).toHaveBeenCalledOnce();
  };

  it(`posts the held fields as they were when the page has not hydrated after ${HELD_SUBMIT_MAX_MS} ms`, () => {
    const page = run();
    const { form, submitEvent } = fakeForm();
    page.listeners.submit(submitEvent());
    page.timers.find(([, ms]) => ms === HELD_SUBMIT_MAX_MS)![0]();
    expect(form.requestSubmit).not.toHaveBeenCalled();
    expectPostedAsTapped(page.posted);
    expect(page.observers).toEqual([]);
    // Hydration afterwards sends nothing more.
    page.hydrate();
    expect(page.posted).toHaveLength(1);
  });

  it('posts the held fields as they were when hydration changed or replaced the form', () => {
    for (const change of ['a field', 'the form'] as const) {
      const page = run();
      const { form, submitEvent } = fakeForm();
      page.listeners.submit(submitEvent());
      if (change === 'a field') form.fields.pop();
      else form.isConnected = false;
      page.hydrate();
      expect(form.requestSubmit, change).not.toHaveBeenCalled();
      expectPostedAsTapped(page.posted);
    }
  });

  it('leaves alone a submit the page handled, a dialog form, a form with files, and a browser without requestSubmit', () => {
    const page = run();
    for (const [{ submitEvent }, prevented] of [
      [fakeForm(), true],
      [fakeForm({ method: 'dialog' }), false],
      [fakeForm({ enctype: 'multipart/form-data' }), false],
      [fakeForm({ requestSubmit: false }), false],
    ] as const) {
      const event = submitEvent(prevented);
      page.listeners.submit(event);
      expect(event.preventDefault).not.toHaveBeenCalled();
    }
    expect(page.appended).toEqual([]);
  });
});

describe('the built start script (START_SCRIPT)', () => {
  /**
   * Runs the inlined text as the browser would: `window` and `document` are the fake page's, its
   * own element holds the addresses; `import()` is the runtime's (no chunk exists here).
   */
  function runBuilt(chunks: unknown, page: Page = {}) {
    const fake = fakePage({ readyState: 'complete', visibilityState: 'hidden', ...page });
    fake.document.currentScript = {
      nonce: 'own-n0nce',
      getAttribute: (name: string) => (name === CHUNKS_ATTRIBUTE ? JSON.stringify(chunks) : null),
    };
    new Function('window', 'document', START_SCRIPT)(fake.win, fake.document);
    return fake;
  }

  it('is a classic script that parses (ES2017 with `import()`, which every module browser has)', () => {
    expect(() => new Function(START_SCRIPT)).not.toThrow();
    expect(START_SCRIPT).toMatch(/^\(\(\)=>\{[\s\S]*\}\)\(\);$/);
  });

  it('reads the addresses from its own element and starts them', async () => {
    const page = runBuilt(CHUNKS);
    expect(page.appended).toEqual(links);
    await vi.waitFor(() => expect(page.appended).toEqual([...links, moduleScript]));
  });

  it('takes its own nonce for the module script where the inert one has none', async () => {
    const page = runBuilt(['/build/entry.js'], { moduleNonce: '' });
    await vi.waitFor(() =>
      expect(page.appended).toEqual([links[0], { ...moduleScript, nonce: 'own-n0nce' }]),
    );
  });
});
