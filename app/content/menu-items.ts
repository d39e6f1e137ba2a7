import type { MenuItem } from '~/content/source/types';

/**
 * Menu placement rules (docs/reference/shell.md "What the shopper sees"): an item or group marked
 * drawerOnly shows only in the navigation drawer, one marked barOnly only in the app bar. Children
 * are filtered the same way, and a group left with no children and no link of its own is dropped.
 */
function place(items: readonly MenuItem[], skip: (i: MenuItem) => boolean): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (skip(item)) continue;
    const children = place(item.children, skip);
    if (item.children.length > 0 && children.length === 0 && !item.to) continue;
    out.push({ ...item, children });
  }
  return out;
}

export function barItems(items: readonly MenuItem[] | null | undefined): MenuItem[] {
  return place(items ?? [], (i) => i.drawerOnly);
}

export function drawerItems(items: readonly MenuItem[] | null | undefined): MenuItem[] {
  return place(items ?? [], (i) => i.barOnly);
}

/** True for an address that leaves the site (opened as a plain link, not a client route). */
export function isExternal(to: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(to) || to.startsWith('//');
}

/** Stable key for a menu item among its siblings. */
export function itemKey(item: MenuItem, index: number): string {
  return `${index}-${item.label}`;
}
