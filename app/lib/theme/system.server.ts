import { createSystem, defaultBaseConfig, type SystemContext } from '@chakra-ui/react';
import { defaultThemeConfig } from '@chakra-ui/react/theme';
import { brandConfig, themeKey, type ThemeInput } from './system';

const systems = new Map<string, SystemContext>();

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
    system = createSystem(defaultBaseConfig, defaultThemeConfig, brandConfig(t), {
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
