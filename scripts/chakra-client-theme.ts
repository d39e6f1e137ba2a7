// Writes app/lib/theme/chakra-client-theme.json: the part of Chakra's default theme the browser
// needs (run `node --import tsx scripts/chakra-client-theme.ts` after a Chakra upgrade or after
// adding a recipe below; scripts/chakra-client-theme.test.ts fails until then).
//
// Why: `@chakra-ui/react/theme` cannot be tree-shaken (importing one recipe from it bundles all
// ~90 recipes, ~20 KB gzip) and its files cannot be imported one by one (exports map). The
// brand stylesheet (global CSS, tokens, static styles) is rendered on the server from the full
// theme; the browser only resolves style props and the recipes of the few Chakra components it
// renders, listed here.
import fs from 'node:fs';
import path from 'node:path';
import { defaultThemeConfig } from '@chakra-ui/react/theme';
import * as prettier from 'prettier';

/** Recipes of the Chakra components rendered by app code (Button, CloseButton, Spinner). */
export const CLIENT_RECIPES = ['button', 'spinner'] as const;
/** Slot recipes of the Chakra components rendered by app code (Dialog, Drawer). */
export const CLIENT_SLOT_RECIPES = ['dialog', 'drawer'] as const;

function pick<T extends Record<string, unknown>>(from: T | undefined, keys: readonly string[]) {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    if (!from?.[key]) throw new Error(`Chakra's theme has no recipe '${key}'`);
    out[key] = from[key];
  }
  return out;
}

/**
 * The client theme: tokens, semantic tokens, breakpoints and compositions (style props need
 * them all) plus the listed recipes. Left out: global CSS, preflight and keyframes, which only
 * feed the global styles (served in the brand stylesheet), and every other recipe.
 */
export function chakraClientTheme() {
  const theme = defaultThemeConfig.theme ?? {};
  const { breakpoints, tokens, semanticTokens, textStyles, layerStyles, animationStyles } = theme;
  // A JSON round trip: the file holds plain data (Chakra's recipes are plain data).
  return JSON.parse(
    JSON.stringify({
      breakpoints,
      tokens,
      semanticTokens,
      textStyles,
      layerStyles,
      animationStyles,
      recipes: pick(theme.recipes, CLIENT_RECIPES),
      slotRecipes: pick(theme.slotRecipes, CLIENT_SLOT_RECIPES),
    }),
  ) as Record<string, unknown>;
}

export const CLIENT_THEME_FILE = 'app/lib/theme/chakra-client-theme.json';

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = path.resolve(CLIENT_THEME_FILE);
  const options = (await prettier.resolveConfig(out)) ?? {};
  const json = await prettier.format(JSON.stringify(chakraClientTheme()), {
    ...options,
    filepath: out,
  });
  fs.writeFileSync(out, json);
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
}
