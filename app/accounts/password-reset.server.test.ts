import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { storeTargets, uniqueAppId } from '@test/stores';
import { createContentService } from '~/content/source/content.server';
import { parseEnv } from '~/lib/env.server';
import { latestMailTo } from '@test/outbox';
import { checkResetToken, consumeResetToken } from './reset-tokens.server';
import { resetTokenAppId, sendPasswordResetEmail } from './password-reset.server';
import { createAccountServices, type AccountServices } from '~/lib/services.server';

const folders: string[] = [];
const opened: AccountServices[] = [];
const content = createContentService({ dir: path.resolve('content') });
afterAll(async () => {
  content.close();
  for (const s of opened) await s.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

describe('resetTokenAppId', () => {
  it("is the brand's loyalty appId, else its site path", () => {
    expect(resetTokenAppId({ sitePath: 'dans', services: { loyalty: { appId: 'dans-1' } } })).toBe(
      'dans-1',
    );
    expect(resetTokenAppId({ sitePath: 'dans', services: {} })).toBe('dans');
  });
});

describe.each(storeTargets())('password reset e-mail end to end on $name', (target) => {
  it('sends a link to the canonical origin whose token is valid once', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'accounts-'));
    folders.push(dataDir);
    const env = parseEnv({
      DATA_DIR: dataDir,
      DATABASE_URL: target.databaseUrl,
      BOT_CHECK_MIN_FILL_MS: '0',
    });
    const services = await createAccountServices(env, 'k'.repeat(40));
    opened.push(services);
    expect(services.siteStore.kind).toBe(target.name);
    expect(services.mailer.kind).toBe('outbox');
    expect(services.limits.store).toBe(target.databaseUrl ? 'postgres' : 'memory');
    if (!target.databaseUrl)
      expect(fs.existsSync(path.join(dataDir, 'site', 'PG_VERSION'))).toBe(true);

    const appId = uniqueAppId('reset-mail');
    const tenant = {
      sitePath: 'corner',
      services: { loyalty: { appId } },
      origin: 'https://shop.corner.example',
      retailerName: 'Corner Market',
      mail: { replyTo: 'care@corner.example' },
      theme: { primary: '#7b3f00', secondary: '#d9822b' },
    };
    const email = 'Kim@Example.com';
    await sendPasswordResetEmail({
      store: services.siteStore,
      mailer: services.mailer,
      content,
      tenant,
      email,
    });

    const mail = await latestMailTo(path.join(dataDir, 'outbox'), 'kim@example.com');
    expect(mail).not.toBeNull();
    expect(mail!.subject).toBe('Reset your password');
    expect(mail!.from).toBe('"Corner Market" <no-reply@shop.corner.example>');
    expect(mail!.replyTo).toBe('care@corner.example');
    const href = /href="([^"]+)"/.exec(mail!.html ?? '')?.[1].replace(/&amp;/g, '&');
    const link = new URL(href!);
    expect(link.origin).toBe('https://shop.corner.example');
    expect(link.pathname).toBe('/reset-password');
    expect(mail!.text).toContain(link.toString());
    const token = link.searchParams.get('token');
    const address = link.searchParams.get('address')!;
    expect(address).toBe(email);

    const input = { appId, email: address, token };
    expect(await checkResetToken(services.siteStore, input)).toBe('valid');
    expect(await consumeResetToken(services.siteStore, input)).toBe(true);
    expect(await checkResetToken(services.siteStore, input)).toBe('invalid');
    await services.siteStore.query('delete from password_reset_tokens where app_id = $1', [appId]);
  });
});
