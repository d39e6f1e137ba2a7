import { ChakraProvider } from '@chakra-ui/react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { useContext, type ReactNode } from 'react';
import { BrandThemeContext } from './brand-theme';
import { EMOTION_KEY, useNonce } from './emotion';
import { getSystem } from './system';

let cache: EmotionCache | null = null;

/**
 * The Chakra runtime for one interactive piece (a dialog, the drawer): the brand's system and
 * the emotion cache (with the page's CSP nonce) its styles go into. Only modules loaded on
 * demand render it (see ~/lib/ui/lazy-module), so Chakra, emotion and the system's config are
 * not among a page's first scripts: the page's markup is plain elements with static classes
 * (~/lib/theme/static-css) and needs none of them.
 */
export function ChakraScope({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const theme = useContext(BrandThemeContext);
  cache ??= createCache({ key: EMOTION_KEY, nonce });
  return (
    <CacheProvider value={cache}>
      <ChakraProvider value={getSystem(theme)}>{children}</ChakraProvider>
    </CacheProvider>
  );
}
