import { ChakraProvider } from '@chakra-ui/react';
import type { LoaderFunctionArgs } from '@remix-run/node';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
import type { ReactNode } from 'react';
import { ErrorView } from '~/shell/error-view';
import { SiteShell } from '~/shell/site-shell';
import { EmotionStyles, useNonce } from '~/lib/theme/emotion';
import { normalizeError } from '~/lib/errors';
import { loadLayout, resolveHomeStore } from '~/shell/layout.server';
import { shopperFromSession } from '~/lib/session/shopper.server';
import { getSession } from '~/lib/session/session.server';
import { useRootData } from '~/shell/root-data';
import { publicTenant } from '~/lib/tenant/public.server';
import { getSystem } from '~/lib/theme/system';
import { themeHref } from '~/lib/theme/theme-css.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await getSession(request, context);
  const home = resolveHomeStore(context, session.get('homeStore'));
  const shopper = shopperFromSession(session);
  return {
    tenant: publicTenant(context.tenant),
    themeHref: themeHref(context.tenant.sitePath, context.tenant.theme),
    layout: loadLayout(context),
    homeStore: home ? { storeNumber: home.storeNumber, name: home.name, slug: home.slug } : null,
    /** The signed-in shopper's public part (never tokens); null for a guest. */
    user: shopper ? { firstName: shopper.firstName ?? '' } : null,
    /** The accept-new-terms popup (content) for a shopper who has not accepted the current terms. */
    termsPopup: shopper?.termsPending ? termsPopup(context) : null,
    /** The header login dialog's message and subtitle (guests only). */
    login: shopper
      ? null
      : {
          messageHtml:
            context.services.content.layout(context.tenant.sitePath, 'login-message')?.html ?? null,
          subtitle: context.tenant.registration.loginSubtitle ?? null,
        },
    year: new Date().getFullYear(),
  };
}

function termsPopup(context: LoaderFunctionArgs['context']) {
  const popup = context.services.content.popupBySlug(context.tenant.sitePath, 'accept-new-terms');
  return popup
    ? {
        slug: popup.slug,
        title: popup.title,
        html: popup.html,
        displayFrequency: popup.displayFrequency,
      }
    : null;
}

/** The shell's data changes only after a form post (home store, login), not on navigation. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
}) => (formMethod !== undefined && formMethod !== 'GET' ? defaultShouldRevalidate : false);

const defaultTheme = { primary: '#006993', secondary: '#62cbc9' };

export function Layout({ children }: { children: ReactNode }) {
  const data = useRootData();
  const nonce = useNonce();
  const system = getSystem(data?.tenant.theme ?? defaultTheme);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={data?.tenant.theme.primary ?? defaultTheme.primary} />
        <link rel="icon" href={data?.tenant.favicon ?? '/favicon.svg'} />
        {data ? <link rel="stylesheet" href={data.themeHref} /> : null}
        <Meta />
        <Links />
        <EmotionStyles nonce={nonce} />
      </head>
      <body>
        <ChakraProvider value={system}>{children}</ChakraProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

export function ErrorBoundary() {
  const error = normalizeError(useRouteError());
  const data = useRootData();
  const view = <ErrorView {...error} />;
  // Without root data (the root loader itself failed) there is no shell to draw.
  return data ? <SiteShell>{view}</SiteShell> : view;
}
