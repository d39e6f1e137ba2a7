import * as s from '~/lib/loyalty/schemas';
import type {
  CallOptions,
  Customer,
  CustomerChanges,
  CustomerQuery,
  RegisterRequest,
} from '~/lib/loyalty/types';
import { compact, wireId, type ClientContext } from './shared.server';
import { isChoosable } from './subscriptions.server';

/** The shopper's record: registration, update, lookup. */
export function customerCalls({ call, app, customer }: ClientContext) {
  return {
    /** 4. Creates an account. 409 (code 21/22) when the e-mail or phone is taken. */
    async register(payload: RegisterRequest): Promise<Customer> {
      return call(s.customerSchema, 'POST', `${app}/customer/register`, {
        body: compact({
          ...payload,
          rewardSubscriptions: payload.rewardSubscriptions?.map(wireId),
        }),
      });
    },

    /**
     * 5. Updates an account with only the changed fields: those of `changes` that differ from
     * `options.previous` (all of them without a previous record). A birthday is sent with
     * `updateBirthday: true`. Returns the updated record (city and state follow the zip). A zip
     * cleared (where a brand makes it optional) carries the record's city and state, which the
     * service would otherwise clear with it: the shopper removed a zip, not their town.
     */
    async updateCustomer(
      frqShopperNo: string,
      changes: CustomerChanges,
      options: { previous?: Customer | null } = {},
    ): Promise<Customer> {
      const fields = changedFields(options.previous ?? null, changes);
      const body: Record<string, unknown> = { frqShopperNo, ...fields };
      if (fields.rewardSubscriptions)
        body.rewardSubscriptions = fields.rewardSubscriptions.map(wireId);
      if (fields.birthday !== undefined) body.updateBirthday = true;
      const previous = options.previous;
      if (fields.zip === '' && previous && (previous.city || previous.state)) {
        body.city = previous.city ?? '';
        body.state = previous.state ?? '';
      }
      return call(s.customerSchema, 'PUT', customer(frqShopperNo), { body });
    },

    /** 13. User information by shopper number, phone or e-mail; null when none matches. */
    async getCustomer(query: CustomerQuery, options: CallOptions = {}): Promise<Customer | null> {
      const keys = Object.entries(query).filter(([, v]) => v !== undefined);
      if (keys.length !== 1) throw new TypeError('getCustomer takes exactly one query key');
      const r = await call(s.customerLookupSchema, 'GET', `${app}/customer`, {
        query: Object.fromEntries(keys) as Record<string, string>,
        signal: options.signal,
      });
      return Array.isArray(r) ? null : (r as Customer);
    },
  };
}

/** The previous record's value of an update field (the record names some fields differently). */
function previousValue(previous: Customer, key: keyof CustomerChanges): unknown {
  switch (key) {
    case 'email':
      return previous.emailAddress;
    case 'zip':
      return previous.zipCode;
    case 'myStore':
      return previous.myStore;
    case 'rewardSubscriptions':
      // The record also lists the fixed 'Ecommerce User' entry, which is never a choice.
      return previous.rewardSubscriptions.filter(isChoosable).map((r) => r.rewardSubscriptionId);
    default:
      return previous[key];
  }
}

function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === undefined || v === null ? '' : v);
  const x = norm(a);
  const y = norm(b);
  if (Array.isArray(x) && Array.isArray(y)) {
    return x.length === y.length && x.every((v, i) => String(v) === String(y[i]));
  }
  return x === y;
}

/**
 * The fields of `next` to send: those set and, with a previous record, different from it (an
 * update carries the shopper number plus only the changed fields).
 */
export function changedFields(previous: Customer | null, next: CustomerChanges): CustomerChanges {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof CustomerChanges)[]) {
    const value = next[key];
    if (value === undefined) continue;
    if (previous && same(previousValue(previous, key), value)) continue;
    out[key] = value;
  }
  return out as CustomerChanges;
}
