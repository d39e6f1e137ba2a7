import crypto from 'node:crypto';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { serializeStyles } from '@emotion/serialize';
import createEmotionServer from '@emotion/server/create-instance';
import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { compile, middleware, prefixer, serialize, stringify } from 'stylis';
import { staticStyles, type StaticStyle } from './static-css';
import { getSystems, themeKey, type ThemeInput } from './system';

export interface ThemeStylesheet {
  css: string;
  hash: string;
}

const sheets = new Map<string, ThemeStylesheet>();

/** CSS of one static style, resolved through the brand's system like a style prop would be. */
function staticRule(sys: SystemContext, name: string, entry: StaticStyle): string {
  const resolved =
    entry.kind === 'css'
      ? sys.css(entry.styles)
      : sys.css(
          sys.getRecipeFn(entry.recipe)(entry.variants as never) as never,
          (entry.styles ?? {}) as never,
        );
  const { styles } = serializeStyles([resolved as never]);
  return serialize(compile(`.${name}{${styles}}`), middleware([prefixer, stringify]));
}

/**
 * The brand stylesheet: global CSS (layer order, reset, design tokens, global styles) rendered
 * once by the same emotion pipeline Chakra uses at run time, then every static style (sx) the
 * app declares. Served as an immutable file instead of ~50 KB inlined in every page.
 */
export function themeStylesheet(theme: ThemeInput): ThemeStylesheet {
  const statics = staticStyles();
  // Every static style is declared when the server build loads; the count guards the cache
  // against a module that declares styles later.
  const key = `${themeKey(theme)}|${statics.size}`;
  const cached = sheets.get(key);
  if (cached) return cached;
  const systems = getSystems(theme);
  const cache = createCache({ key: 'ckg' });
  const server = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <ChakraProvider value={systems.full}>{null}</ChakraProvider>
    </CacheProvider>,
  );
  const { styles } = server.extractCriticalToChunks(html);
  const parts = styles.map((s) => s.css);
  for (const [name, entry] of statics) parts.push(staticRule(systems.full, name, entry));
  const css = parts.join('\n');
  const hash = crypto.createHash('sha256').update(css).digest('hex').slice(0, 12);
  const sheet = { css, hash };
  sheets.set(key, sheet);
  return sheet;
}

export function themeHref(sitePath: string, theme: ThemeInput): string {
  return `/theme/${sitePath}.${themeStylesheet(theme).hash}.css`;
}
