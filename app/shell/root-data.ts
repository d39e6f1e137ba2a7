import { useRouteLoaderData } from '@remix-run/react';
import type { loader } from '~/root';

/** The root loader's data (tenant public settings, layout content, home store, user). */
export function useRootData() {
  return useRouteLoaderData<typeof loader>('root');
}
export type RootData = NonNullable<ReturnType<typeof useRootData>>;
