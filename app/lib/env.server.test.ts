import { describe, expect, it } from 'vitest';
import express from 'express';
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
    [{ TRUST_PROXY: 'yes' }, 'Invalid environment: TRUST_PROXY must be true, false, a hop count'],
    [{ TRUST_PROXY: '10.0.0.1/33' }, 'Invalid environment: TRUST_PROXY'],
    [{ TRUST_PROXY: 'loopback,,10.0.0.0/8' }, 'Invalid environment: TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'Invalid environment: TRUST_PROXY'],
    [{ TRUST_PROXY: '1.5' }, 'Invalid environment: TRUST_PROXY'],
    [{ TRUST_PROXY: 'loopback\nevil' }, 'Invalid environment: TRUST_PROXY'],
  ])('one line for %j', (source, message) => {
    expect(() => parseEnv(source)).toThrow(message);
    try {
      parseEnv(source);
    } catch (e) {
      expect((e as Error).message).not.toContain('\n');
    }
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value?: string) => parseEnv({ TRUST_PROXY: value }).TRUST_PROXY;

  it('takes the values Express takes, as Express wants them', () => {
    expect(trust()).toEqual(['loopback']);
    expect(trust('')).toEqual(['loopback']);
    expect(trust('true')).toBe(true);
    expect(trust('FALSE')).toBe(false);
    // A hop count is a number: the string '1' would be read by Express as the address 0.0.0.1.
    expect(trust('1')).toBe(1);
    expect(trust(' 2 ')).toBe(2);
    expect(trust('0')).toBe(0);
    expect(trust('loopback, 10.0.0.0/8 ,uniquelocal')).toEqual([
      'loopback',
      '10.0.0.0/8',
      'uniquelocal',
    ]);
    expect(trust('192.0.2.1,2001:db8::/32,10.0.0.0/255.0.0.0,linklocal')).toEqual([
      '192.0.2.1',
      '2001:db8::/32',
      '10.0.0.0/255.0.0.0',
      'linklocal',
    ]);
  });

  it('gives Express a value that does what it says', () => {
    const ipOf = (setting: unknown, peer: string, forwardedFor: string) => {
      const app = express();
      app.set('trust proxy', setting);
      const req = Object.create(app.request) as express.Request;
      Object.assign(req, {
        app,
        headers: { 'x-forwarded-for': forwardedFor },
        socket: { remoteAddress: peer },
        connection: { remoteAddress: peer },
      });
      return req.ip;
    };
    // One proxy on 10.1.2.3 appended the client's address to what the client sent.
    expect(ipOf(trust('1'), '10.1.2.3', 'forged, 198.51.100.7')).toBe('198.51.100.7');
    expect(ipOf(trust('10.0.0.0/8'), '10.1.2.3', 'forged, 198.51.100.7')).toBe('198.51.100.7');
    expect(ipOf(trust('false'), '10.1.2.3', 'forged, 198.51.100.7')).toBe('10.1.2.3');
    expect(ipOf(trust('true'), '10.1.2.3', 'forged, 198.51.100.7')).toBe('forged');
    // Not from a trusted address: the forwarded header is not believed.
    expect(ipOf(trust(), '203.0.113.9', '198.51.100.7')).toBe('203.0.113.9');
  });
});
