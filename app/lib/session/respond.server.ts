/**
 * Responses that store the session (Epic Stack's `redirectWithToast` is the model): every
 * change of context.session reaches the browser through one of these, never a hand-made
 * Set-Cookie.
 */
import { redirect, type AppLoadContext } from '@remix-run/node';
import { commitSession } from './session.server';

type Init = { status?: number; headers?: HeadersInit };

function withCookie(init: Init | undefined, cookie: string): Headers {
  const headers = new Headers(init?.headers);
  headers.append('Set-Cookie', cookie);
  return headers;
}

/** A redirect that stores the session as it is now (after signIn, signOut, a home store...). */
export async function redirectWithSession(context: AppLoadContext, to: string, init?: Init) {
  return redirect(to, {
    status: init?.status,
    headers: withCookie(init, await commitSession(context)),
  });
}

/** A redirect that stores the session and shows `notice` once on the page it lands on. */
export async function redirectWithNotice(
  context: AppLoadContext,
  to: string,
  notice: string,
  init?: Init,
) {
  context.session.flash('notice', notice);
  return redirectWithSession(context, to, init);
}

/**
 * The one-time notice waiting in the session, and the headers that mark it shown (none when
 * there is no notice and nothing else changed, so a page without one stays shareable). `commit`
 * stores the session even without a notice (the loader changed it).
 */
export async function takeNotice(
  context: AppLoadContext,
  options: { commit?: boolean } = {},
): Promise<{ notice: string | null; headers: Headers }> {
  const notice = context.session.get('notice') ?? null;
  const headers = new Headers();
  if (notice || options.commit) headers.append('Set-Cookie', await commitSession(context));
  return { notice, headers };
}
