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
 *   script (startScript) that adds them to <head>, all at once (no import waterfall), with Remix's module
 *   script, after the load event and the next frame: the page's images are in and painted;
 * - Remix's module script is in the markup with an inert type, so it runs only when the start
 *   script adds a copy of it (with the same nonce, which the site's CSP requires);
 * - a page whose load event is late (a slow image) starts anyway START_FALLBACK_MS after its
 *   markup; a page opened in a background tab (no frames) starts at its load event.
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

/** A page whose load event has not come by then starts its scripts anyway (ms after markup). */
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
    var head = document.head, preloads = ${hrefs};
    for (var i = 0; i < preloads.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = preloads[i];
      head.appendChild(link);
    }
    var inert = document.querySelector('script[type=${JSON.stringify(DEFERRED_MODULE_TYPE)}]');
    if (!inert) return;
    var script = document.createElement('script');
    script.type = 'module';
    script.nonce = inert.nonce || (own && own.nonce) || '';
    script.textContent = inert.textContent;
    head.appendChild(script);
  }
  function afterPaint() {
    if (document.visibilityState === 'hidden') return start();
    requestAnimationFrame(function () { setTimeout(start, 0); });
  }
  setTimeout(start, ${START_FALLBACK_MS});
  if (document.readyState === 'complete') afterPaint();
  else addEventListener('load', afterPaint, { once: true });
})();`;
}
