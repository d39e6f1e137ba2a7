import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEV_LOYALTY_BASIC,
  DEV_LOYALTY_BEARER,
  DEV_LOYALTY_JWT_SECRET,
  LOYALTY_CREDENTIALS_FILE,
  LoyaltyCredentialsError,
  loyaltyServiceCredentials,
} from './credentials';
import { startLoyaltyService } from './index';

const dirs: string[] = [];
function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-credentials-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

const DEV = [DEV_LOYALTY_BASIC, DEV_LOYALTY_BEARER, DEV_LOYALTY_JWT_SECRET];

describe('loyaltyServiceCredentials', () => {
  it('development and tests: the published defaults, nothing written', () => {
    for (const NODE_ENV of ['development', 'test', undefined]) {
      const dir = dataDir();
      const c = loyaltyServiceCredentials({ NODE_ENV }, { dataDir: dir });
      expect([c.basic, c.bearer, c.jwtSecret]).toEqual(DEV);
      expect(c.defaults).toEqual({ basic: true, bearer: true, jwtSecret: true });
      expect(c.generated).toEqual({ basic: false, bearer: false, jwtSecret: false });
      expect(fs.readdirSync(dir)).toEqual([]);
    }
  });

  it('development: values from the environment win', () => {
    const c = loyaltyServiceCredentials(
      { LOYALTY_SERVICE_BASIC: 'me:secret', LOYALTY_SERVICE_BEARER: 'a-token' },
      { dataDir: dataDir() },
    );
    expect([c.basic, c.bearer, c.jwtSecret]).toEqual([
      'me:secret',
      'a-token',
      DEV_LOYALTY_JWT_SECRET,
    ]);
    expect(c.defaults).toEqual({ basic: false, bearer: false, jwtSecret: true });
  });

  it('production with nothing set: random values, kept in the data folder (0600) and reused', () => {
    const dir = dataDir();
    const env = { NODE_ENV: 'production' };
    const first = loyaltyServiceCredentials(env, { dataDir: dir });
    for (const value of [first.basic, first.bearer, first.jwtSecret]) {
      expect(DEV).not.toContain(value);
      expect(value.length).toBeGreaterThanOrEqual(32);
    }
    expect(first.basic).toMatch(/^site:/);
    expect(first.defaults).toEqual({ basic: false, bearer: false, jwtSecret: false });
    expect(first.generated).toEqual({ basic: true, bearer: true, jwtSecret: true });
    const file = path.join(dir, LOYALTY_CREDENTIALS_FILE);
    expect(first.file).toBe(file);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual({
      basic: first.basic,
      bearer: first.bearer,
      jwtSecret: first.jwtSecret,
    });

    // A restart reads the same values: the site and the shoppers' tokens keep working.
    const again = loyaltyServiceCredentials(env, { dataDir: dir });
    expect([again.basic, again.bearer, again.jwtSecret]).toEqual([
      first.basic,
      first.bearer,
      first.jwtSecret,
    ]);
    // Another data folder: other values.
    expect(loyaltyServiceCredentials(env, { dataDir: dataDir() }).bearer).not.toBe(first.bearer);
  });

  it('production: a value set by the operator is used, only the unset ones are generated', () => {
    const dir = dataDir();
    const c = loyaltyServiceCredentials(
      { NODE_ENV: 'production', LOYALTY_SERVICE_BEARER: 'operator-chosen-token' },
      { dataDir: dir },
    );
    expect(c.bearer).toBe('operator-chosen-token');
    expect(c.generated).toEqual({ basic: true, bearer: false, jwtSecret: true });
    const kept = JSON.parse(fs.readFileSync(path.join(dir, LOYALTY_CREDENTIALS_FILE), 'utf8'));
    expect(Object.keys(kept).sort()).toEqual(['basic', 'jwtSecret']);
  });

  it('production: a published development value is refused with one line naming it', () => {
    const cases = [
      ['LOYALTY_SERVICE_BASIC', DEV_LOYALTY_BASIC],
      ['LOYALTY_SERVICE_BEARER', DEV_LOYALTY_BEARER],
      ['LOYALTY_SERVICE_JWT_SECRET', DEV_LOYALTY_JWT_SECRET],
    ] as const;
    for (const [name, value] of cases) {
      const dir = dataDir();
      let error: unknown;
      try {
        loyaltyServiceCredentials({ NODE_ENV: 'production', [name]: value }, { dataDir: dir });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(LoyaltyCredentialsError);
      const message = (error as Error).message;
      expect(message).toMatch(new RegExp(`^${name} is the published development value`));
      expect(message).not.toContain('\n');
      expect(message).not.toContain(value);
      expect(fs.readdirSync(dir)).toEqual([]);
    }
  });

  it('production: a damaged file is refused, not silently replaced', () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, LOYALTY_CREDENTIALS_FILE), '{"basic": "site:');
    expect(() => loyaltyServiceCredentials({ NODE_ENV: 'production' }, { dataDir: dir })).toThrow(
      LoyaltyCredentialsError,
    );
  });

  it('production: the embedded service refuses the development values it is given', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    await expect(
      startLoyaltyService({ dataDir: 'memory://', credentials: { bearer: DEV_LOYALTY_BEARER } }),
    ).rejects.toThrow(LoyaltyCredentialsError);
  });
});
