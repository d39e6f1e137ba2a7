/**
 * The charity page /rewards/charity (docs/reference/rewards.md "Charity",
 * docs/loyalty-api.md): the brand's charities and the shopper's current one, and the
 * change, a form post that works without JavaScript.
 *
 * Guests go to /login and come back here after signing in (no rule is prescribed for this page;
 * choosing a charity is the shopper's own business, as data preferences are, which go to /login).
 *
 * A change disenrolls the current charity (if any), then enrolls the chosen one, then says 'Your
 * charity has been updated.' through the session's one-time notice. If any step fails the
 * shopper reads the generic message and the enrolment is put back as it was: a charity
 * disenrolled before the failure is enrolled again (and if that fails too, it is logged as an
 * error for someone to fix by hand). Changes of one shopper run one after the other in this
 * process, and each starts from the enrolment as the service has it then, so a double submit
 * enrolls once and the second finds the charity already chosen.
 */
import { createHash } from 'node:crypto';
import { parseWithZod } from '@conform-to/zod';
import { data, type AppLoadContext } from '@remix-run/node';
import { logger } from '@common/logger.server';
import { formFailure } from '~/lib/form-kit/reply.server';
import { readForm } from '~/lib/form-kit/read-form.server';
import { cacheHeaders } from '~/lib/http/cache.server';
import type { LoyaltyClient } from '~/lib/loyalty/client.server';
import { loyaltyClientFor } from '~/lib/loyalty/credentials.server';
import { GENERIC_FAILURE_MESSAGE, UNAVAILABLE_MESSAGE } from '~/lib/loyalty/errors';
import { loginHref } from '~/lib/session/login-href';
import { redirectWithNotice, takeNotice } from '~/lib/session/respond.server';
import { requireShopper } from '~/lib/session/shopper.server';
import type { SiteStore } from '~/lib/site-store/site-store.server';
import {
  alreadyYourCharityMessage,
  CHARITY_FORM,
  CHARITY_PATH,
  CHARITY_UPDATED_MESSAGE,
  charityChangeSchema,
  charityOptions,
  enrolledIds,
  isNoChange,
  normaliseCharityQuery,
  planCharityChange,
  toCharityOption,
  type CharityOption,
} from './charity';

/** The picker's data, or the short message shown instead when the service cannot give it. */
export type CharityPicker =
  | { status: 'ok'; charities: CharityOption[]; current: CharityOption | null }
  | { status: 'unavailable'; message: string };

export interface CharityPageData {
  variant: 'grouped' | 'schools';
  /** The school search (the `q` parameter of the GET form). */
  q: string;
  picker: CharityPicker;
  /** The one-time notice after a post: updated, or already the shopper's charity. */
  notice: string | null;
}

/** Where a guest goes: /login, back to this page (with its search) afterwards. */
function guestRedirect(q: string): string {
  return loginHref(q ? `${CHARITY_PATH}?${new URLSearchParams({ q })}` : CHARITY_PATH);
}

/**
 * The brand's charities and the shopper's current one, in parallel. Either call failing shows
 * the short message instead of the list (a list without the current charity would offer a change
 * the page cannot make safely); the page is still a 200.
 */
async function loadPicker(loyalty: LoyaltyClient, frqShopperNo: string): Promise<CharityPicker> {
  const [all, mine] = await Promise.allSettled([
    loyalty.getCharities(),
    loyalty.getUserCharities(frqShopperNo),
  ]);
  if (all.status === 'rejected' || mine.status === 'rejected') {
    const reason = all.status === 'rejected' ? all.reason : (mine as PromiseRejectedResult).reason;
    logger.warn({ err: reason }, 'charity page: loading the charities failed');
    return { status: 'unavailable', message: UNAVAILABLE_MESSAGE };
  }
  const charities = charityOptions(all.value);
  const currentId = enrolledIds(mine.value)[0] ?? null;
  const record = mine.value.find((r) => r.charityId === currentId);
  // Named from the brand's list when it is there, else from the shopper's own record.
  const current =
    charities.find((c) => c.id === currentId) ?? (record ? toCharityOption(record) : null);
  return { status: 'ok', charities, current };
}

