/**
 * Choosing the home store for this visit (spec site-shell §4 "Home store"): a plain form post,
 * so it works without JavaScript. An unknown or hidden store changes nothing.
 */
import { parseWithZod } from '@conform-to/zod';
import { redirect, type AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { readForm } from '~/lib/forms/read-form.server';
import { visibleLocations } from '~/lib/locations.server';
import { safeRedirect } from '~/lib/security/safe-redirect';
import { redirectWithSession } from '~/lib/session/respond.server';
import { HOME_STORE_INTENTS } from '~/lib/home-store';

/** The header chooser's post (an intent union, so the stores page can add its own forms). */
export const homeStoreSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal(HOME_STORE_INTENTS.choose),
    storeNumber: z.string().trim().min(1).max(20),
    redirectTo: z.string().max(2000).optional(),
  }),
]);

export async function homeStoreAction(request: Request, context: AppLoadContext) {
  const form = await readForm(request);
  // A form from a page rendered before the intent existed posts without one: the header's.
  if (!form.has('intent')) form.set('intent', HOME_STORE_INTENTS.choose);
  const submission = parseWithZod(form, { schema: homeStoreSchema });
  const back = safeRedirect(form.get('redirectTo'), '/');
  if (submission.status !== 'success') return redirect(back);
  const { storeNumber } = submission.value;
  const location = visibleLocations(context).find(
    (l) => l.storeNumber === storeNumber && !l.hiddenInHomeSelector,
  );
  if (!location) return redirect(back);
  context.session.set('homeStore', location.storeNumber);
  return redirectWithSession(context, back);
}
