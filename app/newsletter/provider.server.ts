/**
 * The mailing-list provider's subscribe call (docs/reference/newsletter.md "Rules"), made by the
 * site's server, never by the browser: `GET {subscribe address}?EMAIL=…&…&c={callback}` with undici
 * and a deadline. The reply is read as JSON or as JSONP (`/**\/name({...});`, what a
 * Mailchimp-style `post-json` endpoint answers) and mapped to three outcomes (subscribed, already
 * subscribed, failed); the provider's own `msg` never reaches the page (it may hold HTML or the
 * address) nor the log as it is.
 *
 * The address is the tenant's (`newsletter.subscribeUrl`, `aceSubscribeUrl`,
 * `pharmacySubscribeUrl`; a query it carries is kept), else the in-process reference mailing
 * list's `/subscribe/{sitePath}`, `-ace`, `-pharmacy` (services/mailing-list).
 */
import { request } from 'undici';
import { logger } from '@common/logger.server';
import type { Tenant } from '~/lib/tenant/schema';
import type { SignupVariant } from './messages';
import { readLimited, ReplyTooLong } from '~/lib/http/read-limited.server';

/** The whole call (connect, headers, body) ends within this. */
export const PROVIDER_TIMEOUT_MS = 5000;
/** The JSONP callback name sent as `c` (providers answer `/**\/name({...});`). */
export const CALLBACK_NAME = 'newsletterSignup';
/** A reply longer than this is not a subscribe reply. */
const MAX_REPLY_BYTES = 64 * 1024;

export type SubscribeOutcome = 'subscribed' | 'already' | 'failed';

export interface ProviderReply {
  result: string;
  msg: string;
}

/** The reference service's list of a brand and variant (services/mailing-list/README.md). */
export function listName(sitePath: string, variant: SignupVariant): string {
  return variant === 'standard' ? sitePath : `${sitePath}-${variant}`;
}

/** The subscribe address of a brand's list, or null when there is none. */
export function subscribeAddress(
  tenant: Pick<Tenant, 'sitePath' | 'newsletter'>,
  referenceMailingList: string | null,
  variant: SignupVariant,
): string | null {
  const { newsletter } = tenant;
  const configured =
    variant === 'ace'
      ? newsletter.aceSubscribeUrl
      : variant === 'pharmacy'
        ? newsletter.pharmacySubscribeUrl
        : newsletter.subscribeUrl;
  if (configured) return configured;
  if (!referenceMailingList) return null;
  const base = referenceMailingList.replace(/\/*$/, '/');
  return new URL(`subscribe/${listName(tenant.sitePath, variant)}`, base).toString();
}

/**
 * Where an address leaves a brand's list: the subscribe address's `/subscribe/{list}` as
 * `/unsubscribe/{list}` (the reference mailing list's call, services/mailing-list), or null when
 * the provider's address has no such shape (a provider whose own mails carry its unsubscribe link).
 */
export function unsubscribeAddress(
  tenant: Pick<Tenant, 'sitePath' | 'newsletter'>,
  referenceMailingList: string | null,
  variant: SignupVariant,
): string | null {
  const address = subscribeAddress(tenant, referenceMailingList, variant);
  if (!address) return null;
  const url = new URL(address);
  const match = /^(.*)\/subscribe\/([a-z0-9-]{1,64})\/?$/.exec(url.pathname);
  if (!match) return null;
  url.pathname = `${match[1]}/unsubscribe/${match[2]}`;
  return url.toString();
}

/**
 * The call's address: the subscribe address with its own query kept (a Mailchimp `u` and `id`),
 * the fields given (empty ones left out) and the callback name set.
 */
export function subscribeRequestUrl(
  address: string,
  fields: Record<string, string | undefined>,
  callback: string = CALLBACK_NAME,
): URL {
  const url = new URL(address);
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== '') url.searchParams.set(name, value);
  }
  url.searchParams.set('c', callback);
  return url;
}

/**
 * `/**\/name({...});`, `name({...})`, or Express's `/**\/ typeof name === 'function' &&
 * name({...});`, with `name` the callback we sent: its argument's text; else null.
 */
