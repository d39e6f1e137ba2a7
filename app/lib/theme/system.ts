import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  type SystemConfig,
  type SystemContext,
} from '@chakra-ui/react';
import { readableOnWhite, shade, textOn } from './color';
import chakraClientTheme from './chakra-client-theme.json';

export interface ThemeInput {
  primary: string;
  secondary: string;
  fontFamily?: string | null;
}

export function themeKey(t: ThemeInput) {
  return `${t.primary}|${t.secondary}|${t.fontFamily ?? ''}`;
}

function palette(base: string) {
  const solid = readableOnWhite(base);
  return {
    solid: { value: solid },
    contrast: { value: textOn(solid) },
    fg: { value: readableOnWhite(base) },
    muted: { value: shade(base, 0.75) },
    subtle: { value: shade(base, 0.88) },
    emphasized: { value: shade(base, 0.6) },
    focusRing: { value: solid },
    raw: { value: base },
  };
}

/** The brand's part of the Chakra config: token prefix, fonts and brand/accent palettes. */
export function brandConfig(t: ThemeInput): SystemConfig {
  const font = t.fontFamily ?? null;
  return defineConfig({
    cssVarsPrefix: 'ck',
    theme: {
      tokens: {
        ...(font ? { fonts: { body: { value: font }, heading: { value: font } } } : {}),
      },
      semanticTokens: {
        colors: {
          brand: palette(t.primary),
          accent: palette(t.secondary),
        },
      },
    },
  });
}

const systems = new Map<string, SystemContext>();

/**
 * The Chakra system pages render with (server and browser alike, so hydration matches), one per
 * brand theme, built once and reused (building one takes tens of milliseconds; doing it per render
 * cut throughput tenfold when measured).
 *
 * Built from Chakra's base config (conditions, utilities) and chakra-client-theme.json: every
 * token, but only the recipes of the Chakra components the app renders (see
 * scripts/chakra-client-theme.ts), not `@chakra-ui/react/theme`, which would bundle all of
 * them into every page. Its global styles are dropped: the brand stylesheet (rendered on the
 * server from the full theme, see theme-css.server.tsx) carries them.
 */
export function getSystem(t: ThemeInput): SystemContext {
  const key = themeKey(t);
  let system = systems.get(key);
  if (!system) {
    const built = createSystem(
      defaultBaseConfig,
      { theme: chakraClientTheme as SystemConfig['theme'] },
      brandConfig(t),
    );
    system = {
      ...built,
      _global: [],
      _config: { ...built._config, disableLayers: true },
    } as SystemContext;
    systems.set(key, system);
  }
  return system;
}
