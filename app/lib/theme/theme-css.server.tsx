import crypto from 'node:crypto';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { serializeStyles } from '@emotion/serialize';
import createEmotionServer from '@emotion/server/create-instance';
import { ChakraProvider, type SystemContext, type SystemStyleObject } from '@chakra-ui/react';
import { renderToString } from 'react-dom/server';
import { compile, middleware, prefixer, serialize, stringify } from 'stylis';
import { staticStyles, type StaticStyle } from './static-css';
import { themeKey, type ThemeInput } from './system';
import { getFullSystem } from './system.server';

export interface ThemeStylesheet {
  css: string;
  hash: string;
}

const sheets = new Map<string, ThemeStylesheet>();

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep merge of style objects, later ones winning, nested conditions merged key by key. */
function mergeStyles(...styles: (SystemStyleObject | undefined)[]): SystemStyleObject {
  const out: Record<string, unknown> = {};
  for (const style of styles) {
    if (!style) continue;
    for (const [key, value] of Object.entries(style)) {
      const current = out[key];
      out[key] =
        isPlainObject(current) && isPlainObject(value)
          ? mergeStyles(current as SystemStyleObject, value as SystemStyleObject)
          : value;
    }
  }
  return out as SystemStyleObject;
}

/** One slot of a slot recipe with fixed variants, merged with extra styles (sxSlotRecipe). */
function slotRecipeStyles(
  sys: SystemContext,
  entry: Extract<StaticStyle, { kind: 'slotRecipe' }>,
): SystemStyleObject {
  const config = sys.getSlotRecipe(entry.recipe) as
    | {
        base?: Record<string, SystemStyleObject>;
        variants?: Record<string, Record<string, Record<string, SystemStyleObject>>>;
      }
    | undefined;
  if (!config) throw new Error(`sxSlotRecipe: Chakra has no slot recipe '${entry.recipe}'`);
  return mergeStyles(
    config.base?.[entry.slot],
    ...Object.entries(entry.variants).map(
      ([name, value]) => config.variants?.[name]?.[value]?.[entry.slot],
    ),
    entry.styles,
  );
}

/** CSS of one static style, resolved through the brand's system like a style prop would be. */
function staticRule(sys: SystemContext, name: string, entry: StaticStyle): string {
  const resolved =
    entry.kind === 'css'
      ? sys.css(entry.styles)
      : entry.kind === 'slotRecipe'
        ? sys.css(slotRecipeStyles(sys, entry))
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
  const system = getFullSystem(theme);
  const cache = createCache({ key: 'ckg' });
  const server = createEmotionServer(cache);
  const html = renderToString(
    <CacheProvider value={cache}>
      <ChakraProvider value={system}>{null}</ChakraProvider>
    </CacheProvider>,
  );
  const { styles } = server.extractCriticalToChunks(html);
  const parts = styles.map((s) => s.css);
  for (const [name, entry] of statics) parts.push(staticRule(system, name, entry));
  const css = parts.join('\n');
  const hash = crypto.createHash('sha256').update(css).digest('hex').slice(0, 12);
  const sheet = { css, hash };
  sheets.set(key, sheet);
  return sheet;
}

export function themeHref(sitePath: string, theme: ThemeInput): string {
  return `/theme/${sitePath}.${themeStylesheet(theme).hash}.css`;
}
