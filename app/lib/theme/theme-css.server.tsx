import crypto from 'node:crypto';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { ChakraProvider } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { getSystems, themeKey, type ThemeInput } from './system';

export interface ThemeStylesheet {
  css: string;
  hash: string;
}

const sheets = new Map<string, ThemeStylesheet>();

/**
 * The brand's global CSS (layer order, reset, design tokens, global styles) rendered once by the
 * same emotion pipeline Chakra uses at run time, so it can be served as an immutable, cacheable
 * stylesheet instead of ~50 KB inlined in every HTML response.
 */
export function themeStylesheet(theme: ThemeInput): ThemeStylesheet {
  const key = themeKey(theme);
  const cached = sheets.get(key);
  if (cached) return cached;
  const cache = createCache({ key: 'ckg' });
  const server = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <ChakraProvider value={getSystems(theme).full}>{null}</ChakraProvider>
    </CacheProvider>,
  );
  const { styles } = server.extractCriticalToChunks(html);
  const css = styles.map((s) => s.css).join('\n');
  const hash = crypto.createHash('sha256').update(css).digest('hex').slice(0, 12);
  const sheet = { css, hash };
  sheets.set(key, sheet);
  return sheet;
}
