import { useEffect, useState } from 'react';

/**
 * A module loaded on first use (a dialog's or the drawer's code, with the Chakra runtime it
 * brings): not among a page's first scripts, fetched when the shopper asks for the piece (or
 * shows intent, e.g. a pointer over its button), then kept. A failed load is tried again on the
 * next call.
 *
 * Such a module declares no static style (sx) of its own: the server writes the brand
 * stylesheet from the styles its modules declare when they load, and never loads this one.
 * Its host declares them and passes the class names.
 */
export interface LazyModule<M> {
  /** The module once loaded, null before. */
  readonly current: M | null;
  load(): Promise<M>;
}

export function lazyModule<M>(importer: () => Promise<M>): LazyModule<M> {
  let current: M | null = null;
  let loading: Promise<M> | null = null;
  return {
    get current() {
      return current;
    },
    load() {
      loading ??= importer().then(
        (m) => (current = m),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  };
}

/**
 * The module, loading it once `wanted` turns true (and re-rendering when it is there). A piece
 * that opens mounts its Chakra part only from then on, and keeps it mounted, so closing keeps
 * its animation and focus return.
 */
export function useLazyModule<M>(module: LazyModule<M>, wanted: boolean): M | null {
  const [, setLoaded] = useState(0);
  const current = module.current;
  useEffect(() => {
    if (!wanted || current) return;
    let live = true;
    module.load().then(
      () => live && setLoaded((n) => n + 1),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [module, wanted, current]);
  return current;
}

/** Remembers that `open` was once true: a piece's Chakra part stays mounted after it closes. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
