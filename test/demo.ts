/**
 * The demo shoppers every seeded brand has, for tests: written once, in the reference loyalty
 * service's seed (services/loyalty/credentials.ts), and named here.
 */
import {
  DEMO_SHOPPERS,
  DEMO_UNREGISTERED_PHONE,
  type DemoShopper,
} from '../services/loyalty/credentials';

export { DEMO_SHOPPERS, DEMO_UNREGISTERED_PHONE, type DemoShopper };

const byKey = (key: DemoShopper['key']) => DEMO_SHOPPERS.find((s) => s.key === key)!;

/** Points just under the first reward tier; accepted the current terms. */
export const AVA = byKey('shopper1');
/** Points between tiers; accepted the older terms version. */
export const BEN = byKey('shopper2');
/** Points above the top tier; never accepted terms. */
export const CARA = byKey('shopper3');
