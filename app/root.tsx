import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
import type { ReactNode } from 'react';
import { ErrorView } from '~/lib/ui/error-view';
import { SiteShell } from '~/shell/site-shell';
import { EmotionStyles, useNonce } from '~/lib/theme/emotion';
import { errorTitle, normalizeError } from '~/lib/errors';
import { pageMeta, pageTitle } from '~/lib/meta';
import { ShellFallbackScript, useRootData } from '~/shell/root-data';
import { CHUNK_GUARD_SCRIPT, useChunkGuard } from '~/lib/browser/chunk-guard';
import { JS_MARK_SCRIPT } from '~/lib/browser/js-mark';
import { PageScripts } from '~/lib/browser/page-scripts';
import { rootRouteLoader } from '~/shell/root.server';
import { BrandThemeContext, DEFAULT_THEME } from '~/lib/theme/brand-theme';

export async function loader({ context }: LoaderFunctionArgs) {
  return rootRouteLoader(context);
}

export { headers } from '~/lib/http/cache.server';

/**
 * An error page is titled like any page: 'Page not found - Retailer', 'An error occurred - …'.
 * Without the root loader's data the Layout writes the title (from the shell's fallback).
 */
export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => {
  if (!error) return pageMeta(matches);
  return data ? pageMeta(matches, errorTitle(normalizeError(error).statusCode)) : [];
};

/** The shell's data changes only after a form post (home store, login), not on navigation. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod !== undefined && formMethod !== 'GET' ? defaultShouldRevalidate : false);

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const loaded = useRouteLoaderData<typeof loader>('root');
  const error = useRouteError();
  const nonce = useNonce();
  // A page answered under another address than its own (the error page of a malformed address)
  // is served without scripts: the browser's router could not match its address.
  const hydrate = !useMatches().some(
    (m) => (m.handle as { hydrate?: boolean } | undefined)?.hydrate === false,
  );
  useChunkGuard();
  return (
    // suppressHydrationWarning: the inline script below marks <html data-js> before hydration.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before the body and any module script: marks the page as scripted (its layout is the
            hydrated one from the first paint) and watches its chunks load (a failed chunk reloads
            the page, see ~/lib/browser/loading-rules.ts). */}
        {hydrate ? (
          <script
            nonce={nonce}
            dangerouslySetInnerHTML={{ __html: JS_MARK_SCRIPT + CHUNK_GUARD_SCRIPT }}
          />
        ) : null}
        <meta name="theme-color" content={data?.tenant.theme.primary ?? DEFAULT_THEME.primary} />
        <link rel="icon" href={data?.tenant.favicon ?? '/favicon.svg'} />
        {/* The brand's app manifest (installing the site; docs/reference/offline.md). */}
        <link rel="manifest" href="/manifest.webmanifest" />
        {data ? <link rel="stylesheet" href={data.themeHref} /> : null}
        <Meta />
        {/* An error answered before the root loader ran: <Meta /> has no brand to name. */}
        {error && !loaded ? (
          <title>
            {pageTitle([{ id: 'root', data }], errorTitle(normalizeError(error).statusCode))}
          </title>
        ) : null}
        <Links />
        <EmotionStyles nonce={nonce} />
      </head>
      <body>
        <ShellFallbackScript nonce={nonce} />
        {/* No Chakra provider here: the page is plain markup with static classes; the pieces
            that use Chakra (dialogs, the drawer) load it with their code (ChakraScope). */}
        <BrandThemeContext.Provider value={data?.tenant.theme ?? DEFAULT_THEME}>
          {children}
        </BrandThemeContext.Provider>
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <PageScripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

/**
 * A page with a layout of its own (the single-sign-on pages: brand logo, no shell) says so with
 * `handle: { ownLayout: true }`.
 */
function useOwnLayout(): boolean {
  return useMatches().some(
    (m) => (m.handle as { ownLayout?: boolean } | undefined)?.ownLayout === true,
  );
}

export default function App() {
  const ownLayout = useOwnLayout();
  return ownLayout ? (
    <Outlet />
  ) : (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary() {
  const error = normalizeError(useRouteError());
  const data = useRootData();
  const view = <ErrorView {...error} />;
  // Without root data (the root loader itself failed, and so did its fallback) no shell.
  return data ? <SiteShell>{view}</SiteShell> : view;
}
