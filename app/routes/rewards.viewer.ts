import type { LoaderFunctionArgs } from '@remix-run/node';
import { rewardsViewerLoader } from '~/rewards/rewards.server';

/** Who is signed in now, for the rewards page's check when its tab comes back (JSON). */
export async function loader({ context }: LoaderFunctionArgs) {
  return rewardsViewerLoader(context);
}
