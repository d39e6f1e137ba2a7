import { Scripts } from '@remix-run/react';
import { cloneElement, Fragment, isValidElement, type ComponentProps, type ReactNode } from 'react';
import { START_SCRIPT } from './inline/inline-scripts.generated';
import { CHUNKS_ATTRIBUTE, DEFERRED_MODULE_TYPE } from './inline/start-script';

export {
  CHUNKS_ATTRIBUTE,
  DEFERRED_MODULE_TYPE,
  PRELOADS_PER_TASK,
  START_FALLBACK_MS,
} from './inline/start-script';

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
 * - the `modulepreload` links are not in the markup; their addresses are on a small inline
 *   script (StartScript; its code is inline/start-script.ts, built to a string) that adds them
 *   to <head>, after the first screen's images have loaded (or failed) and the next frame: the
 *   page's largest paint is done. Not the load event: an iframe (the weekly ad's viewer) or an
 *   image further down would hold hydration back;
 * - the start script then evaluates the chunks one by one, each in a task of its own
 *   (`import()`, then a yield; none in a hidden tab): evaluated at once, the module graph was one
 *   task of 25-40 ms on a fast machine, four times that on a throttled phone, all of it blocking
 *   input;
 * - Remix's module script is in the markup with an inert type, so it runs only when the start
 *   script adds a copy of it (with the same nonce, which the site's CSP requires), once the
 *   chunks are evaluated: its entry module (left out of the queue) hydrates. A chunk that fails
 *   to load ends the queue there; the module script then fails on it too, which the guard sees;
 * - a page whose first screen is slow (a slow image) starts anyway START_FALLBACK_MS after its
 *   markup; a page opened in a background tab (no frames) starts without waiting for a frame;
 *   the shopper's first tap or key press starts it at once, and a form submitted before
 *   hydration is held until the page has hydrated (decision 0029).
 * The chunk guard watches the added scripts and links as it watched the markup's.
 *
 * <Scripts> calls hooks; it is called here as part of this component's render, always once.
 */
export function PageScripts(props: ComponentProps<typeof Scripts>) {
  const { preloads, rest } = deferModules(Scripts(props));
  return (
    <>
      {rest}
      {preloads.length > 0 ? <StartScript chunks={preloads} nonce={props.nonce} /> : null}
    </>
  );
}

/**
 * The inline script that starts hydration's scripts after the page's first complete paint. Its
 * text is the same on every page; the addresses are JSON in an attribute (escaped as any
 * attribute is, so no address can end the element), read by the script while it runs.
 */
export function StartScript({ chunks, nonce }: { chunks: string[]; nonce?: string }) {
  return (
    <script
      nonce={nonce}
      {...{ [CHUNKS_ATTRIBUTE]: JSON.stringify(chunks) }}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: START_SCRIPT }}
    />
  );
}

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
