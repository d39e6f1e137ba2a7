import { useRouteLoaderData } from '@remix-run/react';
import { createContext, useContext } from 'react';
import type { rootRouteLoader } from './root.server';

type Loaded = ReturnType<typeof useRouteLoaderData<typeof rootRouteLoader>>;

/**
 * The shell's data when the root loader did not run: an error answered before any loader (a form
 * posted to a page that takes none, a 405) still gets the brand's shell and title. The server
 * computes it (entry.server.tsx) and writes it into the page for the browser to hydrate with.
 */
export const ShellFallbackContext = createContext<Loaded>(undefined);

/** The global the server writes the fallback into (JSON, escaped for a script element). */
export const SHELL_FALLBACK_GLOBAL = '__shellFallback';

function browserFallback(): Loaded {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as Record<string, Loaded>)[SHELL_FALLBACK_GLOBAL];
}

/** The root loader's data (tenant public settings, layout content, home store, user). */
export function useRootData() {
  const data = useRouteLoaderData<typeof rootRouteLoader>('root');
  const fallback = useContext(ShellFallbackContext);
  return data ?? fallback ?? browserFallback();
}
export type RootData = NonNullable<ReturnType<typeof useRootData>>;

/** The script that hands the server's fallback to the browser (only when one was used). */
export function ShellFallbackScript({ nonce }: { nonce?: string }) {
  const fallback = useContext(ShellFallbackContext);
  if (!fallback) return null;
  // '<' escaped so no text in the data can close the script element.
  const json = JSON.stringify(fallback).replace(/</g, '\\u003c');
  return (
    <script
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: `window.${SHELL_FALLBACK_GLOBAL}=${json};` }}
    />
  );
}
