/**
 * The home store (docs/reference/stores.md "Home store"): one action for every form that
 * posts the contract of ~/stores/home-store/home-store (the header chooser, the drawer, the store locator and a
 * store's page), plain form posts that work without JavaScript.
 *
 * - choose-home-store: the store to shop at for the visit (the session's home store). Only a
 *   visible location that is not hidden from the home selector; anything else changes nothing.
 *   The next page shows 'Now shopping at {store}.' once (a flash the root loader reads). With
 *   the 'Make this my home store' checkbox (makeHome, the path without JavaScript) a signed-in
 *   shopper's saved store is updated at once too.
 * - save-home-store: the snackbar's and the drawer's switch: updates a signed-in shopper's saved
 *   store, skipped when the store is empty or unchanged. A script's post asks for
 *   the outcome as data (HOME_STORE_REPLY_DATA); a form's post is redirected back with the notice.
 *
 * A save that fails leaves the choice of store standing and says so in a sentence of ours (the
 * service's own words never reach the page); a shopper the service no longer knows is signed out.
 */
import { parseWithZod } from '@conform-to/zod';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { logger } from '@common/logger.server';
import { readForm } from '~/lib/form-kit/read-form.server';
import { PRIVATE_NO_STORE } from '~/lib/http/cache.server';
import {
  HOME_STORE_INTENTS,
  HOME_STORE_REPLY_DATA,
  homeStoreSaveFailedMessage,
  type HomeStoreSaveReply,
  type StoreNoticeFlash,
} from '~/stores/home-store/home-store';
import { visibleLocations } from '~/stores/home-store/locations';
import type { Location } from '~/content/source/types';
import { LoyaltyError, LoyaltyErrorCode } from '~/lib/loyalty/errors';
import { safeRedirect } from '~/lib/security/safe-redirect';
import { commitSession } from '~/lib/session/session.server';
import { redirectWithSession } from '~/lib/session/respond.server';
import {
  matchStoreNumber,
  signOut,
  updateShopper,
  type SessionShopper,
} from '~/lib/session/shopper.server';

const storeNumberField = z.string().trim().max(20);
const redirectToField = z.string().max(2000).optional();

/** The posts of the contract, one per intent. */
export const homeStoreSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal(HOME_STORE_INTENTS.choose),
    storeNumber: storeNumberField.min(1),
    redirectTo: redirectToField,
    /** The checkbox without JavaScript ('on' when ticked). */
    makeHome: z.boolean().optional(),
  }),
  z.object({
    intent: z.literal(HOME_STORE_INTENTS.save),
    // Empty is allowed here: such a save is skipped, not refused.
    storeNumber: storeNumberField.optional(),
    redirectTo: redirectToField,
    reply: z.literal(HOME_STORE_REPLY_DATA).optional(),
  }),
]);

/** A location a shopper may choose: visible and not hidden from the home selector. */
function choosableLocation(context: AppLoadContext, storeNumber: string): Location | null {
  return (
    visibleLocations(context).find(
      (l) => l.storeNumber === storeNumber && !l.hiddenInHomeSelector,
    ) ?? null
  );
}

/** The shopper's saved store is already this one (zero-padded match, as at login). */
function isSavedStore(shopper: SessionShopper, storeNumber: string): boolean {
  return matchStoreNumber(shopper.myStore, [storeNumber]) === storeNumber;
}

type SaveOutcome =
  | { kind: 'saved' }
  | { kind: 'unchanged' }
  | { kind: 'failed'; message: string }
  | { kind: 'unknown-shopper' };

/**
 * Updates the shopper's saved store to `location` through the loyalty service, and the session's
 * copy with it (the sign-in then lasts 30 more days: docs/reference/accounts.md "Log out and
 * sessions"). Skipped when unchanged.
 */
