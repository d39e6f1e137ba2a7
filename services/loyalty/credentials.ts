/**
 * The credentials the reference loyalty service expects (development defaults, or in production
 * values of the operator's or generated ones), and the demo shoppers every seeded brand has. This
 * module imports only Node's own modules, so the site can read these values without loading the
 * service (PGlite, pg).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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
  /** Which values were generated into `file` (production with the variable unset). */
  generated: { basic: boolean; bearer: boolean; jwtSecret: boolean };
  /** `<DATA_DIR>/loyalty-credentials.json` when a value was generated (absent for memory://). */
  file?: string;
}

type Key = 'basic' | 'bearer' | 'jwtSecret';

const KEYS: readonly { key: Key; name: string; dev: string; generate: () => string }[] = [
  {
    key: 'basic',
    name: 'LOYALTY_SERVICE_BASIC',
    dev: DEV_LOYALTY_BASIC,
    generate: () => `site:${crypto.randomBytes(24).toString('base64url')}`,
  },
  {
    key: 'bearer',
    name: 'LOYALTY_SERVICE_BEARER',
    dev: DEV_LOYALTY_BEARER,
    generate: () => crypto.randomBytes(32).toString('base64url'),
  },
  {
    key: 'jwtSecret',
    name: 'LOYALTY_SERVICE_JWT_SECRET',
    dev: DEV_LOYALTY_JWT_SECRET,
    generate: () => crypto.randomBytes(48).toString('base64url'),
  },
];

/** The file, under the data folder, that keeps the values generated in production. */
export const LOYALTY_CREDENTIALS_FILE = 'loyalty-credentials.json';

/** A configuration the service refuses to start with; the message is one line for the operator. */
export class LoyaltyCredentialsError extends Error {
  name = 'LoyaltyCredentialsError';
}

export interface CredentialOptions {
  /** The data folder (`DATA_DIR`, default `.data`) that keeps generated values. */
  dataDir?: string;
  /** Default: `env.NODE_ENV === 'production'`. */
  production?: boolean;
}

/**
 * The credentials from the environment. In development and tests an unset variable falls back to
 * its published development default. In production the published values are refused (they are
 * in this repository, so anyone could call the API or forge a shopper's token with them): a
 * variable set to one stops the start with a LoyaltyCredentialsError, and an unset one gets a
 * random value generated once into `<dataDir>/loyalty-credentials.json` (mode 0600) and reused on
 * every restart, as the site's session secret is.
 */
export function loyaltyServiceCredentials(
  env: Record<string, string | undefined> = process.env,
  options: CredentialOptions = {},
): LoyaltyServiceCredentials {
  const production = options.production ?? env.NODE_ENV === 'production';
  const dataDir = options.dataDir ?? env.DATA_DIR ?? '.data';
  const values = {} as Record<Key, string>;
  const generated = { basic: false, bearer: false, jwtSecret: false };
  const unset: (typeof KEYS)[number][] = [];
  for (const spec of KEYS) {
    const value = env[spec.name];
    if (!value) {
      if (production) unset.push(spec);
      else values[spec.key] = spec.dev;
      continue;
    }
    if (production && value === spec.dev) {
      throw new LoyaltyCredentialsError(
        `${spec.name} is the published development value, refused with NODE_ENV=production: ` +
          `set a value of your own, or unset it to have one generated into ` +
          `${path.join(dataDir, LOYALTY_CREDENTIALS_FILE)}.`,
      );
    }
    values[spec.key] = value;
  }
  let file: string | undefined;
  if (unset.length) {
    const kept = generatedCredentials(dataDir, unset);
    file = kept.file;
    for (const spec of unset) {
      values[spec.key] = kept.values[spec.key]!;
      generated[spec.key] = true;
    }
  }
  return {
    ...values,
    defaults: {
      basic: values.basic === DEV_LOYALTY_BASIC,
      bearer: values.bearer === DEV_LOYALTY_BEARER,
      jwtSecret: values.jwtSecret === DEV_LOYALTY_JWT_SECRET,
    },
    generated,
    ...(file ? { file } : {}),
  };
}

/**
 * The generated values the file keeps, adding the ones asked for that it lacks. A file that is
 * not JSON is refused rather than replaced: replacing the JWT secret would sign every shopper
 * out, and replacing the others would lock out a site configured with the old values.
 */
function generatedCredentials(
  dataDir: string,
  wanted: readonly (typeof KEYS)[number][],
): { values: Partial<Record<Key, string>>; file?: string } {
  const values: Partial<Record<Key, string>> = {};
  // An in-memory data folder (tests) keeps nothing: fresh values for this process.
  if (dataDir.startsWith('memory://')) {
    for (const spec of wanted) values[spec.key] = spec.generate();
    return { values };
  }
  const file = path.resolve(dataDir, LOYALTY_CREDENTIALS_FILE);
  let text: string | null = null;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    // first start in production: generated below
  }
  if (text !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new LoyaltyCredentialsError(
        `${file} is not valid JSON: restore it, or remove it to generate new loyalty credentials.`,
      );
    }
    if (parsed && typeof parsed === 'object') {
      for (const spec of KEYS) {
        const value = (parsed as Record<string, unknown>)[spec.key];
        if (typeof value === 'string' && value.length >= 16 && value !== spec.dev) {
          values[spec.key] = value;
        }
      }
    }
  }
  const missing = wanted.filter((spec) => !values[spec.key]);
  if (missing.length) {
    for (const spec of missing) values[spec.key] = spec.generate();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written whole and renamed into place: a crash never leaves half a file.
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, `${JSON.stringify(values, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(temporary, file);
  }
  return { values, file };
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
