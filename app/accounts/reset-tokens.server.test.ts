import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeTargets, uniqueAppId } from '@test/stores';
import { openSiteStore, type SiteStore } from '~/lib/site-store/site-store.server';
import {
  checkResetToken,
  consumeResetToken,
  issueResetToken,
  releaseResetToken,
} from './reset-tokens.server';

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

describe.each(storeTargets())('reset tokens on $name', (target) => {
  let store: SiteStore;
  const appId = uniqueAppId('reset');
  const otherApp = uniqueAppId('reset-other');
  let n = 0;
  /** A fresh address per test: tests share the store. */
  const address = () => `Shopper.${++n}.${appId}@Example.com`;

  beforeAll(async () => {
    store = await openSiteStore({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
  });
  afterAll(async () => {
    await store?.query('delete from password_reset_tokens where app_id in ($1, $2)', [
      appId,
      otherApp,
    ]);
    await store?.close();
  });

  const expire = (token: string) =>
    store.query(
      "update password_reset_tokens set expires_at = now() - interval '1 second' where token_hash = $1",
      [sha256(token)],
    );

  it('issues 256-bit base64url tokens stored only as a hash, for 30 minutes', async () => {
    const email = address();
    const token = await issueResetToken(store, { appId, email });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await store.query<Record<string, unknown>>(
      `select token_hash, app_id, email, used_at,
              extract(epoch from expires_at - created_at)::int as ttl
         from password_reset_tokens where app_id = $1 and email = $2`,
      [appId, email.toLowerCase()],
    );
    expect(rows).toEqual([
      {
        token_hash: sha256(token),
        app_id: appId,
        email: email.toLowerCase(),
        used_at: null,
        ttl: 1800,
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await issueResetToken(store, { appId, email })).not.toBe(token);
  });

  it('is valid for its brand and address only (address case and spaces ignored)', async () => {
    const email = address();
    const token = await issueResetToken(store, { appId, email });
    expect(await checkResetToken(store, { appId, email, token })).toBe('valid');
    expect(await checkResetToken(store, { appId, email: ` ${email.toUpperCase()} `, token })).toBe(
      'valid',
    );
    expect(await checkResetToken(store, { appId, email: address(), token })).toBe('invalid');
    expect(await checkResetToken(store, { appId: otherApp, email, token })).toBe('invalid');
    expect(await consumeResetToken(store, { appId: otherApp, email, token })).toBe(false);
    expect(await consumeResetToken(store, { appId, email: address(), token })).toBe(false);
    expect(await checkResetToken(store, { appId, email, token })).toBe('valid');
  });

  it('rejects missing, malformed and unknown tokens without an error', async () => {
    const email = address();
    await issueResetToken(store, { appId, email });
    for (const token of [null, undefined, '', 'short', `${'a'.repeat(42)}!`, 'x'.repeat(500)]) {
      expect(await checkResetToken(store, { appId, email, token })).toBe('invalid');
      expect(await consumeResetToken(store, { appId, email, token })).toBe(false);
    }
    const unknown = crypto.randomBytes(32).toString('base64url');
    expect(await checkResetToken(store, { appId, email, token: unknown })).toBe('invalid');
    const token = await issueResetToken(store, { appId, email });
    expect(await checkResetToken(store, { appId, email: '', token })).toBe('invalid');
  });

  it('expires after its time', async () => {
    const email = address();
    const token = await issueResetToken(store, { appId, email });
    await expire(token);
    expect(await checkResetToken(store, { appId, email, token })).toBe('invalid');
    expect(await consumeResetToken(store, { appId, email, token })).toBe(false);
    await releaseResetToken(store, { appId, email, token }); // no resurrection either
    expect(await checkResetToken(store, { appId, email, token })).toBe('invalid');
  });

  it('can be used once, even by concurrent requests', async () => {
    const email = address();
    const token = await issueResetToken(store, { appId, email });
    const results = await Promise.all(
      Array.from({ length: 8 }, () => consumeResetToken(store, { appId, email, token })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await checkResetToken(store, { appId, email, token })).toBe('invalid');
    expect(await consumeResetToken(store, { appId, email, token })).toBe(false);
  });

  it('leaves earlier tokens valid until one is used, which cancels the others', async () => {
    const email = address();
    const first = await issueResetToken(store, { appId, email });
    const second = await issueResetToken(store, { appId, email });
    const otherBrand = await issueResetToken(store, { appId: otherApp, email });
    expect(await checkResetToken(store, { appId, email, token: first })).toBe('valid');
    expect(await checkResetToken(store, { appId, email, token: second })).toBe('valid');

    expect(await consumeResetToken(store, { appId, email, token: first })).toBe(true);
    expect(await checkResetToken(store, { appId, email, token: second })).toBe('invalid');
    expect(await consumeResetToken(store, { appId, email, token: second })).toBe(false);
    // Another brand's token for the same address is its own business.
    expect(await checkResetToken(store, { appId: otherApp, email, token: otherBrand })).toBe(
      'valid',
    );
  });

  it('can be released after a failed reset and used again', async () => {
    const email = address();
    const token = await issueResetToken(store, { appId, email });
    expect(await consumeResetToken(store, { appId, email, token })).toBe(true);
    await releaseResetToken(store, { appId, email, token });
    expect(await checkResetToken(store, { appId, email, token })).toBe('valid');
    expect(await consumeResetToken(store, { appId, email, token })).toBe(true);
  });

  it('purges expired rows when a token is issued', async () => {
    const email = address();
    const old = await issueResetToken(store, { appId, email });
    await expire(old);
    await issueResetToken(store, { appId, email: address() });
    expect(
      await store.query('select 1 from password_reset_tokens where token_hash = $1', [sha256(old)]),
    ).toEqual([]);
  });
});