export async function charityLoader(request: Request, context: AppLoadContext) {
  const q = normaliseCharityQuery(new URL(request.url).searchParams.get('q'));
  const shopper = await requireShopper(context, guestRedirect(q));
  const picker = await loadPicker(context.loyalty, shopper.frqShopperNo);
  const { notice, headers } = await takeNotice(context);
  const page: CharityPageData = {
    variant: context.tenant.rewards.charityPicker,
    q,
    picker,
    notice,
  };
  return data(page, { headers: cacheHeaders(context, 'personal', headers) });
}

// --- The change ---------------------------------------------------------------------------------

type CharityCalls = Pick<LoyaltyClient, 'getUserCharities' | 'enrollCharity' | 'disenrollCharity'>;

export type CharityChangeOutcome = 'updated' | 'unchanged' | 'failed';

/** A call answered `success: false`: a failure like any other. */
class RefusedError extends Error {
  override name = 'RefusedError';
}

async function succeed(call: Promise<boolean>, what: string): Promise<void> {
  if (!(await call)) throw new RefusedError(`the loyalty service refused to ${what}`);
}

/** The changes running per shopper in this process (a double submit waits for the first). */
const running = new Map<string, Promise<unknown>>();

/** Arbitrary constant: the advisory-lock class of charity changes (the key is the second half). */
const CHARITY_LOCK_CLASS = 720_304;

/** Runs `task` while holding a lock for `key`: one change per shopper at a time. */
export type ChangeLock = <T>(key: string, task: () => Promise<T>) => Promise<T>;

/**
 * With several site processes on one PostgreSQL database
 * (docs/decisions/0019-several-processes.md), a double submit can reach two processes: a
 * transaction-scoped advisory lock per shopper makes the second change wait for the first, so both
 * never read the same enrolment and enroll two charities. The transaction holds one pool connection
 * for the length of the loyalty calls (a few seconds at most, under the client's deadlines). PGlite
 * is one process's own database: the in-process queue is enough, and a PGlite transaction would
 * hold every other query of the site store meanwhile.
 */
export function databaseLock(store: SiteStore): ChangeLock | undefined {
  if (store.kind !== 'postgres') return undefined;
  return async <T>(key: string, task: () => Promise<T>): Promise<T> => {
    // The lock's second half: 32 bits of the key's hash (a collision only makes two shoppers wait).
    const id = createHash('sha256').update(key).digest().readInt32BE(0);
    let outcome: { value: T } | null = null;
    try {
      await store.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1, $2)', [CHARITY_LOCK_CLASS, id]);
        outcome = { value: await task() };
      });
    } catch (error) {
      // The change ran and only the commit of the lock failed: its outcome stands.
      if (!outcome) throw error;
      logger.warn({ err: error }, 'charity change: releasing the lock failed');
    }
    return (outcome as { value: T } | null)!.value;
  };
}

async function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
  const before = running.get(key) ?? Promise.resolve();
  const run = before.then(task, task);
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  running.set(key, settled);
  try {
    return await run;
  } finally {
    if (running.get(key) === settled) running.delete(key);
  }
}

export interface ChangeCharityOptions {
  /** The request's client (its loyalty budget). */
  loyalty: CharityCalls;
  /**
   * The client that puts an enrolment back after a failure: one without the request's budget,
   * so a change that used the budget up can still be undone.
   */
  restore: Pick<LoyaltyClient, 'enrollCharity'>;
  frqShopperNo: string;
  charityId: string;
  /** Serialises the changes of one shopper (brand and shopper number). */
  key: string;
  /** Serialises them across processes too (databaseLock); in this process only without it. */
  lock?: ChangeLock;
}

/**
 * Disenroll the current charity if any, then enroll the chosen one. The enrolment is
 * read first (inside the per-shopper queue); the chosen one already enrolled: nothing is called.
 */
