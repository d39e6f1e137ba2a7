import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.server';

describe('parseEnv', () => {
  it('applies defaults', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('.data');
    expect(env.NODE_ENV).toBe('development');
  });
  it('treats empty strings as unset', () => {
    expect(parseEnv({ PORT: '', LOYALTY_API_URL: '' }).PORT).toBe(3000);
  });
  it.each([
    [{ PORT: 'abc' }, 'Invalid environment: PORT'],
    [{ PORT: '70000' }, 'Invalid environment: PORT'],
    [
      { SESSION_SECRET: 'short' },
      'Invalid environment: SESSION_SECRET must be at least 32 characters',
    ],
    [{ LOYALTY_API_URL: 'not a url' }, 'Invalid environment: LOYALTY_API_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'Invalid environment: DATABASE_URL must be a postgres'],
    [{ SMTP_URL: 'http://x' }, 'Invalid environment: SMTP_URL must be an smtp'],
    [{ NODE_ENV: 'staging' }, 'Invalid environment: NODE_ENV'],
  ])('one line for %j', (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
    try {
      parseEnv(source);
    } catch (e) {
      expect((e as Error).message).not.toContain('\n');
    }
  });
});
