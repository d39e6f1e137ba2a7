/**
 * Development defaults of the credentials the reference loyalty service expects, and the demo
 * shoppers every seeded brand has. This module imports nothing, so the site can read these values
 * without loading the service (PGlite, pg).
 */

/** `user:password` of the Basic credential for `/AppUsers/*` calls (env `LOYALTY_SERVICE_BASIC`). */
export const DEV_LOYALTY_BASIC = 'site:dev-loyalty-basic';
/** Bearer token for `/loyalty/{appId}/*` calls (env `LOYALTY_SERVICE_BEARER`). */
export const DEV_LOYALTY_BEARER = 'dev-loyalty-bearer-token';
/** HS256 secret of the shopper JWTs the service issues (env `LOYALTY_SERVICE_JWT_SECRET`). */
export const DEV_LOYALTY_JWT_SECRET = 'dev-loyalty-jwt-secret-not-for-production-use';

export interface LoyaltyServiceCredentials {
  /** `user:password` expected in the Basic header. */
  basic: string;
  /** Token expected in the Bearer header. */
  bearer: string;
  /** HS256 secret for the JWTs returned at login. */
  jwtSecret: string;
  /** Which values are the development defaults (safe to print); the others must never be printed. */
  defaults: { basic: boolean; bearer: boolean; jwtSecret: boolean };
}

/** The credentials from the environment, each falling back to its development default. */
export function loyaltyServiceCredentials(
  env: Record<string, string | undefined> = process.env,
): LoyaltyServiceCredentials {
  const basic = env.LOYALTY_SERVICE_BASIC || DEV_LOYALTY_BASIC;
  const bearer = env.LOYALTY_SERVICE_BEARER || DEV_LOYALTY_BEARER;
  const jwtSecret = env.LOYALTY_SERVICE_JWT_SECRET || DEV_LOYALTY_JWT_SECRET;
  return {
    basic,
    bearer,
    jwtSecret,
    defaults: {
      basic: basic === DEV_LOYALTY_BASIC,
      bearer: bearer === DEV_LOYALTY_BEARER,
      jwtSecret: jwtSecret === DEV_LOYALTY_JWT_SECRET,
    },
  };
}

export interface DemoShopper {
  key: 'shopper1' | 'shopper2' | 'shopper3';
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** 10 digits. */
  phone: string;
}

/** The demo shoppers seeded for every appId (same credentials in every brand). */
export const DEMO_SHOPPERS: readonly DemoShopper[] = [
  {
    key: 'shopper1',
    email: 'ava.shopper@example.com',
    password: 'Shopper1!pass',
    firstName: 'Ava',
    lastName: 'Thompson',
    phone: '4355550101',
  },
  {
    key: 'shopper2',
    email: 'ben.shopper@example.com',
    password: 'Shopper2!pass',
    firstName: 'Ben',
    lastName: 'Martinez',
    phone: '4355550102',
  },
  {
    key: 'shopper3',
    email: 'cara.shopper@example.com',
    password: 'Shopper3!pass',
    firstName: 'Cara',
    lastName: 'Nguyen',
    phone: '4355550103',
  },
];

/** The seeded record with a phone and no e-mail or password (the registration upgrade path). */
export const DEMO_UNREGISTERED_PHONE = '8015550199';
