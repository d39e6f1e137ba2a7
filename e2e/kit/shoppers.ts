import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  acceptTermsVersion,
  currentTermsVersion,
  LoyaltyCallError,
  registerCustomer,
  type LoyaltyApi,
} from './loyalty';

/**
 * Shoppers a test makes for itself, so that a test which changes a shopper (clips, account rows,
 * password, charity, terms, home store, failed logins) changes no one another test reads. The
 * demo shoppers (test/demo.ts) keep their seeded history (receipts, points, redeemed coupons):
 * tests only read them.
 */

/** Who signs in: a demo shopper or one a test registered. */
export interface Shopper {
  email: string;
  password: string;
  firstName: string;
}

/** A shopper registered for one test through the loyalty API. */
export interface FreshShopper extends Shopper {
  /** The brand (`<site>.localhost`) the shopper belongs to. */
  site: string;
  lastName: string;
  /** 10 digits. */
  phone: string;
  frqShopperNo: string;
  /** The saved home store ('0': none). */
  myStore: string;
}

export interface NewShopperOptions {
  site: string;
  /** Default 'Fresh'. */
  firstName?: string;
  /**
   * The saved home store: a store number, or null for none. By default the brand's first store
   * a shopper may choose, as the registration form preselects one.
   */
  myStore?: string | null;
  /**
   * Which terms the shopper accepted: the current version (the default: the site's registration
   * records it), the version before it, or none.
   */
  terms?: 'current' | 'older' | 'none';
}

/** The password of every fresh shopper (the service asks for 8 characters or more). */
export const FRESH_PASSWORD = 'Fresh!2026pw';

/**
 * An e-mail and a phone number no one has: random, so two workers, two projects and a rerun on
 * the same data folder never meet (a taken one is answered 409 and drawn again).
 */
export function newShopperDetails(firstName = 'Fresh') {
  const id = crypto.randomUUID().slice(0, 13);
  return {
    firstName,
    lastName: 'Tester',
    email: `${firstName.toLowerCase()}.${id}@example.com`,
    // A leading 2: no demo shopper's number (435…) and a valid area code for the site's forms.
    phone: `2${crypto.randomInt(100_000_000, 1_000_000_000)}`,
    password: FRESH_PASSWORD,
  };
}

/** The tenant file of a brand (the e2e server serves a copy of tenants/). */
function tenantOf(site: string) {
  return JSON.parse(fs.readFileSync(path.join('tenants', `${site}.json`), 'utf8')) as {
    services: { loyalty?: { appId: string } };
  };
}

/** The loyalty appId of a brand. */
export function appIdOf(site: string): string {
  const appId = tenantOf(site).services.loyalty?.appId;
  if (!appId) throw new Error(`${site} names no loyalty appId`);
  return appId;
}

/** The stores a shopper may choose on a brand, in content order. */
export function choosableStores(site: string): { name: string; storeNumber: string }[] {
  const info = JSON.parse(
    fs.readFileSync(path.join('content', site, 'retailer-info.json'), 'utf8'),
  ) as {
    locations: {
      name: string;
      storeNumber: string;
      hidden?: boolean;
      hiddenInHomeSelector?: boolean;
    }[];
  };
  return info.locations.filter((l) => !l.hidden && !l.hiddenInHomeSelector);
}

/** Registers a new shopper on a brand, with the home store and terms asked for. */
export async function registerFreshShopper(
  api: LoyaltyApi,
  options: NewShopperOptions,
): Promise<FreshShopper> {
  const { site, terms = 'current' } = options;
  const appId = appIdOf(site);
  const myStore =
    options.myStore === undefined
      ? (choosableStores(site)[0]?.storeNumber ?? null)
      : options.myStore;
  for (let attempt = 1; ; attempt += 1) {
    const details = newShopperDetails(options.firstName);
    try {
      const customer = await registerCustomer(api, appId, {
        ...details,
        ...(myStore ? { myStore } : {}),
      });
      if (terms !== 'none') {
        const current = await currentTermsVersion(api, appId);
        const version = terms === 'current' ? current : current - 1;
        await acceptTermsVersion(api, appId, customer.FrqShopperNo, version);
      }
      return {
        ...details,
        site,
        frqShopperNo: customer.FrqShopperNo,
        myStore: customer.MyStore,
      };
    } catch (error) {
      const taken = error instanceof LoyaltyCallError && error.status === 409;
      if (!taken || attempt >= 5) throw error;
    }
  }
}
