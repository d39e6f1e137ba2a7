/**
 * The start script: the inline classic script that requests hydration's module chunks once the
 * page's first screen has painted, evaluates them one task each, then runs Remix's module script
 * (docs/decisions/0022-module-chunks-after-the-paint.md; page-scripts.tsx renders it).
 *
 * This module is its source: scripts/inline-scripts.ts bundles `runInline` to a minified IIFE in
 * inline-scripts.generated.ts, which the page inlines. It runs before any module, so it imports
 * nothing that is not plain data or code without dependencies.
 */

/** The type Remix's module script carries in the markup: the browser does not run it. */
export const DEFERRED_MODULE_TYPE = 'text/x-deferred-module';

/** The `modulepreload` links the start script adds per task. */
export const PRELOADS_PER_TASK = 8;

/** A page whose first screen has not painted by then starts its scripts anyway (ms after markup). */
export const START_FALLBACK_MS = 3000;

/**
 * The start script element's attribute holding the chunks' addresses (a JSON list): the script's
 * text is the same on every page, and the addresses are escaped as any attribute is.
 */
export const CHUNKS_ATTRIBUTE = 'data-chunks';

/**
 * The shopper's first input of these kinds starts the scripts at once, without waiting for the
 * first screen: a tap or a key press is about to need the hydrated page.
 */
export const EARLY_INPUT_EVENTS = ['pointerdown', 'touchstart', 'keydown'] as const;

/**
 * A form submitted before the page has hydrated waits this long (ms) for it, then posts as it
 * is: a page that fails to hydrate still posts its forms.
 */
export const HELD_SUBMIT_MAX_MS = 5000;

/** The attribute the shell sets on <html> once the page has hydrated (HydratedMark). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/** What the start script uses of the browser (a fake one in tests). */
export type StartWindow = Pick<
  Window & typeof globalThis,
  | 'document'
  | 'addEventListener'
  | 'setTimeout'
  | 'requestAnimationFrame'
  | 'innerHeight'
  | 'innerWidth'
  | 'MessageChannel'
  | 'MutationObserver'
  | 'FormData'
>;

export interface StartOptions {
  /** The chunks' addresses, in Remix's order, each once (the entry module among them). */
  chunks: string[];
  /** The start script's own nonce, for the module script's copy when the inert one has none. */
  nonce: string;
  /** Evaluates one chunk: the browser's `import()`. */
  load: (href: string) => Promise<unknown>;
}

/**
 * Waits for the first screen's images (loaded or failed; not an iframe such as the weekly ad's
 * viewer, nor an image further down, which hold the load event back) and the next frame, or
 * START_FALLBACK_MS, then starts the chunks and hydration, once.
 */
export function startScripts(win: StartWindow, { chunks, nonce, load }: StartOptions): void {
  const doc = win.document;
  let started = false;

  const start = () => {
    if (started) return;
    started = true;
    const inert = doc.querySelector<HTMLScriptElement>(`script[type="${DEFERRED_MODULE_TYPE}"]`);
    if (!inert) return;
    const head = doc.head;
    const text = inert.textContent || '';
    // A yield between tasks: a message (timers nested five deep wait 4 ms each); none in a
    // hidden tab (no input to serve, and its timers wait 1 s).
    const channel = typeof win.MessageChannel === 'function' ? new win.MessageChannel() : null;
    const due: Array<() => void> = [];
    if (channel) channel.port1.onmessage = () => due.shift()!();
    const later = (fn: () => void) => {
      if (doc.visibilityState === 'hidden') fn();
      else if (channel) {
        due.push(fn);
        channel.port2.postMessage(0);
      } else win.setTimeout(fn, 0);
    };
    // The entry module is left out: the module script imports it, and it hydrates.
    const queue = chunks.filter((href) => !text.includes(`import(${JSON.stringify(href)})`));
    // Elements get their properties by Object.assign: minified, `el.type="module"` would read
    // as markup to a check of the page's text for a module script or a modulepreload link.
    const hydrate = () => {
      head.appendChild(
        Object.assign(doc.createElement('script'), {
          type: 'module',
          // The site's CSP runs no script without the page's nonce.
          nonce: inert.nonce || nonce,
          textContent: text,
        }),
      );
    };
    // A chunk that fails ends the queue: the module script then meets the failure itself, which
    // the chunk guard sees.
    const next = (): void => {
      const href = queue.shift();
      if (href === undefined) return hydrate();
      load(href).then(() => later(next), hydrate);
    };
    // Each request started costs the main thread (0.4 ms each under Lighthouse's trace, four
    // times that on its throttled phone): the links go in a few at a time, a task each, then the
    // queue starts.
    const addLinks = (from: number) => {
      const to = Math.min(from + PRELOADS_PER_TASK, chunks.length);
      for (let i = from; i < to; i++) {
        head.appendChild(
          Object.assign(doc.createElement('link'), { rel: 'modulepreload', href: chunks[i] }),
        );
      }
      if (to < chunks.length) later(() => addLinks(to));
      else next();
    };
    addLinks(0);
  };

  const afterPaint = () => {
    if (doc.visibilityState === 'hidden') return start();
    win.requestAnimationFrame(() => win.setTimeout(start, 0));
  };

  const firstScreen = () => {
    const height = win.innerHeight;
    const width = win.innerWidth;
    let waiting = 1;
    const one = () => {
      if (--waiting === 0) afterPaint();
    };
    for (const image of doc.images) {
      if (image.complete || !image.getClientRects().length) continue;
      const box = image.getBoundingClientRect();
      if (box.bottom <= 0 || box.top >= height || box.right <= 0 || box.left >= width) continue;
      waiting++;
      image.addEventListener('load', one, { once: true });
      image.addEventListener('error', one, { once: true });
    }
    one();
  };

  win.setTimeout(start, START_FALLBACK_MS);
  for (const type of EARLY_INPUT_EVENTS) {
    win.addEventListener(type, start, { capture: true, passive: true, once: true });
  }
  holdEarlySubmits(win, start);
  if (doc.readyState === 'loading') {
    win.addEventListener('DOMContentLoaded', firstScreen, { once: true });
  } else firstScreen();
}

