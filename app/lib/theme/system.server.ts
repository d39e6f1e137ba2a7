import {
  createSystem,
  defaultBaseConfig,
  type SystemConfig,
  type SystemContext,
} from '@chakra-ui/react';
import { defaultThemeConfig } from '@chakra-ui/react/theme';
import { brandConfig, themeKey, type ThemeInput } from './system';

const systems = new Map<string, SystemContext>();

/**
 * Chakra's theme with its selection colour set on <html> instead of every element. A
 * `*::selection` rule makes Chromium resolve a ::selection style for each element during every
 * full style recalculation (its highlight styles are computed eagerly once any element can match
 * one): on the coupons page that was 1715 style resolutions instead of 1147, three times the
 * thread time of the first frame's style recalculation. `html::selection` reaches every element
 * through highlight inheritance (the selection colour is the root's palette, gray, as on almost
 * every element before) at the cost of one resolution.
 */
const { '*::selection': selection, ...chakraGlobalCss } = defaultThemeConfig.globalCss ?? {};
const themeConfig: SystemConfig = {
  ...defaultThemeConfig,
  globalCss: { ...chakraGlobalCss, 'html::selection': selection ?? {} },
};

/**
 * The brand's Chakra system with Chakra's whole theme (every recipe, global CSS, keyframes) and
 * the brand's global styles: what the brand stylesheet is rendered from (theme-css.server.tsx).
 * Server only: pages render with the lighter `getSystem` (system.ts). Not `defaultConfig`:
 * importing it also builds Chakra's default system at load.
 */
export function getFullSystem(t: ThemeInput): SystemContext {
  const key = themeKey(t);
  let system = systems.get(key);
  if (!system) {
    system = createSystem(defaultBaseConfig, themeConfig, brandConfig(t), {
      globalCss: {
        'html, body': { color: 'fg', bg: 'bg' },
        a: { color: 'inherit' },
        mark: { bg: 'yellow.200', color: 'inherit' },
      },
    });
    systems.set(key, system);
  }
  return system;
}
