import { AsyncLocalStorage } from 'node:async_hooks';
import type { z } from 'zod';
import { loyaltyCallErrors } from '@common/metrics.server';
import { LoyaltyError } from '~/lib/loyalty/errors';
import {
  createTransport,
  type HttpMethod,
  type LoyaltyBudget,
  type LoyaltyHttpOptions,
  type LoyaltyRequest,
} from '~/lib/loyalty/http.server';

/**
 * What the client's resource modules share: one call helper (the credential chosen by path, the
 * request's budget, the answer validated against its schema) and the path and wire helpers.
 */

export interface LoyaltyClientConfig extends LoyaltyHttpOptions {
  /** Origin (plus optional path prefix) of the loyalty API. */
  baseUrl: string;
  /** The retailer's identifier in the API (tenant.services.loyalty.appId). */
  appId: string;
  /** Basic credential as `user:password`. */
  basic: string;
  /** Bearer token. */
  bearer: string;
}

/** What a call sends besides its method and path (the helper sets the headers). */
export type CallInit = Omit<LoyaltyRequest, 'method' | 'path' | 'headers'>;

/** One API call whose answer must match `schema`: the answer parsed, or a LoyaltyError (502). */
export type LoyaltyCall = <S extends z.ZodTypeAny>(
  schema: S,
  method: HttpMethod,
  path: string,
  init?: CallInit,
) => Promise<z.output<S>>;

/** What every resource module is built with (see `createClientContext`). */
export interface ClientContext {
  call: LoyaltyCall;
  /** `/loyalty/{appId}`: where the Bearer calls live. */
  app: string;
  /** How the `/AppUsers/*` calls name the app: `?a={appId}`. */
  appQuery: { a: string };
  /** `/loyalty/{appId}/customer/{frqShopperNo}` (the singular resource). */
  customer: (frqShopperNo: string) => string;
  /** `/loyalty/{appId}/customers/{frqShopperNo}` (the plural resource). */
  customers: (frqShopperNo: string) => string;
}

/** The budget of the request whose call is running (set by `withBudget`). */
const requestBudget = new AsyncLocalStorage<LoyaltyBudget>();

/** Runs `fn` so that every call it makes is bounded by what is left of `budget`. */
export function withBudget<T>(budget: LoyaltyBudget, fn: () => T): T {
  return requestBudget.run(budget, fn);
}

/** The transport, credentials and paths of one client, shared by all of its calls. */
export function createClientContext(config: LoyaltyClientConfig): ClientContext {
  const { appId } = config;
  const send = createTransport(config.baseUrl, config);
  const origin = new URL(config.baseUrl).origin;
  const basicHeader = `Basic ${Buffer.from(config.basic, 'utf8').toString('base64')}`;
  const bearerHeader = `Bearer ${config.bearer}`;
  const app = `/loyalty/${seg(appId)}`;

  async function call<S extends z.ZodTypeAny>(
    schema: S,
    method: HttpMethod,
    path: string,
    init: CallInit = {},
  ): Promise<z.output<S>> {
    const authorization = path.startsWith('/AppUsers/') ? basicHeader : bearerHeader;
    const res = await send({
      ...init,
      method,
      path,
      headers: { authorization },
      budget: requestBudget.getStore(),
    });
    const parsed = schema.safeParse(res.body);
    if (!parsed.success) {
      // The transport counted an answer; an answer of the wrong shape is an error all the same.
      loyaltyCallErrors.inc({ origin, kind: 'invalid' });
      const issue = parsed.error.issues[0];
      throw new LoyaltyError(502, null, null, {
        message: `Unexpected response from the loyalty service (${method} ${path}: ${
          issue.path.join('.') || '(root)'
        } ${issue.message}).`,
        cause: parsed.error,
      });
    }
    return parsed.data as z.output<S>;
  }

  return {
    call,
    app,
    appQuery: { a: appId },
    customer: (id) => `${app}/customer/${seg(id)}`,
    customers: (id) => `${app}/customers/${seg(id)}`,
  };
}

/** One encoded path segment. */
export function seg(value: string): string {
  return encodeURIComponent(value);
}

/** Drops undefined values (JSON would drop them too; this keeps intent explicit). */
export function compact<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Ids travel as the API's numbers when they are plain integers, else as strings. */
export function wireId(value: string): string | number {
  return /^[1-9]\d{0,14}$/.test(value) ? Number(value) : value;
}
