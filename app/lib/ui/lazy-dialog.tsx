import type { ChakraDialogProps } from './chakra-dialog';
import { lazyModule, useLazyModule, useOpenedOnce } from './lazy-module';

const view = lazyModule(() => import('./chakra-dialog'));

/** Starts loading the dialog's code (on a sign of intent, e.g. a pointer over what opens it). */
export function preloadDialog() {
  void view.load().catch(() => undefined);
}

/**
 * A page dialog (./chakra-dialog) whose code, with Chakra's, loads when it first opens and then
 * stays mounted (so closing keeps its animation and focus return). Nothing shows while it loads.
 */
export function LazyDialog(props: ChakraDialogProps) {
  const View = useLazyModule(view, useOpenedOnce(props.open))?.ChakraDialog;
  return View ? <View {...props} /> : null;
}
