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

// The service worker (docs/reference/offline.md) is registered once the page has loaded, so its
// download and start never compete with the page's own. Its address is SERVICE_WORKER_PATH of
// ~/lib/offline/kept-pages, written out: importing that module would put it in a chunk of its own
// on every first load.
if ('serviceWorker' in navigator) {
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
