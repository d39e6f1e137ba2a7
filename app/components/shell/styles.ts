import { visuallyHiddenStyle, type SystemStyleObject } from '@chakra-ui/react';
import { defaultThemeConfig } from '@chakra-ui/react/theme';
import { sx } from '~/lib/theme/static-css';

/**
 * Style objects shared by the static (sx) markup of the shell and the pages. Class names are
 * declared at module level only (see ~/lib/theme/static-css).
 */

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Deep merge of style objects, later ones winning, nested conditions merged key by key. */
export function mergeStyles(...styles: (SystemStyleObject | undefined)[]): SystemStyleObject {
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

/**
 * One part of a Chakra slot recipe with fixed variants, merged with `extra`, for sx (sxRecipe
 * takes plain recipes only). The result is one unlayered rule set, not Chakra's `@layer recipes`
 * under unlayered style props: a slot state (_invalid, _expanded...) setting a property that
 * `extra` also sets would win in that state here, and lose with Chakra. Keep `extra` clear of
 * those properties.
 */
export function slotRecipeStyle(
  recipe: string,
  slot: string,
  variants: Record<string, string>,
  extra: SystemStyleObject = {},
): SystemStyleObject {
  const config = defaultThemeConfig.theme?.slotRecipes?.[recipe] as
    | {
        base?: Record<string, SystemStyleObject>;
        variants?: Record<string, Record<string, Record<string, SystemStyleObject>>>;
      }
    | undefined;
  return mergeStyles(
    config?.base?.[slot],
    ...Object.entries(variants).map(([name, value]) => config?.variants?.[name]?.[value]?.[slot]),
    extra,
  );
}

/** Chakra's <VisuallyHidden>. */
export const visuallyHidden = sx(visuallyHiddenStyle);
/** Chakra's `srOnly` style prop. */
export const srOnly = sx({ srOnly: true });

/** Chakra's <IconButton> on top of the button recipe: no padding, icons at 1.2em. */
export const iconButtonStyle = { px: '0', py: '0', _icon: { fontSize: '1.2em' } } as const;

/** Chakra's <Stack> (a column) and <HStack> (a centred row), with gap 0.5rem unless given. */
export const stackStyle = { display: 'flex', flexDirection: 'column', gap: '0.5rem' } as const;
export const hstackStyle = {
  display: 'flex',
  alignItems: 'center',
  flexDirection: 'row',
  gap: '0.5rem',
} as const;
