import { Scripts } from '@remix-run/react';
import { cloneElement, Fragment, isValidElement, type ComponentProps, type ReactNode } from 'react';

/**
 * Remix's <Scripts>, with hydration's module chunks requested once the page has painted
 * (decision 0022; it replaces 0021's low fetch priority).
 *
 * The page is server-rendered markup whose links and forms work without scripts: its first paint
 * needs the brand stylesheet and, on home and posts, one image. Hydration needs the ~45 module
 * chunks the classic compiler splits the code into. Requested from the markup, even at low
 * priority, they share a phone's six HTTP/1.1 connections with the page's images and finish
 * before its largest paint, which then waits on them (and Lighthouse's simulation charges all of
 * them to LCP). So:
 * - the `modulepreload` links are not in the markup; their addresses are in a small inline
 *   script (startScript) that adds them to <head>, after the first screen's images have loaded
 *   (or failed) and the next frame: the page's largest paint is done. Not the load event: an
 *   iframe (the weekly ad's viewer) or an image further down would hold hydration back;
 * - the start script then evaluates the chunks one by one, each in a task of its own
 *   (`import()`, then a yield; none in a hidden tab): evaluated at once, the module graph was one
 *   task of 25-40 ms on a fast machine, four times that on a throttled phone, all of it blocking
 *   input;
 * - Remix's module script is in the markup with an inert type, so it runs only when the start
 *   script adds a copy of it (with the same nonce, which the site's CSP requires), once the
 *   chunks are evaluated: its entry module (left out of the queue) hydrates. A chunk that fails
 *   to load ends the queue there; the module script then fails on it too, which the guard sees;
 * - a page whose first screen is slow (a slow image) starts anyway START_FALLBACK_MS after its
 *   markup; a page opened in a background tab (no frames) starts without waiting for a frame.
 * The chunk guard (spec §8) watches the added scripts and links as it watched the markup's.
 *
 * <Scripts> calls hooks; it is called here as part of this component's render, always once.
 */
export function PageScripts(props: ComponentProps<typeof Scripts>) {
  const { preloads, rest } = deferModules(Scripts(props));
  return (
    <>
      {rest}
      {preloads.length > 0 ? (
        <script
          nonce={props.nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: startScript(preloads) }}
        />
      ) : null}
    </>
  );
}

/** The type Remix's module script carries in the markup: the browser does not run it. */
export const DEFERRED_MODULE_TYPE = 'text/x-deferred-module';

/** The `modulepreload` links the start script adds per task. */
export const PRELOADS_PER_TASK = 8;

/** A page whose first screen has not painted by then starts its scripts anyway (ms after markup). */
export const START_FALLBACK_MS = 3000;

/**
 * The elements of <Scripts> without their `modulepreload` links (returned apart, in order, each
 * address once) and with the module script inert.
 */
export function deferModules(node: ReactNode): { preloads: string[]; rest: ReactNode } {
  const preloads: string[] = [];
  const walk = (n: ReactNode): ReactNode => {
    if (Array.isArray(n)) return n.map(walk);
    if (!isValidElement<{ rel?: string; href?: string; type?: string; children?: ReactNode }>(n)) {
      return n;
    }
    if (n.type === 'link' && n.props.rel === 'modulepreload') {
      const href = n.props.href;
      if (href && !preloads.includes(href)) preloads.push(href);
      return null;
    }
    if (n.type === 'script' && n.props.type === 'module') {
      return cloneElement(n, { type: DEFERRED_MODULE_TYPE } as Record<string, string>);
    }
    if (n.type === Fragment) {
      const children = n.props.children;
      return Array.isArray(children)
        ? cloneElement(n, undefined, ...children.map(walk))
        : cloneElement(n, undefined, walk(children));
    }
    return n;
  };
  const rest = walk(node);
  return { preloads, rest };
}

/** The inline script that starts hydration's scripts after the page's first complete paint. */
export function startScript(preloads: string[]): string {
  // JSON in a script element: `<` escaped so no address can close the element.
  const hrefs = JSON.stringify(preloads).replace(/</g, '\\u003c');
  return `(function () {
  var own = document.currentScript, started = false;
  function start() {
    if (started) return;
    started = true;
    var head = document.head, preloads = ${hrefs}, i;
    var inert = document.querySelector('script[type=${JSON.stringify(DEFERRED_MODULE_TYPE)}]');
    if (!inert) return;
    var text = inert.textContent || '', queue = [];
    // A yield between tasks: a message (timers nested five deep wait 4 ms each); none in a
    // hidden tab (no input to serve, and its timers wait 1 s).
    var channel = typeof MessageChannel === 'function' ? new MessageChannel() : null, due = [];
    if (channel) channel.port1.onmessage = function () { due.shift()(); };
    function later(fn) {
      if (document.visibilityState === 'hidden') fn();
      else if (channel) { due.push(fn); channel.port2.postMessage(0); }
      else setTimeout(fn, 0);
    }
    for (i = 0; i < preloads.length; i++) {
      if (text.indexOf('import(' + JSON.stringify(preloads[i]) + ')') < 0) queue.push(preloads[i]);
    }
    function hydrate() {
      var script = document.createElement('script');
      script.type = 'module';
      script.nonce = inert.nonce || (own && own.nonce) || '';
      script.textContent = text;
      head.appendChild(script);
    }
    function next() {
      var href = queue.shift();
      if (href === undefined) return hydrate();
      import(href).then(function () { later(next); }, hydrate);
    }
    // Each request started costs the main thread (0.4 ms each under Lighthouse's trace, four
    // times that on its throttled phone): the links go in a few at a time, a task each, then
    // the queue starts.
    function addLinks(from) {
      for (var j = from; j < preloads.length && j < from + ${PRELOADS_PER_TASK}; j++) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = preloads[j];
        head.appendChild(link);
      }
      if (j < preloads.length) later(function () { addLinks(j); });
      else next();
    }
    addLinks(0);
  }
  function afterPaint() {
    if (document.visibilityState === 'hidden') return start();
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  // The images of the first screen (the page's largest paint is among them), loaded or failed;
  // not an iframe (the weekly ad's viewer) or an image further down, which hold the load event.
  function firstScreen() {
    var images = document.images, height = innerHeight, width = innerWidth, waiting = 1, i;
    function one() {
      if (--waiting === 0) afterPaint();
    }
    for (i = 0; i < images.length; i++) {
      var image = images[i];
      if (image.complete || !image.getClientRects().length) continue;
      var box = image.getBoundingClientRect();
      if (box.bottom <= 0 || box.top >= height || box.right <= 0 || box.left >= width) continue;
      waiting++;
      image.addEventListener('load', one, { once: true });
      image.addEventListener('error', one, { once: true });
    }
    one();
  }
  setTimeout(start, ${START_FALLBACK_MS});
  if (document.readyState === 'loading') addEventListener('DOMContentLoaded', firstScreen, { once: true });
  else firstScreen();
})();`;
}
