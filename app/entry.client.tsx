import { RemixBrowser } from '@remix-run/react';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { EMOTION_KEY, NonceContext, SsrStylesContext, type SsrStyle } from '~/lib/theme/emotion';

// Read what the server sent before emotion or React touch the DOM.
const ssrStyles: SsrStyle[] = Array.from(
  document.head.querySelectorAll<HTMLStyleElement>(`style[data-emotion^="${EMOTION_KEY} "]`),
).map((el) => ({
  ids: (el.getAttribute('data-emotion') ?? '').slice(EMOTION_KEY.length + 1),
  css: el.textContent ?? '',
}));
const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;

/** How long after the page's load the service worker is registered. */
const SERVICE_WORKER_DELAY_MS = 4000;

startTransition(() => {
  hydrateRoot(
    document,
    <NonceContext.Provider value={nonce}>
      <SsrStylesContext.Provider value={ssrStyles}>
        {/* No emotion cache here: the pieces that use Chakra bring theirs (ChakraScope). */}
        <RemixBrowser />
      </SsrStylesContext.Provider>
    </NonceContext.Provider>,
  );
});

// The service worker (docs/reference/offline.md) is registered a few seconds after the page has
// loaded, when the browser is idle: its download, its start and the copies it fetches for its
// cache never compete with the page's own first requests and scripts on a phone's network. Its
// address is SERVICE_WORKER_PATH of ~/lib/offline/kept-pages, written out: importing that module
// would put it in a chunk of its own on every first load.
if ('serviceWorker' in navigator) {
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  };
  const later = () =>
    window.setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5000 });
      else register();
    }, SERVICE_WORKER_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
