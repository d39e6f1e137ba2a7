import {
  createSystem,
  defaultBaseConfig,
  defineConfig,
  mergeConfigs,
  type SystemContext,
} from '@chakra-ui/react';
import { defaultThemeConfig } from '@chakra-ui/react/theme';
import { readableOnWhite, shade, textOn } from './color';

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

function buildSystem(t: ThemeInput): SystemContext {
  const font = t.fontFamily ?? null;
  const config = defineConfig({
    // Tokens and component styles only: the global reset and token CSS are served once per
    // brand as a cached stylesheet (see theme-css.server.tsx), not inlined in every page.
    cssVarsPrefix: 'ck',
    globalCss: {
      'html, body': { color: 'fg', bg: 'bg' },
      a: { color: 'inherit' },
      mark: { bg: 'yellow.200', color: 'inherit' },
    },
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
  // Not `defaultConfig`: importing it also builds Chakra's default system at load, which the
  // browser would pay for on every page.
  return createSystem(mergeConfigs(defaultBaseConfig, defaultThemeConfig), config);
}

const systems = new Map<string, { full: SystemContext; render: SystemContext }>();

/**
 * One Chakra system per brand theme, built once and reused (building one takes tens of
 * milliseconds; doing it per render cut throughput tenfold in DESIGN.md's measurements).
 * `render` is the same system minus its global styles, which live in the brand stylesheet.
 */
export function getSystems(t: ThemeInput) {
  const key = themeKey(t);
  let entry = systems.get(key);
  if (!entry) {
    const full = buildSystem(t);
    const render = {
      ...full,
      _global: [],
      _config: { ...full._config, disableLayers: true },
    } as SystemContext;
    entry = { full, render };
    systems.set(key, entry);
  }
  return entry;
}
