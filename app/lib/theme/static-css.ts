import murmur from '@emotion/hash';
import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * Static styles: Chakra style objects declared once at module level, turned into class names
 * whose CSS is written into the brand stylesheet (cached, immutable) instead of being computed
 * by emotion on every render. Rendering a styled element then costs a class name, not a style
 * resolution: the lever that keeps server rendering fast (see
 * docs/decisions/0005-static-styles.md).
 *
 * Use it for markup that is the same for every shopper (layout boxes, menus, cards, footers);
 * keep Chakra components and style props for what changes per render or needs a recipe's
 * state styles.
 */
export type StaticStyle =
  | { kind: 'css'; styles: SystemStyleObject }
  | {
      kind: 'recipe';
      recipe: string;
      variants: Record<string, string | boolean>;
      styles?: SystemStyleObject;
    }
  | {
      kind: 'slotRecipe';
      recipe: string;
      slot: string;
      variants: Record<string, string>;
      styles?: SystemStyleObject;
    };

const registry = new Map<string, StaticStyle>();
const isServer = typeof document === 'undefined';

function register(prefix: string, entry: StaticStyle): string {
  const name = `${prefix}-${murmur(JSON.stringify(entry))}`;
  // Only the server writes stylesheets; the browser needs the (same) name alone.
  if (isServer && !registry.has(name)) registry.set(name, entry);
  return name;
}

/** A class name for a Chakra style object (tokens, responsive values, _hover, ...). */
export function sx(styles: SystemStyleObject): string {
  return register('s', { kind: 'css', styles });
}

/** A class name for a Chakra recipe with fixed variants (e.g. a solid medium button). */
export function sxRecipe(
  recipe: string,
  variants: Record<string, string | boolean>,
  styles?: SystemStyleObject,
): string {
  return register('r', { kind: 'recipe', recipe, variants, styles });
}

/**
 * A class name for one part of a Chakra slot recipe with fixed variants (e.g. the field of a
 * small outline native select), merged with `styles`. The result is one unlayered rule set, not
 * Chakra's `@layer recipes` under unlayered style props: a slot state (_invalid, _expanded...)
 * setting a property that `styles` also sets would win in that state here, and lose with
 * Chakra. Keep `styles` clear of those properties.
 */
export function sxSlotRecipe(
  recipe: string,
  slot: string,
  variants: Record<string, string>,
  styles?: SystemStyleObject,
): string {
  return register('r', { kind: 'slotRecipe', recipe, slot, variants, styles });
}

/** Joins class names, skipping empty ones. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/** Every static style declared so far (the server build declares all of them at load). */
export function staticStyles(): ReadonlyMap<string, StaticStyle> {
  return registry;
}