export function changeCharity(options: ChangeCharityOptions): Promise<CharityChangeOutcome> {
  const { loyalty, restore, frqShopperNo, charityId, key, lock } = options;
  return oneAtATime(key, () => (lock ? lock(key, change).catch(lockFailed) : change()));

  function lockFailed(error: unknown): CharityChangeOutcome {
    // The site store is unreachable: nothing was sent, the shopper reads the generic message.
    logger.warn({ err: error }, 'charity change: the change lock is unavailable');
    return 'failed';
  }

  async function change(): Promise<CharityChangeOutcome> {
    let current: string[];
    try {
      current = enrolledIds(await loyalty.getUserCharities(frqShopperNo));
    } catch (error) {
      logger.warn({ err: error }, 'charity change: reading the enrolment failed');
      return 'failed';
    }
    const plan = planCharityChange(current, charityId);
    if (isNoChange(plan)) return 'unchanged';
    const disenrolled: string[] = [];
    try {
      for (const id of plan.disenroll) {
        await succeed(loyalty.disenrollCharity(frqShopperNo, id), `disenroll charity ${id}`);
        disenrolled.push(id);
      }
      if (plan.enroll) {
        await succeed(loyalty.enrollCharity(frqShopperNo, plan.enroll), `enroll ${plan.enroll}`);
      }
      return 'updated';
    } catch (error) {
      logger.warn({ err: error, plan, disenrolled }, 'charity change failed: putting it back');
      await putBack(restore, frqShopperNo, disenrolled, plan.enroll);
      return 'failed';
    }
  }
}

/** Enrolls again the charities a failed change had disenrolled. */
async function putBack(
  restore: ChangeCharityOptions['restore'],
  frqShopperNo: string,
  disenrolled: readonly string[],
  chosen: string | null,
): Promise<void> {
  for (const id of disenrolled) {
    try {
      await succeed(restore.enrollCharity(frqShopperNo, id), `enroll ${id} again`);
    } catch (error) {
      // The shopper has lost their charity and the site cannot give it back: someone must.
      logger.error(
        { err: error, frqShopperNo, charityId: id, chosen },
        'CHARITY ENROLMENT LOST: a failed charity change could not re-enroll the previous charity',
      );
    }
  }
}

export async function charityAction(request: Request, context: AppLoadContext) {
  const shopper = await requireShopper(context, guestRedirect(''));
  const form = await readForm(request);
  const posted = parseWithZod(form, { schema: charityChangeSchema() });
  if (posted.status !== 'success') return formFailure(posted, CHARITY_FORM);

  let charities: CharityOption[];
  try {
    charities = charityOptions(await context.loyalty.getCharities());
  } catch (error) {
    logger.warn({ err: error }, 'charity change: loading the charities failed');
    return formFailure(posted, CHARITY_FORM, GENERIC_FAILURE_MESSAGE);
  }
  // The charityId must be one of the brand's charities.
  const submission = parseWithZod(form, {
    schema: charityChangeSchema(charities.map((c) => c.id)),
  });
  if (submission.status !== 'success') return formFailure(submission, CHARITY_FORM);
  const chosen = charities.find((c) => c.id === submission.value.charityId)!;

  const outcome = await changeCharity({
    loyalty: context.loyalty,
    restore: loyaltyClientFor(
      context.tenant,
      context.services.env,
      context.services.loyalty.embedded,
    ),
    frqShopperNo: shopper.frqShopperNo,
    charityId: chosen.id,
    key: `${context.tenant.sitePath}\u0000${shopper.frqShopperNo}`,
    lock: databaseLock(context.services.accounts.siteStore),
  });
  if (outcome === 'failed') {
    return formFailure(submission, CHARITY_FORM, GENERIC_FAILURE_MESSAGE);
  }
  const notice =
    outcome === 'unchanged' ? alreadyYourCharityMessage(chosen.name) : CHARITY_UPDATED_MESSAGE;
  return redirectWithNotice(context, CHARITY_PATH, notice);
}