async function saveHomeStore(
  context: AppLoadContext,
  shopper: SessionShopper,
  location: Location,
): Promise<SaveOutcome> {
  if (isSavedStore(shopper, location.storeNumber)) return { kind: 'unchanged' };
  try {
    const updated = await context.loyalty.updateCustomer(shopper.frqShopperNo, {
      myStore: location.storeNumber,
    });
    updateShopper(
      context.session,
      { myStore: updated.myStore || location.storeNumber },
      { accountUpdated: true },
    );
    return { kind: 'saved' };
  } catch (error) {
    if (error instanceof LoyaltyError && error.code === LoyaltyErrorCode.UnknownShopper) {
      return { kind: 'unknown-shopper' };
    }
    logger.warn({ err: error }, 'home store not saved');
    return { kind: 'failed', message: homeStoreSaveFailedMessage(location.name) };
  }
}

/** Signs out a shopper the loyalty service no longer knows and sends them to /login. */
async function signOutToLogin(context: AppLoadContext) {
  signOut(context.session);
  return redirectWithSession(context, '/login');
}

/** Back to the page, the notice waiting in the session for it. */
async function backWithNotice(context: AppLoadContext, to: string, notice: StoreNoticeFlash) {
  context.session.flash('storeNotice', notice);
  return redirectWithSession(context, to);
}

export async function homeStoreAction(request: Request, context: AppLoadContext) {
  const form = await readForm(request);
  // A form from a page rendered before the intent existed posts without one: the header's.
  if (!form.has('intent')) form.set('intent', HOME_STORE_INTENTS.choose);
  const submission = parseWithZod(form, { schema: homeStoreSchema });
  const back = safeRedirect(form.get('redirectTo'), '/');
  // A malformed post (a hand-made one: the pages' forms always send a valid one) changes nothing.
  if (submission.status !== 'success') return redirect(back);
  const value = submission.value;
  const shopper = context.shopper;

  if (value.intent === HOME_STORE_INTENTS.choose) {
    const location = choosableLocation(context, value.storeNumber);
    if (!location) return redirect(back);
    context.session.set('homeStore', location.storeNumber);
    const notice: StoreNoticeFlash = { storeNumber: location.storeNumber, saved: false };
    // A guest's tick is ignored (only a shopper has a saved store): the choice still stands.
    if (value.makeHome && shopper) {
      const outcome = await saveHomeStore(context, shopper, location);
      if (outcome.kind === 'unknown-shopper') return signOutToLogin(context);
      if (outcome.kind === 'failed') notice.error = outcome.message;
      else notice.saved = true;
    }
    return backWithNotice(context, back, notice);
  }

  // save-home-store: a guest has no saved store; nothing changes.
  if (!shopper) return redirect(back);
  const asData = value.reply === HOME_STORE_REPLY_DATA;
  // Empty (skipped) or not a store of this brand: nothing to save.
  const location = value.storeNumber ? choosableLocation(context, value.storeNumber) : null;
  if (!location) return asData ? reply(context, { status: 'skipped' }) : redirect(back);
  const outcome = await saveHomeStore(context, shopper, location);
  if (outcome.kind === 'unknown-shopper') return signOutToLogin(context);
  // Saving a store makes it the one shopped at, as the account page's store row does.
  context.session.set('homeStore', location.storeNumber);
  const { storeNumber, name } = location;
  if (asData) {
    return reply(
      context,
      outcome.kind === 'failed'
        ? { status: 'failed', storeNumber, message: outcome.message }
        : { status: outcome.kind, storeNumber, name },
    );
  }
  return backWithNotice(
    context,
    back,
    outcome.kind === 'failed'
      ? { storeNumber, saved: false, error: outcome.message }
      : { storeNumber, saved: true },
  );
}

/** The outcome for a script's post: personal, never cached, with the session as it is now. */
async function reply(context: AppLoadContext, answer: HomeStoreSaveReply) {
  const headers = new Headers({ 'Cache-Control': PRIVATE_NO_STORE });
  headers.append('Set-Cookie', await commitSession(context));
  return data(answer, { headers });
}