const JSONP =
  /^(?:\/\*\*\/)?\s*(?:typeof\s+([\w$.]+)\s*===?\s*(['"])function\2\s*&&\s*)?([A-Za-z_$][\w$.]*)\s*\(([\s\S]*)\)\s*;?$/;

/**
 * The provider's reply: `{ result, msg }` from a JSON body or a JSONP one calling `callback`;
 * null when the body is anything else (HTML, another function, a result that is not text).
 */
export function parseProviderReply(
  body: string,
  callback: string = CALLBACK_NAME,
): ProviderReply | null {
  const text = body.trim();
  let json = text;
  if (!text.startsWith('{')) {
    const match = JSONP.exec(text);
    if (!match || match[3] !== callback || (match[1] !== undefined && match[1] !== callback)) {
      return null;
    }
    json = match[4];
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const { result, msg } = value as Record<string, unknown>;
  if (typeof result !== 'string') return null;
  return { result, msg: typeof msg === 'string' ? msg : '' };
}

/**
 * 'success' subscribed; a `msg` that includes 'already subscribed' (any case) is a known address;
 * anything else, or no reply at all, a failure.
 */
export function outcomeOf(reply: ProviderReply | null): SubscribeOutcome {
  if (!reply) return 'failed';
  if (reply.result === 'success') return 'subscribed';
  return /already subscribed/i.test(reply.msg) ? 'already' : 'failed';
}

/** Text for the log: addresses replaced, short, one line. */
export function redacted(text: string): string {
  return text
    .replace(/[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+/g, '[address]')
    .replace(/\s+/g, ' ')
    .slice(0, 200);
}

export interface SubscribeCall {
  /** The list's subscribe address (`subscribeAddress`). */
  address: string;
  /** The provider's query fields (EMAIL, FNAME, …). */
  fields: Record<string, string | undefined>;
  /** For the log (never the address). */
  variant: SignupVariant;
  brand: string;
  timeoutMs?: number;
  /** The provider's key (X-Api-Key), when the brand names one (`newsletter.apiKeyEnv`). */
  apiKey?: string | null;
  /** The shopper's address (X-Shopper-Address), which the provider's per-address limit counts. */
  shopperAddress?: string;
  /** For the log: a sign-up (default) or an unsubscribe call. */
  what?: 'sign-up' | 'unsubscribe';
  /** Sees the provider's reply as read (null: none could be read). */
  onReply?: (reply: ProviderReply | null) => void;
}

/**
 * Calls the provider once and says how it went. Never throws: a refused connection, a timeout,
 * a non-2xx status or a body that is no subscribe reply is a failure, logged without the
 * shopper's address.
 */
export async function subscribe(call: SubscribeCall): Promise<SubscribeOutcome> {
  const timeoutMs = call.timeoutMs ?? PROVIDER_TIMEOUT_MS;
  const where = { brand: call.brand, variant: call.variant };
  const started = Date.now();
  const fail = (reason: string, extra: Record<string, unknown> = {}): SubscribeOutcome => {
    logger.warn(
      { ...where, reason, ms: Date.now() - started, ...extra },
      `newsletter ${call.what ?? 'sign-up'} failed`,
    );
    return 'failed';
  };
  let url: URL;
  try {
    url = subscribeRequestUrl(call.address, call.fields);
  } catch {
    return fail('subscribe address is not a URL');
  }
  let body: string;
  try {
    const response = await request(url, {
      method: 'GET',
      headers: {
        accept: 'application/json, application/javascript;q=0.9, */*;q=0.1',
        ...(call.apiKey ? { 'x-api-key': call.apiKey } : {}),
        ...(call.shopperAddress ? { 'x-shopper-address': call.shopperAddress } : {}),
      },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.statusCode < 200 || response.statusCode >= 300) {
      await response.body.dump().catch(() => undefined);
      return fail('provider answered an error status', { status: response.statusCode });
    }
    body = await readLimited(response.body, MAX_REPLY_BYTES);
  } catch (error) {
    if (error instanceof ReplyTooLong) return fail('reply too long');
    const name = error instanceof Error ? error.name : 'Error';
    const code = (error as { code?: unknown } | null)?.code;
    return fail('provider unreachable or too slow', { error: name, code });
  }
  const reply = parseProviderReply(body);
  call.onReply?.(reply);
  const outcome = outcomeOf(reply);
  if (outcome === 'failed') {
    return fail(reply ? 'provider refused' : 'reply is not a subscribe reply', {
      result: reply?.result,
      msg: reply ? redacted(reply.msg) : undefined,
    });
  }
  logger.info(
    { ...where, outcome, ms: Date.now() - started },
    `newsletter ${call.what ?? 'sign-up'}`,
  );
  return outcome;
}

export type UnsubscribeOutcome = 'unsubscribed' | 'not-subscribed' | 'failed';

/**
 * Takes an address off a list at its unsubscribe address (`unsubscribeAddress`): the same call as
 * a sign-up's (JSON or JSONP, a deadline, never throws), `success` meaning it is off the list and
 * a `msg` with 'not subscribed' that it was not on it.
 */
export async function unsubscribe(
  call: Omit<SubscribeCall, 'fields' | 'what'> & { email: string },
): Promise<UnsubscribeOutcome> {
  let notOnList = false;
  const outcome = await subscribe({
    ...call,
    fields: { EMAIL: call.email },
    what: 'unsubscribe',
    onReply: (reply) => {
      notOnList = !!reply && reply.result !== 'success' && /not subscribed/i.test(reply.msg);
    },
  });
  if (outcome === 'subscribed') return 'unsubscribed';
  return notOnList ? 'not-subscribed' : 'failed';
}
