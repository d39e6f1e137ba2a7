import { Scripts } from '@remix-run/react';
import { cloneElement, Fragment, isValidElement, type ComponentProps, type ReactNode } from 'react';

/**
 * Remix's <Scripts> with its `modulepreload` links at low fetch priority.
 *
 * The page is server-rendered markup: its first paint needs the brand stylesheet and, on home
 * and posts, one image; hydration needs the ~45 module chunks. At the default (high) priority
 * the chunks compete with the stylesheet and the main image for a phone's connection (six per
 * host over HTTP/1.1), and Chromium delays low-priority requests while high-priority ones are
 * in flight, so the page's main image came after every chunk. At low priority the chunks are
 * still all requested at once from the markup (no import waterfall), after what the paint needs.
 * Decision 0021.
 *
 * <Scripts> calls hooks; it is called here as part of this component's render, always once.
 */
export function PageScripts(props: ComponentProps<typeof Scripts>) {
  return <>{lowerPreloads(Scripts(props))}</>;
}

const LOW = { fetchpriority: 'low' } as Record<string, string>;

/** The same elements, with every `<link rel="modulepreload">` at low priority. */
export function lowerPreloads(node: ReactNode): ReactNode {
  if (Array.isArray(node)) return node.map(lowerPreloads);
  if (!isValidElement<{ rel?: string; children?: ReactNode }>(node)) return node;
  if (node.type === 'link' && node.props.rel === 'modulepreload') return cloneElement(node, LOW);
  if (node.type === Fragment) {
    const children = node.props.children;
    return Array.isArray(children)
      ? cloneElement(node, undefined, ...children.map(lowerPreloads))
      : cloneElement(node, undefined, lowerPreloads(children));
  }
  return node;
}