/**
 * A form submitted before the page has hydrated (a tap on Clip while the chunks load) is held
 * and submitted again once the page has hydrated, so the hydrated page handles it (a fetcher, no
 * reload) as if the tap had come later. It posts as it was (a copy of its fields at the tap,
 * posted natively) instead when the page has not hydrated HELD_SUBMIT_MAX_MS after the tap, or
 * when hydration changed or replaced the form (a field shown only without scripts): what the
 * shopper sent is never lost or changed. A submit the page has handled (its default prevented:
 * React hydrates a part of the page the shopper acts on first) or one after hydration is left
 * alone, as are dialog forms, forms that send files and browsers without `requestSubmit` (they
 * post at once, as before).
 *
 * It listens on the window in the bubbling phase, after React's listeners on the document.
 */
export function holdEarlySubmits(win: StartWindow, start: () => void): void {
  const doc = win.document;
  const root = doc.documentElement;
  const hydrated = () => root.getAttribute(HYDRATED_ATTRIBUTE) === 'true';
  const held: Array<{ form: HTMLFormElement; submitter: HTMLElement | null; fields: string }> = [];
  let passing = false;
  let observer: MutationObserver | null = null;
  // Each wait for hydration (a first held submit until its release) has its own deadline.
  let wait = 0;

  /** The form's fields as they would be posted, as text (a file by its name). */
  const fieldsOf = (form: HTMLFormElement, submitter: HTMLElement | null) => {
    const pairs: string[][] = [];
    new win.FormData(form, submitter).forEach((value, name) => {
      pairs.push([name, typeof value === 'string' ? value : value.name]);
    });
    return JSON.stringify(pairs);
  };

  /** Posts the fields held at the tap, natively: a copy of the form, of hidden fields. */
  const postAsTapped = (form: HTMLFormElement, fields: string) => {
    const copy = Object.assign(doc.createElement('form'), {
      method: form.method,
      action: form.action,
      enctype: form.enctype,
    });
    for (const [name, value] of JSON.parse(fields) as string[][]) {
      copy.appendChild(Object.assign(doc.createElement('input'), { type: 'hidden', name, value }));
    }
    doc.body.appendChild(copy);
    copy.submit();
  };

  const release = (natively: boolean) => {
    if (observer) observer.disconnect();
    observer = null;
    wait++;
    for (const { form, submitter: tapped, fields } of held.splice(0)) {
      const submitter = tapped && (tapped as HTMLButtonElement).form === form ? tapped : null;
      if (natively || !form.isConnected || fieldsOf(form, submitter) !== fields) {
        postAsTapped(form, fields);
        continue;
      }
      passing = true;
      try {
        form.requestSubmit(submitter);
      } finally {
        passing = false;
      }
    }
  };

  win.addEventListener('submit', (event) => {
    const form = event.target as HTMLFormElement;
    if (passing || event.defaultPrevented || hydrated()) return;
    if (typeof form.requestSubmit !== 'function' || form.method === 'dialog') return;
    // A form that sends files posts at once: a copy of its fields could not carry them.
    if (form.enctype === 'multipart/form-data') return;
    const submitter = (event as SubmitEvent).submitter || null;
    event.preventDefault();
    held.push({ form, submitter, fields: fieldsOf(form, submitter) });
    start();
    if (observer) return;
    observer = new win.MutationObserver(() => {
      if (hydrated()) release(false);
    });
    observer.observe(root, { attributes: true, attributeFilter: [HYDRATED_ATTRIBUTE] });
    const mine = wait;
    win.setTimeout(() => {
      if (mine === wait) release(!hydrated());
    }, HELD_SUBMIT_MAX_MS);
  });
}

/**
 * The inline script's entry: its parameters from its own element (read while it runs), the
 * browser's window and `import()`.
 */
export function runInline(): void {
  const own = document.currentScript as HTMLScriptElement | null;
  startScripts(window, {
    // No optional chaining: it costs bytes lowered to the scripts' target.
    chunks: JSON.parse((own && own.getAttribute(CHUNKS_ATTRIBUTE)) || '[]') as string[],
    nonce: (own && own.nonce) || '',
    load: (href) => import(/* @vite-ignore */ href),
  });
}
