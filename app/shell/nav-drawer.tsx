import type { MenuItem } from '~/content/source/types';
import { sx } from '~/lib/theme/static-css';
import { lazyModule, useLazyModule, useOpenedOnce } from '~/lib/ui/lazy-module';
import type { HomeStore, ShellUser, StoreChoice } from './types';

export interface NavDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The 'main' menu's drawer items (barOnly left out). */
  items: MenuItem[];
  user: ShellUser | null;
  /** Locations for the store list; null when the feature is off. */
  stores: StoreChoice[] | null;
  homeStore: HomeStore | null;
  redirectTo: string;
}

/** Declared here, not in the view: the server writes the stylesheet from what it loads. */
const account = sx({ pb: '3', mb: '2', borderBottomWidth: '1px' });

/** The drawer's code (and Chakra's, which it uses): loaded when it is first wanted. */
const view = lazyModule(() => import('./nav-drawer-view'));

/** Starts loading the drawer (a pointer on the menu button), so it opens without a wait. */
export function preloadNavDrawer() {
  void view.load().catch(() => undefined);
}

/**
 * Navigation drawer from the left (docs/reference/shell.md "What the shopper sees"): account menu,
 * then the drawer's menu items, then (tenant feature) the store list. JavaScript only: its code
 * loads when it first opens (./nav-drawer-view) and it stays mounted after. Without JavaScript the
 * same links are in the page's #site-nav list.
 */
export function NavDrawer(props: NavDrawerProps) {
  const wanted = useOpenedOnce(props.open);
  const View = useLazyModule(view, wanted)?.NavDrawerView;
  return View ? <View {...props} accountClass={account} /> : null;
}
